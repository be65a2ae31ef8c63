import AccessibleControls
import Foundation
import SpeechAudio
import TweetEngine

/// The app's loop: one stream of inputs (keys from the terminal's reader thread, ticks from
/// one ticker task, answers from the server) handled in order on the main actor; feedback
/// goes out through one pump, in order; the terminal is restored however the loop ends.
@MainActor
final class AppRunner {
    enum Input: Sendable {
        case key(KeyEvent)
        case tick
        case inputEnded
    }

    let launch: AppLaunch
    let speech: any SpeechOutput
    let pipeline: SpeechPipeline?

    init(launch: AppLaunch, speech: any SpeechOutput, pipeline: SpeechPipeline?) {
        self.launch = launch
        self.speech = speech
        self.pipeline = pipeline
    }

    func run() async throws {
        let line = launch.config.display == .line
        let keymap = try launch.config.keymap()
        let terminal = try Terminal.open(mode: line ? .line : .fullScreen)
        defer { terminal.restore() }

        let screen: any Screen = line ? NoScreen() : ANSIScreen()
        let pump = FeedbackPump(speech: speech, screen: screen)
        let core = AppCore(engine: launch.engine, config: launch.config, keymap: keymap, drafts: DraftStore(paths: launch.paths))
        var settings = core.settings

        func output(_ feedback: [Feedback], forceRedraw: Bool = false) {
            pump.send(feedback)
            if core.settings != settings {
                settings = core.settings
                pump.send(apply(settings, core: core))
            }
            guard !line, forceRedraw || feedback.contains(.redraw) || feedback.contains(where: \.isSpeech) else { return }
            let size = terminal.size
            pump.present(core.navigator.draw(width: size.width, height: size.height, now: .now))
        }
        core.deliver = { output($0) }

        let (inputs, continuation) = AsyncStream<Input>.makeStream()
        terminal.startReading(onEvent: { continuation.yield(.key($0)) }, onEnd: { continuation.yield(.inputEnded) })
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                continuation.yield(.tick)
            }
        }

        output(core.start(), forceRedraw: true)
        var lastSecond = -1
        let startTime = ContinuousClock.now
        loop: for await input in inputs {
            switch input {
            case .key(let event):
                output(core.handle(event))
            case .tick:
                let now = ContinuousClock.now
                // A screen that shows a clock (the busy indicator) is redrawn once a second.
                let feedback = core.tick()
                let busy = core.navigator.current.focus.focused is BusyIndicator
                let thisSecond = Int((now - startTime).components.seconds)
                output(feedback, forceRedraw: busy && thisSecond != lastSecond)
                lastSecond = thisSecond
            case .inputEnded:
                break loop
            }
            if core.isFinished { break }
        }
        ticker.cancel()
        terminal.stopReading()
        await pump.finish()
    }

    /// Rate and verbosity changed with keys: the voice follows at once, and the change is
    /// kept for next time.
    private func apply(_ settings: ControlSettings, core: AppCore) -> [Feedback] {
        core.adopt(settings)
        if let pipeline {
            var speechSettings = pipeline.settings
            speechSettings.rate = settings.wordsPerMinute
            Task { try? await pipeline.update(speechSettings) }
        }
        do {
            try ConfigFile(paths: launch.paths).persist([.rate, .verbosity, .positions], from: core.config)
            return []
        } catch {
            return [.earcon(.softError), .speak(core.strings(.settingNotSaved, error.description), .announcement)]
        }
    }
}

extension Feedback {
    var isSpeech: Bool {
        if case .speak = self { true } else { false }
    }
}
