import Foundation

// libFuzzer's entry point. One executable holds every harness (one build and one link
// instead of nine); `scripts/fuzz NAME` picks one through LOOWI_FUZZ_TARGET.

let selectedHarness: Harness = {
    let name = ProcessInfo.processInfo.environment["LOOWI_FUZZ_TARGET"] ?? ""
    guard let harness = Harness.all.first(where: { $0.name == name }) else {
        let names = Harness.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("loowi-fuzz: set LOOWI_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return harness
}()

/// What libFuzzer calls with each input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    selectedHarness.run(bytes)
    return 0
}
