import AccessibleControls
import FoundationEssentials
import LoowiSupport
import SpeechAudio
import Synchronization
import TweetEngine

extension AppBenchmarks {
    /// `stream_event_to_sound_ms`: from a mention event written on a real loopback socket to the
    /// first sample of its sound at a real-time sink, through everything a user's event goes
    /// through: libcurl, the SSE parser, `liveUpdates` (its driver and state machine), the
    /// app's `LiveUpdates` and `Announcer`, the feedback pump and the mixer. Target p99 ≤ 50 ms.
    ///
    /// The home timeline comes from the in-process engine (as in `buffer_switch_ms`): it is
    /// loaded, so each mention goes into a live app with 200 posts; only the stream is real.
    ///
    /// The announcer plays one sound per kind in any 2 seconds, so back-to-back mentions would
    /// mostly be silent. The app's clock (only the announcer's and ticks' time, not the
    /// measurement's) is moved on 3 seconds before each event: every sample is the first
    /// mention after a quiet spell, the case the sound exists for, and the path measured is
    /// the one a user's event takes. The events themselves come 15 to 45 ms apart, so some
    /// arrive while the previous sound still plays.
    @MainActor
    /// With `webSocket`, the same path over a WebSocket-only server: SSE's 404, the upgrade, and
    /// the frame codec instead of the SSE parser.
    /// `patience`: how many seconds a sound (or the stream's opening) may take before the run
    /// fails; tests on a loaded machine give more than the bench's 3.
    public static func streamEventToSound(
        iterations: Int, state folder: URL, webSocket: Bool = false, patience: UInt64 = 3
    ) async throws -> [Double] {
        let server = try LoopbackEventServer(webSocket: webSocket)
        defer { server.stop() }
        let firstSounds = Mutex<[UInt64]>([])
        let pipeline = try await SpeechPipeline(sink: CaptureSink(realtime: true, keepSamples: false), settings: LoowiConfig().speechSettings)
        pipeline.mixer.setObserver(MixerObserver(firstEarconSample: { nanos in firstSounds.withLock { $0.append(nanos) } }))
        let clock = SkippingClock()
        let (core, pump) = try await liveApp(on: server, speaking: pipeline, state: folder, now: { clock.now }, patience: patience)
        // The state machine hears "connected" and the first sound loads: one warm-up event.
        var samples: [Double] = []
        for index in -1..<iterations {
            clock.skip(.seconds(3))
            firstSounds.withLock { $0.removeAll() }
            let start = try server.send(event: "notification", data: mentionJSON(index + 2))
            guard let heard = await SpeechBenchmark.waitFor(seconds: patience, { firstSounds.withLock { $0.first { $0 >= start } } }) else {
                throw BenchmarkError("mention \(index + 2) made no sound within \(patience) seconds")
            }
            if index >= 0 { samples.append(Double(heard &- start) / 1_000_000) }
            try await Task.sleep(for: .milliseconds(15 + (index & 3) * 10))
        }
        core.stopLiveUpdates()
        await pump.finish()
        // What the app still has to say (the timeline read at start, each mention's words)
        // is not measured: hushed, not played to the end in real time (30 s of speech).
        await pipeline.stop()
        await pipeline.finish()
        return samples
    }

    /// The app with 200 posts in home (the in-process engine) and live updates open on
    /// `server`'s real loopback stream, speaking through `pipeline`: what both live benchmarks
    /// measure from.
    @MainActor
    static func liveApp(
        on server: LoopbackEventServer, speaking pipeline: SpeechPipeline, state folder: URL,
        now: @escaping () -> ContinuousClock.Instant = { .now }, patience: UInt64 = 5
    ) async throws -> (AppCore, FeedbackPump) {
        let pump = FeedbackPump(speech: pipeline, screen: NoScreen())
        let core = AppCore(
            engine: EngineBenchmarks.inProcessEngine(posts: 1000), config: LoowiConfig(),
            drafts: DraftStore(file: folder.appendingPathComponent("drafts.json")), now: now)
        core.deliver = { pump.send($0) }
        let streaming = TweetEngine(transport: CurlTransport.shared, tokenStore: InMemoryTokenStore())
        streaming.use(Credentials(server: server.baseURL, accessToken: "benchmark", username: "bench"))
        core.liveSource = { streaming.liveUpdates(since: $0) }
        pump.send(core.start())
        await core.settle()
        guard core.live != nil else { throw BenchmarkError("live updates did not start with the home timeline") }
        let opened = ContinuousClock.now + .seconds(max(5, patience))
        while !server.isStreaming, ContinuousClock.now < opened { try await Task.sleep(for: .milliseconds(5)) }
        guard server.isStreaming else { throw BenchmarkError("the user stream was not opened") }
        return (core, pump)
    }

    /// A mention as Mastodon sends it on the user stream (about 2 KB), each with its own ids.
    static func mentionJSON(_ n: Int) -> String {
        let account = """
            {"id":"7","username":"grace","acct":"grace@example.social","display_name":"Grace Hopper","locked":false,"bot":false,\
            "created_at":"2024-03-01T00:00:00.000Z","note":"<p>Compilers, and the odd nanosecond.</p>",\
            "url":"https://example.social/@grace","avatar":"https://example.social/a.png","avatar_static":"https://example.social/a.png",\
            "header":"https://example.social/h.png","header_static":"https://example.social/h.png",\
            "followers_count":120,"following_count":80,"statuses_count":900,"emojis":[],"fields":[]}
            """
        let status = """
            {"id":"\(900_000 + n)","created_at":"2026-01-01T12:00:00.000Z","in_reply_to_id":null,"in_reply_to_account_id":null,\
            "sensitive":false,"spoiler_text":"","visibility":"public","language":"en",\
            "uri":"https://example.social/users/grace/statuses/\(900_000 + n)","url":"https://example.social/@grace/\(900_000 + n)",\
            "replies_count":0,"reblogs_count":0,"favourites_count":0,"favourited":false,"reblogged":false,"muted":false,"bookmarked":false,\
            "content":"<p><span class=\\"h-card\\"><a href=\\"https://bench.example/@bench\\" class=\\"u-url mention\\">@<span>bench</span></a></span> \
            Are you coming to the market on Saturday? Number \(n).</p>",\
            "reblog":null,"account":\(account),"media_attachments":[],\
            "mentions":[{"id":"1","username":"bench","acct":"bench","url":"https://bench.example/@bench"}],\
            "tags":[],"emojis":[],"card":null,"poll":null}
            """
        return """
            {"id":"\(500_000 + n)","type":"mention","created_at":"2026-01-01T12:00:00.000Z","account":\(account),"status":\(status)}
            """
    }
}

/// The app's clock for the benchmark: real time, moved on by hand so that the announcer's
/// 2-second spacing has always passed.
private final class SkippingClock: Sendable {
    private let offset = Mutex<Duration>(.zero)
    var now: ContinuousClock.Instant { ContinuousClock.now + offset.withLock { $0 } }
    func skip(_ duration: Duration) { offset.withLock { $0 += duration } }
}
