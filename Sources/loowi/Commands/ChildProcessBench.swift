import FoundationEssentials
import LoowiSupport
import LoowiApp

#if canImport(Glibc)
    import Glibc
#endif

/// Runs loowi itself in fresh processes for the benchmarks that must include start-up or
/// measure a whole process's memory: reading the timeline from `server` over HTTP, and
/// speaking to the sound device when `device` (the benchmark's null sink, by `PULSE_SINK`).
struct ChildProcessBench: CustomStringConvertible {
    let server: URL
    let device: Bool
    /// A command each child runs under, such as callgrind for `scripts/make-link-order`; empty
    /// for a measurement.
    var prefix: [String] = []

    /// What `process_benchmarks` reports: also the prefix, whose timings are not a measurement.
    var description: String {
        "HTTP on 127.0.0.1 through libcurl, " + (device ? "speech to the sound device" : "speech to a sink in the process")
            + (prefix.isEmpty ? "" : ", each child under " + prefix.joined(separator: " "))
    }

    private var childOptions: [String] { ["--server", server.absoluteString] + (device ? ["--device"] : []) }

    static var executable: URL { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath() }

    /// Milliseconds from spawning `loowi bench --child cold-start` to its `first-sample` line.
    func coldStarts(count: Int) async throws -> [Double] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-coldstart-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("home.json")
        try await AppBenchmarks.writeWarmCache(to: cache)
        var timings: [Double] = []
        // The first start warms the page cache for the binary and eSpeak's data, as any start
        // after the first does on a user's machine; it is not counted.
        for run in 0...count {
            let (output, elapsed) = try spawn(["bench", "--child", "cold-start", "--cache", cache.path] + childOptions, until: "first-sample")
            guard output.contains("first-sample") else { throw BenchmarkFailure("cold start child said: \(output)") }
            if run > 0 { timings.append(elapsed) }
        }
        return timings
    }

    func memory() throws -> Double {
        let (output, _) = try spawn(["bench", "--child", "memory"] + childOptions, until: nil)
        guard let mebibytes = Double(output.trimmed()) else {
            throw BenchmarkFailure("memory child said: \(output)")
        }
        return mebibytes
    }

    /// Starts loowi with `arguments`; returns its output and the milliseconds until `marker`
    /// appeared (or until it ended).
    private func spawn(_ arguments: [String], until marker: String?) throws -> (String, Double) {
        let start = ContinuousClock.now
        let child = try ChildProcess.spawn(prefix + [Self.executable.path] + arguments, output: .pipe, error: .null)
        guard let reader = child.output else { throw BenchmarkFailure("no pipe from the child") }
        defer { close(reader) }
        var output: [UInt8] = []
        var elapsed: Duration?
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = retryingInterrupted { chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) } }
            guard count > 0 else { break }
            output.append(contentsOf: chunk[..<count])
            if let marker, elapsed == nil, String(decoding: output, as: UTF8.self).contains(marker) {
                elapsed = ContinuousClock.now - start
            }
        }
        child.wait()
        let total = elapsed ?? (ContinuousClock.now - start)
        return (String(decoding: output, as: UTF8.self), Double(total.components.attoseconds) / 1e15 + Double(total.components.seconds) * 1000)
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
