import Foundation
import Testing

@testable import SpeechAudio

@Suite("Interrupts and priorities", .timeLimit(.minutes(5)))
struct PriorityTests {
    @Test("an announcement waits until the current utterance has been said in full")
    func announcementQueues() async throws {
        let fullLength = try await synthesize("Reply, button").count + (try await synthesize("New post from Ada").count)
        let sink = CaptureSink()
        let log = UtteranceLog()
        let pipeline = try await SpeechPipeline(sink: sink)
        pipeline.mixer.setObserver(log.observer)
        let first = pipeline.enqueue("Reply, button", priority: .interrupt)
        let second = pipeline.enqueue("New post from Ada", priority: .announcement)
        await pipeline.finish()
        #expect(log.order == [first, second])
        // Nothing was cut: both were said in full (eSpeak NG's pauses vary a little).
        #expect(Double(sink.samples.count) > Double(fullLength) * 0.95)
    }

    @Test("an interrupt stops speech at once and flushes the device")
    func interruptStops() async throws {
        let fullLength = try await synthesize(longText).count
        let sink = CaptureSink(realtime: true)
        let log = UtteranceLog()
        let pipeline = try await SpeechPipeline(sink: sink)
        pipeline.mixer.setObserver(log.observer)
        let long = pipeline.enqueue(longText, priority: .interrupt)
        #expect(await log.waitForStart(of: long))
        let short = pipeline.enqueue("Boost, button", priority: .interrupt)
        #expect(await log.waitForStart(of: short))
        await pipeline.finish()
        let shortLength = try await synthesize("Boost, button").count
        // Judged by where the mixer flushed the device, not by how long anything took: the
        // long utterance was cut there, and after it only the short one was written (150 ms of
        // leeway for the blocks in flight and the mixer's lead; the long one is seconds more).
        let cut = try #require(sink.flushedAt.first)
        #expect(cut < fullLength)
        #expect(sink.samples.count - cut <= shortLength + AudioFormat.frames(milliseconds: 150), "cut at \(cut), \(sink.samples.count) written")
        #expect(log.silenceCount >= 1)
    }

    @Test("hush silences everything, important messages too")
    func hush() async throws {
        let sink = CaptureSink(realtime: true)
        let log = UtteranceLog()
        let pipeline = try await SpeechPipeline(sink: sink)
        pipeline.mixer.setObserver(log.observer)
        let error = pipeline.enqueue(longText, priority: .important)
        #expect(await log.waitForStart(of: error))
        await pipeline.stop()
        await pipeline.finish()
        // After the flush the hush asked for, nothing of the message was written, however
        // long the pipeline took to finish.
        let hushedAt = try #require(sink.flushedAt.first)
        #expect(sink.samples.count - hushedAt < AudioFormat.frames(milliseconds: 60))
    }

    @Test("an interrupt drops queued announcements")
    func interruptDropsAnnouncements() async throws {
        let log = UtteranceLog()
        let pipeline = try await SpeechPipeline(sink: CaptureSink(realtime: true))
        pipeline.mixer.setObserver(log.observer)
        let reading = pipeline.enqueue(longText, priority: .interrupt)
        let announcement = pipeline.enqueue("New post from Grace", priority: .announcement)
        #expect(await log.waitForStart(of: reading))
        let focus = pipeline.enqueue("Refresh, button", priority: .interrupt)
        await pipeline.finish()
        #expect(log.order == [reading, focus])
        #expect(!log.started(announcement))
    }

    @Test("an important message is never dropped by an interrupt")
    func importantSurvives() async throws {
        let log = UtteranceLog()
        let sink = CaptureSink(realtime: true)
        let pipeline = try await SpeechPipeline(sink: sink)
        pipeline.mixer.setObserver(log.observer)
        let error = pipeline.enqueue("The server is not answering.", priority: .important)
        let focus = pipeline.enqueue("Reply, button", priority: .interrupt)
        await pipeline.finish()
        #expect(log.order == [error, focus])
        let errorLength = try await synthesize("The server is not answering.").count
        let focusLength = try await synthesize("Reply, button").count
        // eSpeak NG's lengths drift by up to about 70 ms between runs in one process (other tests
        // synthesise too); a dropped or cut message would lose far more than 150 ms.
        #expect(sink.samples.count >= errorLength + focusLength - AudioFormat.frames(milliseconds: 150),
            "heard \(sink.samples.count), the two alone \(errorLength + focusLength)")
    }
}
