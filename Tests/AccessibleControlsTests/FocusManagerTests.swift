import Testing

@testable import AccessibleControls

@MainActor @Suite("Focus manager", .timeLimit(.minutes(5))) struct FocusManagerTests {
    func screen(_ verbosity: Verbosity = .beginner) -> FocusManager {
        FocusManager(
            title: "Practice",
            controls: [
                Button(id: "reply", label: "Reply", hint: "Enter replies to this post."),
                Label(id: "post", label: "Post", text: "Hello there"),
                Button(id: "send", label: "Send", isEnabled: false, unavailableReason: "the post is empty"),
            ],
            settings: ControlSettings(verbosity: verbosity))
    }

    @Test func startFocusesTheFirstControlAndSaysItAsTheVerbositySays() {
        let now = ContinuousClock.now
        #expect(screen(.beginner).start(now: now).transcriptLines == ["sound: focus", "say: Reply, button. Enter replies to this post."])
        #expect(screen(.intermediate).start(now: now).transcriptLines == ["sound: focus", "say: Reply, button"])
        #expect(screen(.expert).start(now: now).transcriptLines == ["sound: focus", "say: Reply"])
    }

    @Test func tabAndRightMoveForwardAndWrapWithTheWrapEarcon() {
        let focus = screen()
        let now = ContinuousClock.now
        _ = focus.start(now: now)
        #expect(
            focus.handle(.key(.tab), now: now).lines == [
                "sound: focus",
                "say: Post, text, Hello there. Space reads the next word, Shift-Space the previous word, Enter the whole text.",
            ])
        #expect(focus.handle(.key(.right), now: now).lines == ["sound: focus", "say: Send, button, unavailable, the post is empty."])
        #expect(focus.handle(.key(.tab), now: now).lines == ["sound: wrap", "sound: focus", "say: Reply, button. Enter replies to this post."])
        #expect(focus.focusIndex == 0)
    }

    @Test func shiftTabAndLeftMoveBackAndWrap() {
        let focus = screen(.expert)
        let now = ContinuousClock.now
        _ = focus.start(now: now)
        #expect(focus.handle(.key(.shiftTab), now: now).lines == ["sound: wrap", "sound: focus", "say: Send, unavailable, the post is empty"])
        #expect(focus.handle(.key(.left), now: now).lines == ["sound: focus", "say: Post, Hello there"])
    }

    @Test func theFocusedControlGetsTheKeyFirst() {
        let focus = screen()
        let now = ContinuousClock.now
        _ = focus.start(now: now)
        _ = focus.handle(.key(.tab), now: now)
        // Space on a label reads the next word; it does not activate or move.
        #expect(focus.handle(.key(.space), now: now).lines == ["say: Hello"])
        #expect(focus.focusIndex == 1)
    }

    @Test func unknownSequencesGiveTheSoftErrorAndKeysNobodyWantsGoToTheScreen() {
        let focus = screen()
        let now = ContinuousClock.now
        _ = focus.start(now: now)
        #expect(focus.handle(.unknown([0x1B, 0x5B, 0x39, 0x39, 0x7E]), now: now).lines == ["sound: soft-error"])
        #expect(focus.handle(.key(.character("z")), now: now) == nil)
        #expect(focus.handle(.paste("text"), now: now).lines == ["sound: soft-error"])
    }

    @Test func whereAmISaysTheScreenTheControlAndItsPosition() {
        let focus = screen()
        let now = ContinuousClock.now
        _ = focus.start(now: now)
        _ = focus.handle(.key(.tab), now: now)
        #expect(focus.handle(.key(.f(2)), now: now).lines == ["say: Practice. Post, text, Hello there. Control 2 of 3."])
    }

    @Test func focusChangeAlwaysRedraws() {
        let focus = screen()
        let feedback = focus.start(now: ContinuousClock.now)
        #expect(feedback.last == .redraw)
    }
}

