import AccessibleControls
import FoundationEssentials
import LoowiSupport
import SpeechAudio
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// The app's own benchmarks, each run by `loowi bench` in a fresh child process so that it
/// measures what a user gets: a process that has just started, or one holding 1000 posts.
///
/// - `cold_start_to_first_sample_ms`: from spawning loowi to the first sample of the home
///   timeline's speech at the sink, with a warm cache (200 posts). Target p50 ≤ 30 ms.
/// - `rss_1000_posts_mib`: resident memory with the home timeline and four people's timelines
///   open (5 × 200 posts), eSpeak NG loaded. Target ≤ 30 MiB.
/// - `buffer_switch_ms`: a switch to a loaded buffer, key to sentence. Target p99 ≤ 5 ms.
public enum AppBenchmarks {
    /// Writes a warm cache of 200 posts, as a previous session would have left it.
    public static func writeWarmCache(to file: URL) async throws {
        let page = try await EngineBenchmarks.inProcessEngine(posts: 200).homeTimeline(upTo: 200)
        try PrivateFile.write(try StatusArchive.encode(page.items), to: file)
    }

    /// The child's side of the cold start: start the app as `loowi` does (without a terminal)
    /// and write `first-sample` on standard output when the timeline's speech reaches the sink.
    /// The parent times from spawn to that line. With a `server` (a `BenchmarkHTTPServer`) the
    /// timeline comes over HTTP through libcurl; with `device`, speech goes to the sound device.
    @MainActor
    public static func coldStartChild(cache file: URL, state folder: URL, server: URL?, device: Bool) async throws -> Never {
        let config = LoowiConfig()
        // The app's own order (`InteractiveApp.run`): the cache read ahead, then the pipeline
        // (the voice checked and loaded, the device opened alongside). The voices are kept
        // beside the cache, as the app keeps them: the uncounted first start writes them.
        let cache = TimelineCache(file: file).readingAhead()
        let pipeline = try await InteractiveApp.makePipeline(
            config: config, wavPath: nil, sink: device ? nil : CaptureSink(realtime: true, keepSamples: false),
            voiceMemo: VoiceMemoFile(folder: file.deletingLastPathComponent()))
        pipeline.mixer.setObserver(
            MixerObserver(firstSpeechSample: { _, heard in
                // Told when the sample will be heard, which is later than its handing over
                // when other audio (the start's sound) is ahead of it.
                let now = MonotonicClock.nanoseconds()
                if heard > now { usleep(UInt32(min(heard - now, 1_000_000_000) / 1_000)) }
                StandardStreams.writeOutput("first-sample\n")
                // _exit: the timeline may still be loading libcurl on another thread, and
                // exit's handlers (OpenSSL's cleanup) would race it and crash.
                _exit(0)
            }))
        let core = AppCore(
            engine: engine(server: server), config: config,
            drafts: DraftStore(file: folder.appendingPathComponent("drafts.json")), cache: cache)
        let pump = FeedbackPump(speech: pipeline, screen: NoScreen())
        pump.send(core.start())
        try await Task.sleep(for: .seconds(10))
        StandardStreams.writeError("no speech within 10 seconds\n")
        exit(1)
    }

