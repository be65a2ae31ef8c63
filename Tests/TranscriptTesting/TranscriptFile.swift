import Foundation
import Testing

/// Compares with `Tests/Transcripts/<name>.txt`; with RECORD_TRANSCRIPTS=1, writes it instead.
/// The transcripts sit outside the test target's folder so SwiftPM does not take them for
/// unhandled resources.
public func assertTranscript(_ text: String, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) throws {
    // Tests/<Target>/File.swift or Tests/<Target>/Support/File.swift: find Tests/ above it.
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.lastPathComponent != "Tests", directory.path != "/" { directory.deleteLastPathComponent() }
    directory.appendPathComponent("Transcripts")
    let file = directory.appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["RECORD_TRANSCRIPTS"] == "1" {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no transcript \(name).txt: run with RECORD_TRANSCRIPTS=1 and review it", sourceLocation: sourceLocation)
        return
    }
    if expected != text {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(a, b)).firstIndex { $0 != $1 } ?? min(a.count, b.count)
        let was = line < a.count ? String(a[line]) : "(end)"
        let now = line < b.count ? String(b[line]) : "(end)"
        Issue.record("transcript \(name).txt differs at line \(line + 1):\n  expected: \(was)\n  actual:   \(now)", sourceLocation: sourceLocation)
    }
}