@MainActor @Suite("Button", .timeLimit(.minutes(5))) struct ButtonTests {
    @Test func enterAndSpaceActivateWithTheActivateEarcon() {
        let button = Button(id: "reply", label: "Reply")
        let context = ControlContext.test()
        #expect(button.handle(.enter, in: context) == [.earcon(.activate), .event(ControlEvent("reply", .activated))])
        #expect(button.handle(.space, in: context) == [.earcon(.activate), .event(ControlEvent("reply", .activated))])
        #expect(button.handle(.character("x"), in: context) == nil)
    }

    @Test func aDisabledButtonSaysItIsUnavailableAndWhy() {
        let button = Button(id: "send", label: "Send", isEnabled: false, unavailableReason: "the post is empty")
        #expect(button.handle(.enter, in: .test()).lines == ["sound: soft-error", "say: Send, unavailable, the post is empty"])
        button.setEnabled(true)
        #expect(button.handle(.enter, in: .test()).lines == ["sound: activate"])
    }

    @Test func aToggleSaysItsNewState() {
        let toggle = Button.toggle(id: "sound", label: "Sounds", isOn: false)
        #expect(toggle.describe(in: .test()) == "Sounds, toggle button, off. Enter or Space switches it.")
        #expect(toggle.handle(.enter, in: .test()) == [.earcon(.activate), .say("on"), .event(ControlEvent("sound", .toggled(true))), .redraw])
        #expect(toggle.handle(.space, in: .test()).lines == ["sound: activate", "say: off"])
        #expect(toggle.describe(in: .test(.expert)) == "Sounds, off")
    }

    @Test func rolesAndHintsAreSpokenInEachLanguage() {
        let button = Button(id: "b", label: "OK")
        #expect(button.describe(in: .test(language: .spanish)) == "OK, botón. Intro o Espacio lo activa.")
        #expect(button.describe(in: .test(language: .catalan)) == "OK, botó. Retorn o Espai l'activa.")
    }
}

@MainActor @Suite("Label", .timeLimit(.minutes(5))) struct LabelTests {
    @Test func spaceReadsWordByWordAndEnterReadsItAll() {
        let label = Label(id: "post", text: "Good morning  to you")
        let context = ControlContext.test()
        #expect(label.handle(.space, in: context).lines == ["say: Good"])
        #expect(label.handle(.space, in: context).lines == ["say: morning"])
        #expect(label.handle(.shiftSpace, in: context).lines == ["say: Good"])
        #expect(label.handle(.shiftSpace, in: context).lines == ["sound: boundary", "say: Good"])
        for _ in 0..<3 { _ = label.handle(.space, in: context) }
        #expect(label.handle(.space, in: context).lines == ["sound: boundary", "say: you"])
        #expect(label.handle(.enter, in: context).lines == ["say: Good morning  to you"])
        #expect(label.handle(.space, in: context).lines == ["say: Good"])
    }

    @Test func remoteTextCannotControlTheTerminal() {
        let label = Label(id: "post", text: "hi\u{1B}[2J\u{1B}]0;title\u{07} there\u{202E}!")
        #expect(label.text == "hi there!")
    }

    @Test func anEmptyLabelSaysEmpty() {
        let label = Label(id: "l", label: "Bio", text: "")
        #expect(label.describe(in: .test(.intermediate)) == "Bio, text, empty")
        #expect(label.handle(.space, in: .test()).lines == ["sound: boundary"])
    }
}

@MainActor @Suite("Keymap in use", .timeLimit(.minutes(5))) struct KeymapInUseTests {
    @Test func anOverriddenKeymapChangesWhatKeysDoAndWhatInfoSays() throws {
        let keymap = try Keymap.standard.overridden(by: ["button:x": "activate", "button:Space": "none", "n": "nextControl"])
        let focus = FocusManager(
            title: "Remapped", controls: [Button(id: "a", label: "A"), Button(id: "b", label: "B")],
            settings: ControlSettings(verbosity: .expert), keymap: keymap)
        let now = ContinuousClock.now
        _ = focus.start(now: now)
        #expect(focus.handle(.key(.character("x")), now: now) == [.earcon(.activate), .event(ControlEvent("a", .activated))])
        // Space no longer activates, and nothing else wants it: the screen gets it.
        #expect(focus.handle(.key(.space), now: now) == nil)
        #expect(focus.handle(.key(.character("n")), now: now).lines == ["sound: focus", "say: B"])
        let help = keymap.helpLines(screen: nil, app: nil, scopes: [.button], strings: Strings(.english))
        #expect(help.prefix(2) == ["Button, keys", "Enter or x: activate"])
    }
}
