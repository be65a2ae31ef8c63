import AccessibleControls
import FoundationEssentials
import Glibc
import SpeechAudio
import TweetEngine

extension AppBenchmarks {
    /// `idle_wakeups_per_5s`: how often the app's threads are switched in during 5 seconds in
    /// which nothing happens: the home timeline loaded, live updates open on a real loopback
    /// stream that sends nothing, the speech pipeline on the bench's sink, everything said. Every
    /// thread's voluntary and involuntary context switches are summed from /proc (the
    /// measuring task's own wake at the end counts too). Goal: at most 2.
    @MainActor
    public static func idleWakeups(sink: AudioSink, state folder: URL) async throws -> Int {
        let server = try LoopbackEventServer(webSocket: false)
        defer { server.stop() }
        let pipeline = try await SpeechPipeline(sink: sink, settings: LoowiConfig().speechSettings)
        let (core, pump) = try await liveApp(on: server, speaking: pipeline, state: folder)
        // Nothing left to say or to settle: the timeline's first words hushed, a second to rest.
        await pipeline.stop()
        await pipeline.waitUntilIdle()
        try await Task.sleep(for: .seconds(1))
        let before = contextSwitches()
        try await Task.sleep(for: .seconds(5))
        let after = contextSwitches()
        core.stopLiveUpdates()
        await pump.finish()
        await pipeline.finish()
        return after - before
    }

    /// Every thread's context switches so far, voluntary and not, threads that ended included
    /// (`getrusage`; summing `/proc/self/task` loses what an ended thread counted).
    static func contextSwitches() -> Int {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return usage.ru_nvcsw + usage.ru_nivcsw
    }
}