    /// The child's side of the memory benchmark: resident mebibytes (MiB) with 1000 posts loaded,
    /// read from `server` when given and spoken to the sound device with `device`, as above.
    @MainActor
    public static func memoryChild(state folder: URL, server: URL?, device: Bool) async throws -> Double {
        let config = LoowiConfig()
        let sink: AudioSink = device ? DeviceSink(applicationName: "loowi bench", description: "loowi benchmark") : NullSink()
        let pipeline = try await SpeechPipeline(sink: sink, settings: config.speechSettings)
        let engine = engine(server: server)
        let core = AppCore(engine: engine, config: config, drafts: DraftStore(file: folder.appendingPathComponent("drafts.json")))
        let pump = FeedbackPump(speech: pipeline, screen: NoScreen())
        core.deliver = { pump.send($0) }
        pump.send(core.start())
        await core.settle()
        guard let home = core.navigator.current.focus.controls.first as? Wheel, home.count == 200 else {
            throw BenchmarkError("the home timeline did not load 200 posts")
        }
        // Four people's timelines opened as buffers, as after opening authors from the home timeline.
        let authors = try await engine.homeTimeline(upTo: 40).items.map(\.displayed.account)
        var seen = Set<String>()
        for author in authors where seen.insert(author.id).inserted && seen.count <= 4 {
            pump.send(core.navigator.perform(core.open(.timeline(of: author)), now: .now))
            await core.settle()
        }
        let screens = [core.buffers.screen(.home)].compactMap { $0 } + core.buffers.opened.map(\.screen)
        let loaded = screens.compactMap { ($0.screen.focus.controls.first as? Wheel)?.count }.reduce(0, +)
        guard loaded == 1000 else { throw BenchmarkError("loaded \(loaded) posts, not 1000") }
        await pump.finish()
        await pipeline.waitUntilIdle()
        return residentMebibytes()
    }

    private static func engine(server: URL?) -> TweetEngine {
        server.map(EngineBenchmarks.loopbackEngine(server:)) ?? EngineBenchmarks.inProcessEngine(posts: 1000)
    }

    /// `buffer_switch_ms`: how long the key that switches to a loaded buffer takes, from the
    /// key to the sentence ready for speech (Home, Favourites and Bookmarks, 200 posts each,
    /// in turn). No request may be made: a sample that waits on the server is an error.
    @MainActor
    public static func bufferSwitch(iterations: Int, state folder: URL) async throws -> [Double] {
        let core = AppCore(
            engine: EngineBenchmarks.inProcessEngine(posts: 1000), config: LoowiConfig(),
            drafts: DraftStore(file: folder.appendingPathComponent("drafts.json")))
        _ = core.start()
        await core.settle()
        let keys: [Key] = [.character("6"), .character("7"), .character("1")]
        for key in keys {
            _ = core.handle(.key(key))
            await core.settle()
        }
        guard core.buffers.screen(.favourites) != nil, core.buffers.screen(.bookmarks) != nil else {
            throw BenchmarkError("the favourites and bookmarks buffers did not load")
        }
        var samples: [Double] = []
        for index in 0..<iterations {
            let start = ContinuousClock.now
            let feedback = core.handle(.key(keys[index % keys.count]))
            let elapsed = ContinuousClock.now - start
            guard !core.isWaiting, feedback.contains(where: { if case .speak = $0 { true } else { false } }) else {
                throw BenchmarkError("switching to a loaded buffer did not speak at once")
            }
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return samples
    }

    /// `timeline_10000_merge_ms`: a page of 60 posts (40 new, 20 already held) merged above
    /// 10 000 cached posts, as a refresh on a long-kept buffer does. Linear in the posts held
    /// (one set of ids each way), so 10 000 must stay far under a key's millisecond budget.
    public static func merge10000(iterations: Int) async throws -> [Double] {
        let all = try await EngineBenchmarks.inProcessEngine(posts: 10_040).homeTimeline(upTo: 10_040).items
        guard all.count == 10_040 else { throw BenchmarkError("the merge benchmark got \(all.count) posts, not 10 040") }
        let held = Array(all[40...])
        let page = Array(all[..<60])
        var samples: [Double] = []
        for _ in 0..<max(1, iterations) {
            let start = ContinuousClock.now
            let merged = BufferPaging.merging(newer: page, above: held, id: \.id)
            let elapsed = ContinuousClock.now - start
            guard merged.items.count == 10_040, merged.arrived == 40 else {
                throw BenchmarkError("the merge kept \(merged.items.count) posts and counted \(merged.arrived) new")
            }
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        return samples
    }

    /// Resident mebibytes; -1 where /proc cannot be read.
    static func residentMebibytes() -> Double {
        ResidentMemory.kibibytes().map { Double($0) / 1024 } ?? -1
    }
}

public struct BenchmarkError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
