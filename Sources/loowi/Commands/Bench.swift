import FoundationEssentials
import LoowiSupport
import LoowiApp
import SpeechAudio
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

extension Loowi {
    struct Bench: Command {
        static let info = CommandInfo(
            name: "bench",
            abstract: "Run loowi's benchmarks and print the results.",
            discussion:
                "Targets: key_to_first_sample_ms p99 <= 5, long_post_key_to_first_sample_ms p99 <= 5, interrupt_to_silence_ms p99 <= 5, timeline_200_decode_ms p50 <= 10, timeline_200_requests = 5, cold_start_to_first_sample_ms p50 <= 30, rss_1000_posts_mib <= 30, buffer_switch_ms p99 <= 5, stream_event_to_sound_ms p99 <= 50 (stream_event_to_sound_websocket_ms too), post_speech_tags_emoji_us p99 < 1000. Speech is timed at a PulseAudio null sink when one can be had (audio_sink); the cold start and the memory are measured in fresh processes that read the timeline over HTTP from a server on 127.0.0.1 through libcurl and speak to that sink.",
            parameters: [
                .flag("json", help: "Print one JSON object whose keys name the measurements."),
                .option("iterations", help: "Repetitions of each latency measurement.", default: "200"),
                .option("starts", help: "Fresh processes started for the cold-start measurement.", default: "15"),
                // The measured side of the process benchmarks, run by the parent in a fresh process.
                .option("child", help: "", hidden: true),
                .option("cache", help: "", hidden: true),
                // The children's server (the parent's `BenchmarkHTTPServer`).
                .option("server", help: "", hidden: true),
                // The children speak to the sound device rather than to a sink in the process.
                .flag("device", help: "", hidden: true),
                // A command the children run under, split at spaces: callgrind, for
                // `scripts/make-link-order`. Their timings then mean nothing.
                .option("child-prefix", help: "", hidden: true),
            ])

        var json: Bool
        var iterations: Int
        var starts: Int
        var child: String?
        var cache: String?
        var server: String?
        var device: Bool
        var childPrefix: String?

        init(_ values: ArgumentValues) throws {
            json = values.flag("json")
            iterations = try values.int("iterations") ?? 200
            starts = try values.int("starts") ?? 15
            child = values.string("child")
            cache = values.string("cache")
            server = values.string("server")
            device = values.flag("device")
            childPrefix = values.string("child-prefix")
        }

