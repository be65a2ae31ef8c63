import Synchronization
import Testing

@testable import SpeechAudio

/// Earcons that come with words (a boundary sound and the item said) start with the words'
/// first sample: played on their own first, they were written a mixer's lead (40 ms) ahead of
/// the clock, and the words were mixed only after them.
@Suite("Words with their sounds", .timeLimit(.minutes(5)))
struct WordsWithSoundsTests {
    @Test("the sounds start where the words start, at once, with nothing written before them")
    func soundsStartWithTheWords() async throws {
        let sink = CaptureSink(realtime: true)
        let pipeline = try await SpeechPipeline(sink: sink)
        let placed = Mutex<[(utterance: UInt64, frame: UInt64)]>([])
        let sounds = Mutex(0)
        pipeline.mixer.setObserver(
            MixerObserver(
                firstEarconSample: { _ in sounds.withLock { $0 += 1 } },
                overlayStarted: { utterance, frame in placed.withLock { $0.append((utterance, frame)) } }))
        let utterance = pipeline.enqueue("Top of the list", priority: .interrupt, under: [.boundary])
        await pipeline.waitUntilIdle()
        let starts = placed.withLock { $0 }
        // Both sounds at the words' first frame, the timeline's first: nothing went before them.
        #expect(starts.count == 1)
        #expect(starts.first?.utterance == utterance)
        #expect(starts.first?.frame == 0)
        #expect(sounds.withLock { $0 } == 1)
        // The sound is in what was heard from the first sample on: the start differs from
        // the words alone.
        let alone = try await synthesize("Top of the list")
        let heard = sink.samples
        let span = AudioFormat.frames(milliseconds: 30)
        #expect(heard.count > span && alone.count > span)
        if heard.count > span, alone.count > span { #expect(Array(heard[0..<span]) != Array(alone[0..<span])) }
        await pipeline.finish()
    }

    @Test("sounds with nothing to say are played at once, not kept for words that never come")
    func soundsWithoutWords() async throws {
        let pipeline = try await SpeechPipeline(sink: CaptureSink(realtime: true))
        let sounds = Mutex(0)
        pipeline.mixer.setObserver(MixerObserver(firstEarconSample: { _ in sounds.withLock { $0 += 1 } }))
        pipeline.enqueue("   ", priority: .interrupt, under: [.boundary, .wrap])
        await pipeline.waitUntilIdle()
        #expect(sounds.withLock { $0 } == 2)
        await pipeline.finish()
    }

    @Test("a capital letter's sound starts with the letter, and a small letter has none")
    func capitalLetterSound() async throws {
        var settings = SpeechSettings()
        settings.capitals = .earcon
        let pipeline = try await SpeechPipeline(sink: CaptureSink(realtime: true), settings: settings)
        let placed = Mutex<[UInt64]>([])
        let sounds = Mutex(0)
        pipeline.mixer.setObserver(
            MixerObserver(
                firstEarconSample: { _ in sounds.withLock { $0 += 1 } },
                overlayStarted: { utterance, _ in placed.withLock { $0.append(utterance) } }))
        let capital = pipeline.enqueue("B", priority: .interrupt)
        await pipeline.waitUntilIdle()
        pipeline.enqueue("b", priority: .interrupt)
        await pipeline.waitUntilIdle()
        #expect(placed.withLock { $0 } == [capital])
        #expect(sounds.withLock { $0 } == 1)
        await pipeline.finish()
    }
}

