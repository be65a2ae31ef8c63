import AccessibleControls

/// The practice loop: one stream of inputs (keys from the terminal's reader thread, and ticks
/// from one ticker task) handled in order on the main actor; feedback goes out through the
/// pump, in order; the terminal is restored however the loop ends.
@MainActor
final class PracticeRunner {
    enum Input: Sendable {
        case key(KeyEvent)
        case tick
        case inputEnded
    }

    let settings: ControlSettings
    let keypadStyle: Keypad.EntryStyle
    let line: Bool
    let speech: any SpeechOutput

    init(settings: ControlSettings, keypadStyle: Keypad.EntryStyle, line: Bool, speech: any SpeechOutput) {
        self.settings = settings
        self.keypadStyle = keypadStyle
        self.line = line
        self.speech = speech
    }

    func run() async throws {
        let terminal = try Terminal.open(mode: line ? .line : .fullScreen)
        defer { terminal.restore() }

        let screen: any Screen = line ? NoScreen() : ANSIScreen()
        let pump = FeedbackPump(speech: speech, screen: screen)
        let gallery = PracticeGallery(settings: settings, keypadStyle: keypadStyle)
        let navigator = Navigator(root: gallery.menu(), settings: settings)

        let (inputs, continuation) = AsyncStream<Input>.makeStream()
        terminal.startReading(onEvent: { continuation.yield(.key($0)) }, onEnd: { continuation.yield(.inputEnded) })
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                continuation.yield(.tick)
            }
        }

        func output(_ feedback: [Feedback], forceRedraw: Bool = false) {
            pump.send(feedback)
            guard !line, forceRedraw || feedback.contains(.redraw) || feedback.contains(where: \.isSpeech) else { return }
            let size = terminal.size
            pump.present(navigator.draw(width: size.width, height: size.height, now: .now))
        }

        output(navigator.start(now: .now), forceRedraw: true)
        var lastSecond = -1
        loop: for await input in inputs {
            switch input {
            case .key(let event):
                output(navigator.handle(event, now: .now))
            case .tick:
                let now = ContinuousClock.now
                // A screen that shows a clock (the busy indicator) is redrawn once a second.
                let feedback = navigator.tick(now: now)
                let busy = navigator.current.focus.focused is BusyIndicator
                let thisSecond = Int((now - startTime).components.seconds)
                output(feedback, forceRedraw: busy && thisSecond != lastSecond)
                lastSecond = thisSecond
            case .inputEnded:
                break loop
            }
            if navigator.isFinished { break }
        }
        ticker.cancel()
        terminal.stopReading()
        await pump.finish()
    }

    private let startTime = ContinuousClock.now
}

extension Feedback {
    var isSpeech: Bool {
        if case .speak = self { true } else { false }
    }
}
