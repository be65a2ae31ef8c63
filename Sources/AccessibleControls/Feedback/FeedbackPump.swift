import TextSafety

/// The one long-lived task that hands feedback to speech and the screen, in the order it was
/// produced. Keys are handled synchronously on the main actor; their feedback is queued here,
/// so a focus change never races an earlier utterance (no `Task {}` per key).
public final class FeedbackPump: Sendable {
    enum Item: Sendable {
        case feedback(Feedback)
        /// Words with the earcons that came just before them, heard from their first sample.
        case words(String, SpeechPriority, under: [Earcon])
        /// A frame; `whole` draws all of it, whatever the screen thinks the terminal shows.
        case canvas(Canvas, whole: Bool)
        /// A word for a sound, printed in line mode ("[no action]").
        case word(String)
        /// Work that must happen between two feedback items (a test looking at what was said).
        case work(@Sendable () async -> Void)
    }

    private let continuation: AsyncStream<Item>.Continuation
    private let task: Task<Void, Never>

    /// - Parameter words: where line mode prints the words for sounds, in order with the
    ///   utterances; nil prints none.
    public init(speech: any SpeechOutput, screen: any Screen, words: LineSpeech? = nil) {
        let (stream, continuation) = AsyncStream<Item>.makeStream()
        self.continuation = continuation
        task = Task {
            for await item in stream {
                switch item {
                case .feedback(.speak(let text, let priority)): await speech.speak(text, priority: priority)
                case .words(let text, let priority, let earcons): await speech.speak(text, priority: priority, under: earcons)
                case .feedback(.earcon(let earcon)): await speech.play(earcon)
                case .feedback(.glance(let glance)): await speech.play(glance)
                case .feedback(.hush): await speech.stop()
                case .feedback(.clipboard(let text)): screen.setClipboard(text)
                case .feedback(.configure(let settings)):
                    // What could not be used (a sound pack's bad file) is said before the next words.
                    for problem in await speech.configure(settings) { await speech.speak(Sanitizer.clean(problem, for: .line), priority: .important) }
                case .feedback(.redraw), .feedback(.event), .feedback(.soundWord): break
                case .word(let text): words?.show(text)
                case .canvas(let canvas, let whole):
                    if whole { screen.invalidate() }
                    await screen.present(canvas)
                case .work(let work): await work()
                }
            }
        }
    }

    /// Queues feedback; `.redraw` and `.event` are for the screen loop and are skipped here.
    /// Earcons followed by a key's answer (interrupting words), with nothing else heard
    /// between them, go with those words (a boundary sound and the item): played on their own
    /// they would be written a mixer's lead ahead, and the words would wait behind them. Words
    /// that queue (an announcement, an important message) may wait behind other speech, so
    /// their sounds play at once, to tell now that something came.
    public func send(_ feedback: [Feedback]) {
        var earcons: [Earcon] = []
        func playAlone() {
            for earcon in earcons { continuation.yield(.feedback(.earcon(earcon))) }
            earcons = []
        }
        for item in feedback {
            switch item {
            case .earcon(let earcon):
                earcons.append(earcon)
                continue
            case .speak(let text, .interrupt) where !earcons.isEmpty:
                continuation.yield(.words(text, .interrupt, under: earcons))
                earcons = []
                continue
            case .redraw, .event, .soundWord, .clipboard, .configure:
                // Sounds waiting for the next words stay with them: after a configure, they
                // are heard in the new sound pack and volume, as the words are.
                break
            case .speak, .glance, .hush:
                playAlone()
            }
            continuation.yield(.feedback(item))
        }
        playAlone()
    }

    /// Queues a word for a sound, printed in its turn.
    public func print(_ word: String) {
        continuation.yield(.word(word))
    }

    /// Runs `work` after what is queued and before what comes next.
    public func inOrder(_ work: @escaping @Sendable () async -> Void) {
        continuation.yield(.work(work))
    }

    /// Queues a frame. `redrawingAll` draws every cell of it (after a resize), in its turn:
    /// forgetting the screen at once could fall between frames queued before it.
    public func present(_ canvas: Canvas, redrawingAll: Bool = false) {
        continuation.yield(.canvas(canvas, whole: redrawingAll))
    }

    /// Lets everything queued be said, then ends the task.
    public func finish() async {
        continuation.finish()
        await task.value
    }
}
