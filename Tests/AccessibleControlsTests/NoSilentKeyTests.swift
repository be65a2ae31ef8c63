import Testing

@testable import AccessibleControls

/// No silent key on the practice screens: every key, pressed from a fresh start on each
/// screen, is answered, and in line mode something is printed (a word for a sound alone).
@MainActor @Suite("No silent key", .timeLimit(.minutes(5))) struct NoSilentKeyTests {
    static let keys: [Key] =
        (0x21...0x7E).compactMap { Key(name: String(UnicodeScalar(UInt8($0)))) }
        + ["Space", "Enter", "Escape", "Tab", "Shift-Tab", "Backspace", "Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown"]
        .compactMap(Key.init(name:))
        + (1...12).map { Key(.function($0)) }

    /// The menu, or one practice screen opened on top of it (so Escape has somewhere to go).
    static func navigator(_ entry: PracticeGallery.Entry?, clock: ManualClock) -> Navigator {
        let gallery = PracticeGallery(settings: ControlSettings())
        let navigator = Navigator(root: gallery.menu(), settings: ControlSettings())
        _ = navigator.start(now: clock.now)
        if let entry { _ = navigator.push(gallery.screen(entry, now: clock.now), now: clock.now) }
        return navigator
    }

    /// What one key gets, with half a second of ticks after it (a timed keypad says its
    /// letter on a tick).
    static func answer(to key: Key, on entry: PracticeGallery.Entry?) -> [Feedback] {
        var clock = ManualClock()
        let navigator = navigator(entry, clock: clock)
        var feedback = navigator.handle(.key(key), now: clock.now)
        for _ in 0..<10 {
            clock.advance(.milliseconds(50))
            feedback += navigator.tick(now: clock.now)
        }
        return feedback
    }

    @Test(arguments: [nil] + PracticeGallery.Entry.allCases.map(Optional.some))
    func everyKeyAnswers(on entry: PracticeGallery.Entry?) {
        let place = entry?.rawValue ?? "Practice menu"
        for key in Self.keys {
            let feedback = Self.answer(to: key, on: entry)
            let heard = feedback.transcriptLines
            // Hush (F4) answers by stopping speech: the silence is the answer.
            #expect(heard.contains { $0.hasPrefix("say") || $0.hasPrefix("sound") || $0 == "hush" }, "\(place): \(key.name) is silent")
            let printed = feedback.lineTranscript(in: .english).filter { $0.hasPrefix("say") || $0.hasPrefix("print") }
            #expect(!printed.isEmpty, "\(place): \(key.name) prints nothing in line mode: \(heard)")
            if !heard.contains(where: { $0.hasPrefix("say") }), heard.contains(where: { $0.hasPrefix("sound") }) {
                #expect(printed.contains { $0.hasPrefix("print: [") }, "\(place): \(key.name), a sound alone, prints no word: \(heard)")
            }
        }
    }

    @Test func wordsForSoundsInLineMode() {
        // A key nothing wants: the soft error and its word, in each language.
        let unbound = Self.answer(to: Key(.function(12)), on: .buttons)
        #expect(unbound.lineTranscript(in: .english) == ["sound: soft-error", "print: [no action]"])
        #expect(unbound.lineTranscript(in: .spanish) == ["sound: soft-error", "print: [sin acción]"])
        #expect(unbound.lineTranscript(in: .catalan) == ["sound: soft-error", "print: [sense acció]"])
        // The ends of a list, said with the item again: which end is printed.
        #expect(Self.answer(to: .up, on: .wheel).lineTranscript(in: .english) == ["sound: boundary", "print: [top]", "say: Ada"])
        #expect(Self.answer(to: .end, on: .wheel).lineTranscript(in: .english) == ["sound: boundary", "print: [end]", "say: Yolanda, 30 of 30"])
        // Options that wrap round from the first to the last say so on the line.
        let wrapped = Self.answer(to: .up, on: .options).lineTranscript(in: .spanish)
        #expect(wrapped.prefix(2) == ["sound: wrap", "print: [vuelta]"], "\(wrapped)")
        // An edge with no direction known (a cursor that cannot move): a neutral word.
        #expect([Feedback.earcon(.boundary)].lineTranscript(in: .english) == ["sound: boundary", "print: [edge]"])
        #expect([Feedback.earcon(.boundary)].lineTranscript(in: .catalan) == ["sound: boundary", "print: [límit]"])
        // A sound with its own sentence needs no word: "start" says where the cursor is.
        let field: [Feedback] = [.earcon(.boundary), .say("start")]
        #expect(field.lineTranscript(in: .english) == ["sound: boundary", "say: start"])
        // A sound whose sentence comes later (a live event's) is marked so and prints nothing.
        #expect([Feedback.earcon(.mention), .soundWord(nil)].lineTranscript(in: .english) == ["sound: mention"])
        #expect([Feedback.earcon(.mention)].lineTranscript(in: .english) == ["sound: mention", "print: [mention]"])
        // Hush says nothing on purpose; line mode still shows the key was taken.
        #expect([Feedback.hush].lineTranscript(in: .spanish) == ["hush", "print: [silencio]"])
        // The focus sound comes with the control's name: no word.
        #expect([Feedback.earcon(.focus)].lineTranscript(in: .english) == ["sound: focus"])
    }

    @Test func upAndDownMoveFocusWhereThereIsNoList() {
        let down = Self.answer(to: .down, on: .buttons).transcriptLines
        #expect(down == ["sound: focus", "say: Sounds, toggle button, on. Enter or Space switches it."])
        let up = Self.answer(to: .up, on: .buttons).lineTranscript(in: .english)
        #expect(up.prefix(3) == ["sound: wrap", "print: [wrapped]", "sound: focus"])
        #expect(up.last == "say: Info, button. Enter opens the help: every key of this screen, one a line.", "\(up)")
        // On a list's screen, Up and Down stay the list's: Down on the toolbar's Back says nothing new.
        let gallery = PracticeGallery(settings: ControlSettings())
        let navigator = Navigator(root: gallery.wheelScreen(), settings: ControlSettings())
        _ = navigator.start(now: .now)
        _ = navigator.handle(.key(.tab), now: .now)
        _ = navigator.handle(.key(.tab), now: .now)
        #expect(navigator.handle(.key(.down), now: .now) == [.earcon(.softError)])
    }
}