        func run() async throws {
            if let child { return try await runChild(child) }
            guard iterations > 0, starts > 0 else { throw UsageError("--iterations and --starts must be at least 1.") }
            let audio = BenchAudio.open()
            defer { audio.close() }
            let speech = try await SpeechBenchmark.run(iterations: iterations, sink: audio.sink)
            let timeline = try await EngineBenchmarks.timeline200(iterations: max(10, iterations / 4))
            let server = try BenchmarkHTTPServer(posts: 1000)
            defer { server.stop() }
            let children = ChildProcessBench(
                server: server.baseURL, device: audio.library != "none",
                prefix: childPrefix.map { $0.split(separator: " ").map(String.init) } ?? [])
            let coldStart = try await children.coldStarts(count: starts)
            let memory = try children.memory()
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-bench-\(getpid())")
            defer { try? FileManager.default.removeItem(at: state) }
            let bufferSwitch = try await AppBenchmarks.bufferSwitch(iterations: max(30, iterations), state: state)
            let streamEvent = try await AppBenchmarks.streamEventToSound(iterations: iterations, state: state)
            let socketEvent = try await AppBenchmarks.streamEventToSound(iterations: iterations, state: state, webSocket: true)
            let merge = try await AppBenchmarks.merge10000(iterations: max(10, iterations / 4))
            let postSpeech = try EngineBenchmarks.postSpeechTagsEmoji(iterations: max(1000, iterations * 5))
            let wordListRead = try EngineBenchmarks.wordListFirstRead(iterations: max(20, iterations / 4))
            let idleWakeups = try await AppBenchmarks.idleWakeups(sink: audio.sink, state: state)
            let results: [(String, Summary)] = [
                ("key_to_first_sample_ms", Summary(speech.keyToFirstSampleMilliseconds)),
                ("long_post_key_to_first_sample_ms", Summary(speech.longPostKeyToFirstSampleMilliseconds)),
                ("interrupt_to_silence_ms", Summary(speech.interruptToSilenceMilliseconds)),
                ("timeline_200_decode_ms", Summary(timeline.decodeMilliseconds)),
                ("cold_start_to_first_sample_ms", Summary(coldStart)),
                ("buffer_switch_ms", Summary(bufferSwitch)),
                ("stream_event_to_sound_ms", Summary(streamEvent)),
                ("stream_event_to_sound_websocket_ms", Summary(socketEvent)),
                ("timeline_10000_merge_ms", Summary(merge)),
            ]
            // Microseconds, not milliseconds: a post's words cost far less than a millisecond.
            let micro: [(String, Summary)] = [
                ("post_speech_tags_emoji_us", Summary(postSpeech)), ("wordlist_first_read_us", Summary(wordListRead)),
            ]
            if json {
                var object: [String: BenchField] = Dictionary(uniqueKeysWithValues: (results + micro).map { ($0.0, .summary($0.1.json)) })
                object["audio_sink"] = .text(audio.name)
                object["audio_library"] = .text(audio.library)
                object["process_benchmarks"] = .text(children.description)
                object["timeline_200_requests"] = .integer(timeline.requests)
                object["rss_1000_posts_mib"] = .number(memory.rounded3)
                object["idle_wakeups_per_5s"] = .integer(idleWakeups)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(object), as: UTF8.self))
            } else {
                for (name, summary) in results {
                    print(
                        "\(name): p50 \(summary.p50.formatted2) ms, p99 \(summary.p99.formatted2) ms, max \(summary.max.formatted2) ms (\(summary.count) samples)"
                    )
                }
                for (name, summary) in micro {
                    print(
                        "\(name): p50 \(summary.p50.formatted2) µs, p99 \(summary.p99.formatted2) µs, max \(summary.max.formatted2) µs (\(summary.count) samples)"
                    )
                }
                print("audio_sink: \(audio.name)")
                print("audio_library: \(audio.library)")
                print("process_benchmarks: \(children.description)")
                print("timeline_200_requests: \(timeline.requests)")
                print("rss_1000_posts_mib: \(memory.formatted2) MiB")
                print("idle_wakeups_per_5s: \(idleWakeups)")
            }
        }

        private var serverURL: URL? { server.flatMap { URL(string: $0) } }

        private func runChild(_ kind: String) async throws {
            let state = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-bench-\(getpid())")
            defer { try? FileManager.default.removeItem(at: state) }
            switch kind {
            case "cold-start":
                guard let cache else { throw UsageError("--cache is needed") }
                try await AppBenchmarks.coldStartChild(cache: URL(fileURLWithPath: cache), state: state, server: serverURL, device: device)
            case "memory":
                print(try await AppBenchmarks.memoryChild(state: state, server: serverURL, device: device))
            default:
                throw UsageError("unknown benchmark child \(kind)")
            }
        }
    }
}

/// Percentiles of a set of timings, by nearest rank.
struct Summary {
    let sorted: [Double]

    init(_ values: [Double]) { sorted = values.sorted() }

    var count: Int { sorted.count }
    var p50: Double { percentile(50) }
    var p99: Double { percentile(99) }
    var max: Double { sorted.last ?? 0 }

    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }

    var json: SummaryJSON { SummaryJSON(p50: p50.rounded3, p99: p99.rounded3, max: max.rounded3, samples: count) }
}

struct SummaryJSON: Encodable {
    let p50: Double
    let p99: Double
    let max: Double
    let samples: Int
}

/// One field of `loowi bench --json`.
enum BenchField: Encodable {
    case summary(SummaryJSON)
    case number(Double)
    case integer(Int)
    case text(String)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .summary(let summary): try container.encode(summary)
        case .number(let number): try container.encode(number)
        case .integer(let integer): try container.encode(integer)
        case .text(let text): try container.encode(text)
        }
    }
}

extension Double {
    var rounded3: Double { (self * 1000).rounded() / 1000 }
    var formatted2: String { fixed(2) }
}
