import Synchronization
import Testing

@testable import AccessibleControls

@MainActor @Suite("Rendering", .timeLimit(.minutes(5))) struct RenderingTests {
    @Test func canvasCleansAndClipsText() {
        var canvas = Canvas(width: 8, height: 2)
        canvas.write("ab\u{1B}[2Jcdefghijk", row: 0)
        canvas.write("x", row: 5)
        #expect(canvas.lines == ["abcdefgh", ""])
    }

    @Test func screenMarksFocusWithATextMarkerAndInverseNotColourAlone() {
        let toolbar = Toolbar(fourth: .button(Button(id: "send", label: "Send")))
        let focus = FocusManager(
            title: "Compose", controls: [TextField(id: "t", label: "Text", text: "hi"), Button(id: "ok", label: "OK")] + toolbar.controls)
        let canvas = ScreenRenderer.draw(focus, toolbar: toolbar, width: 60, height: 8, now: .now)
        #expect(
            canvas.lines == [
                "Compose",
                "",
                ">> Text: hi|",
                "   [ OK ]",
                "", "", "",
                // An empty slot draws nothing (issue 39, item 7).
                " [ Back ]       [ Info ]                      [ Send ]",
            ])
        #expect(canvas.cells[2][0].style == .focused)
        #expect(canvas.cells[2][59].style == .focused)
        #expect(canvas.cells[3][3].style == .normal)
    }

    @Test func focusedToolbarSlotIsMarked() {
        let toolbar = Toolbar()
        let focus = FocusManager(title: "T", controls: toolbar.controls)
        let canvas = ScreenRenderer.draw(focus, toolbar: toolbar, width: 40, height: 3, now: .now)
        #expect(canvas.lines[2] == ">[ Back ]  [ Info ]")
        #expect(canvas.cells[2][0].style == .focused)
        #expect(canvas.cells[2][11].style == .bright)
    }

    /// Issue 39, item 7: at 80 columns compose's counter was cut to "Characters left: 5" for
    /// 500; a text longer than its quarter packs the slots instead, and nothing is cut.
    @Test func aToolbarTextLongerThanItsSlotIsNotCut() {
        let counter = Label(id: "left", label: "", text: "Characters left: 500")
        let toolbar = Toolbar(third: .label(counter), fourth: .button(Button(id: "send", label: "Send")))
        let focus = FocusManager(title: "New post", controls: [TextField(id: "t", label: "Text", text: "")] + toolbar.controls)
        let canvas = ScreenRenderer.draw(focus, toolbar: toolbar, width: 80, height: 4, now: .now)
        #expect(canvas.lines[3].contains("Characters left: 500"), "\(canvas.lines[3])")
        #expect(canvas.lines[3].hasSuffix("[ Send ]"))
    }

    @Test func ansiIsWhiteOnBlackWithInverseFocus() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.write("ab", row: 0)
        canvas.write(">c", row: 1, style: .focused)
        let ansi = ANSIScreen.render(canvas)
        #expect(
            ansi
                == "\u{1B}[?25l\u{1B}[H\u{1B}[0;97;40mab \r\n\u{1B}[0;1;7;97;40m>c\u{1B}[0;97;40m \u{1B}[0m"
        )
    }

    @Test func recordingScreenKeepsTheLastCanvas() async {
        let screen = RecordingScreen()
        var canvas = Canvas(width: 2, height: 1)
        canvas.write("ok", row: 0)
        await screen.present(canvas)
        #expect(screen.lastCanvas?.lines == ["ok"])
    }
}

@Suite("Feedback pump", .timeLimit(.minutes(5))) struct FeedbackPumpTests {
    @Test func deliversInOrderAndSkipsScreenOnlyValues() async {
        let speech = RecordingSpeech()
        let screen = RecordingScreen()
        let pump = FeedbackPump(speech: speech, screen: screen)
        pump.send([.earcon(.focus), .say("Reply, button"), .redraw, .event(ControlEvent("x", .activated))])
        pump.send([.speak("New post", .announcement), .hush])
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("done", row: 0)
        pump.present(canvas)
        await pump.finish()
        #expect(speech.transcript == ["sound: focus", "say: Reply, button", "say (queued): New post", "hush"])
        #expect(screen.lastCanvas?.lines == ["done"])
    }

    /// Earcons just before a key's answer go with it (heard from its first sample); an earcon
    /// with no words after it, before a glance or a hush, or before words that queue (an
    /// announcement may wait behind other speech) is played on its own, at once.
    @Test func earconsGoWithTheAnswerThatFollowsThem() async {
        let speech = SpeechSpy()
        let pump = FeedbackPump(speech: speech, screen: RecordingScreen())
        pump.send([.earcon(.boundary), .soundWord(.end), .redraw, .say("Last post")])
        pump.send([.earcon(.wrap), .earcon(.focus), .say("Reply, button"), .say("Again")])
        pump.send([.earcon(.newPost), .speak("New post from Grace", .announcement)])
        pump.send([.earcon(.ready)])
        pump.send([.earcon(.error), .hush, .say("Stopped")])
        await pump.finish()
        #expect(
            speech.calls == [
                "say: Last post under boundary", "say: Reply, button under wrap focus", "say: Again",
                "sound: new-post", "say (queued): New post from Grace", "sound: ready", "sound: error", "hush", "say: Stopped",
            ])
    }

    /// A new voice is set between the utterance before it and its preview after it.
    @Test func workRunsBetweenWhatWasSentBeforeAndAfter() async {
        let speech = RecordingSpeech()
        let pump = FeedbackPump(speech: speech, screen: RecordingScreen())
        let seen = Mutex<[String]>([])
        pump.send([.say("Speech rate: 175 words a minute")])
        pump.inOrder { seen.withLock { $0 = speech.transcript } }
        pump.send([.say("200 words a minute")])
        await pump.finish()
        #expect(seen.withLock { $0 } == ["say: Speech rate: 175 words a minute"])
        #expect(speech.transcript == ["say: Speech rate: 175 words a minute", "say: 200 words a minute"])
    }
}

/// Records which call each sound came through, which `RecordingSpeech` (earcon, then words,
/// as heard) does not tell.
private final class SpeechSpy: SpeechOutput {
    private let recorded = Mutex<[String]>([])
    var calls: [String] { recorded.withLock { $0 } }
    private func line(_ text: String, _ priority: SpeechPriority) -> String {
        (priority == .announcement ? "say (queued): " : "say: ") + text
    }
    func speak(_ text: String, priority: SpeechPriority) async { recorded.withLock { $0.append(line(text, priority)) } }
    func speak(_ text: String, priority: SpeechPriority, under earcons: [Earcon]) async {
        let sounds = earcons.map(\.rawValue).joined(separator: " ")
        recorded.withLock { $0.append(line(text, priority) + " under " + sounds) }
    }
    func play(_ earcon: Earcon) async { recorded.withLock { $0.append("sound: \(earcon.rawValue)") } }
    func play(_ glance: PostGlance) async { recorded.withLock { $0.append("glance") } }
    func stop() async { recorded.withLock { $0.append("hush") } }
}
