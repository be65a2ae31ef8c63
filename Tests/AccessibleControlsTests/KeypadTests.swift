import Testing

@testable import AccessibleControls

@MainActor @Suite("Keypad", .timeLimit(.minutes(5))) struct KeypadTests {
    func keypad(_ style: Keypad.EntryStyle, maxLength: Int? = nil) -> (Keypad, TextField) {
        let field = TextField(id: "text", label: "Text", maxLength: maxLength)
        return (Keypad(id: "keypad", label: "Keypad", target: field, style: style), field)
    }

    @Test func timedEntrySaysTheLettersInTurnAndAPressTakesOne() {
        var clock = ManualClock()
        let (pad, field) = keypad(.timed)
        let settings = ControlSettings(selectorPause: .milliseconds(400))
        func c() -> ControlContext { ControlContext(settings: settings, now: clock.now) }
        #expect(pad.handle(.character("2"), in: c()).lines == ["say: a"])
        // "a": 250 + 57 ms said, then the pause.
        clock.advance(.milliseconds(700))
        #expect(pad.tick(in: c()) == [])
        clock.advance(.milliseconds(10))
        #expect(pad.tick(in: c()).lines == ["say: b"])
        #expect(pad.handle(.character("2"), in: c()).lines == ["sound: activate", "say: b"])
        #expect(field.text == "b")
        // Another key takes the one being said and starts.
        #expect(pad.handle(.character("3"), in: c()).lines == ["say: d"])
        #expect(pad.handle(Key(.keypad(.digit(4))), in: c()).lines == ["sound: activate", "say: d", "say: g"])
        #expect(pad.handle(.enter, in: c()).lines == ["sound: activate", "say: g"])
        #expect(field.text == "bdg")
    }

    @Test func timedEntryLoopsRoundTheCharacters() {
        var clock = ManualClock()
        let (pad, _) = keypad(.timed)
        func c() -> ControlContext { ControlContext(now: clock.now) }
        _ = pad.handle(.character("0"), in: c())
        clock.advance(.seconds(2))
        #expect(pad.tick(in: c()).lines == ["say: 0"])
        clock.advance(.seconds(2))
        #expect(pad.tick(in: c()).lines == ["say: space"])
    }

    @Test func multiTapAdvancesOnEachPressAndAPauseCommits() {
        var clock = ManualClock()
        let (pad, field) = keypad(.multiTap)
        let settings = ControlSettings(multiTapTimeout: .seconds(1))
        func c() -> ControlContext { ControlContext(settings: settings, now: clock.now) }
        #expect(pad.handle(.character("7"), in: c()).lines == ["say: p"])
        #expect(pad.handle(.character("7"), in: c()).lines == ["say: q"])
        #expect(pad.handle(.character("7"), in: c()).lines == ["say: r"])
        clock.advance(.milliseconds(999))
        #expect(pad.tick(in: c()) == [])
        clock.advance(.milliseconds(1))
        #expect(pad.tick(in: c()).lines == ["sound: activate", "say: r"])
        #expect(pad.handle(.character("7"), in: c()).lines == ["say: p"])
        #expect(pad.handle(.character("8"), in: c()).lines == ["sound: activate", "say: p", "say: t"])
        _ = pad.focusLost(in: c())
        #expect(field.text == "rpt")
    }

    @Test func modeKeyCyclesAndSaysTheNewMode() {
        let (pad, field) = keypad(.multiTap)
        let c = ControlContext.test()
        #expect(pad.handle(.character("*"), in: c).lines == ["say: upper case"])
        #expect(pad.handle(.character("2"), in: c).lines == ["say: capital A"])
        #expect(pad.handle(Key(.keypad(.multiply)), in: c).lines == ["sound: activate", "say: capital A", "say: numbers"])
        #expect(pad.handle(.character("5"), in: c).lines == ["sound: keypad-centre", "sound: activate", "say: 5"])
        #expect(pad.handle(.character("*"), in: c).lines == ["say: symbols"])
        #expect(pad.handle(.character("2"), in: c).lines == ["say: at sign"])
        #expect(pad.handle(.character("*"), in: c).lines == ["sound: activate", "say: at sign", "say: lower case"])
        #expect(field.text == "A5@")
    }

    @Test func deleteKeyCancelsAChoiceOrDeletes() {
        let (pad, field) = keypad(.multiTap)
        let c = ControlContext.test()
        #expect(pad.handle(.character("#"), in: c).lines == ["sound: boundary", "say: nothing to delete"])
        _ = pad.handle(.character("2"), in: c)
        #expect(pad.handle(.character("#"), in: c).lines == ["say: cancelled"])
        _ = pad.handle(.character("*"), in: c)
        _ = pad.handle(.character("*"), in: c)
        _ = pad.handle(.character("9"), in: c)
        #expect(field.text == "9")
        #expect(pad.handle(.backspace, in: c).lines == ["say: 9 deleted"])
        #expect(field.text == "")
    }

    @Test func arrowsExploreTheGridAndTheCentreHasItsEarcon() {
        let (pad, field) = keypad(.multiTap)
        let c = ControlContext.test()
        #expect(pad.handle(.up, in: c).lines == ["say: 2, a b c 2"])
        #expect(pad.handle(.up, in: c).lines == ["sound: boundary", "say: 2, a b c 2"])
        #expect(pad.handle(.left, in: c).lines == ["say: 1, dot comma question mark exclamation mark 1"])
        #expect(pad.handle(.down, in: c).lines == ["say: 4, g h i 4"])
        #expect(pad.handle(.right, in: c).lines == ["sound: keypad-centre", "say: 5, j k l 5"])
        #expect(pad.handle(.down, in: c).lines == ["say: 8, t u v 8"])
        #expect(pad.handle(.down, in: c).lines == ["say: 0, space 0"])
        #expect(pad.handle(.left, in: c).lines == ["say: star, change mode"])
        #expect(pad.handle(.right, in: c).lines == ["say: 0, space 0"])
        #expect(pad.handle(.right, in: c).lines == ["say: hash, delete"])
        #expect(pad.handle(.right, in: c).lines == ["sound: boundary", "say: hash, delete"])
        _ = pad.handle(.up, in: c)
        #expect(pad.handle(.enter, in: c).lines == ["say: w"])
        _ = pad.focusLost(in: c)
        #expect(field.text == "w")
    }

    @Test func aFullTargetPlaysTheLimitEarcon() {
        let (pad, field) = keypad(.multiTap, maxLength: 1)
        let c = ControlContext.test()
        _ = pad.handle(.character("*"), in: c)
        _ = pad.handle(.character("*"), in: c)
        _ = pad.handle(.character("1"), in: c)
        #expect(pad.handle(.character("2"), in: c).lines == ["sound: limit-reached", "say: Full, 1 characters"])
        #expect(field.text == "1")
    }

    @Test func focusSaysTheMode() {
        let (pad, _) = keypad(.timed)
        #expect(pad.describe(in: .test(.intermediate)) == "Keypad, keypad, lower case")
        #expect(pad.describe(in: .test(.intermediate, language: .catalan)) == "Keypad, teclat, minúscules")
    }
}

@MainActor @Suite("Toolbar", .timeLimit(.minutes(5))) struct ToolbarTests {
    @Test func backAndInfoAreFixedAndEmptySlotsAreSkipped() {
        let bar = Toolbar(fourth: .button(Button(id: "send", label: "Send")))
        #expect(bar.controls.map(\.id) == ["toolbar.back", "toolbar.info", "send"])
        #expect(bar.slots.map { $0?.id } == ["toolbar.back", "toolbar.info", nil, "send"])
        #expect(bar.info.describe(in: .test(.intermediate)) == "Info, button")
        #expect(bar.info.describe(in: .test(.beginner)) == "Info, button. Enter opens the help: every key of this screen, one a line.")
        #expect(Toolbar(language: .spanish).back.label == "Volver")
    }
}

@MainActor @Suite("Busy indicator", .timeLimit(.minutes(5))) struct BusyIndicatorTests {
    @Test func ticksSaysElapsedTimeOnAnyKeyAndAsksBeforeCancelling() {
        var clock = ManualClock()
        let busy = BusyIndicator(id: "busy", waitingFor: "Loading your timeline", startedAt: clock.now)
        func c() -> ControlContext { ControlContext(now: clock.now) }
        #expect(busy.announcement(in: c()).lines == ["say: Loading your timeline. Please wait."])
        clock.advance(.milliseconds(1999))
        #expect(busy.tick(in: c()) == [])
        clock.advance(.milliseconds(1))
        #expect(busy.tick(in: c()).lines == ["sound: busy-tick"])
        #expect(busy.tick(in: c()) == [])
        clock.advance(.seconds(5))
        #expect(busy.tick(in: c()).lines == ["sound: busy-tick"])
        #expect(busy.handle(.tab, in: c()).lines == ["say: Loading your timeline, 7 seconds so far."])
        #expect(busy.handle(.escape, in: c()).lines == ["say: Cancel loading your timeline? Enter: yes. Escape: no."])
        #expect(busy.handle(.escape, in: c()).lines == ["say: Still waiting."])
        _ = busy.handle(.escape, in: c())
        #expect(busy.handle(.enter, in: c()) == [.earcon(.activate), .speak("Cancelled.", .important), .event(ControlEvent("busy", .cancelled))])
    }

    @Test func aWaitThatCannotBeCancelledJustSaysItsStatus() {
        let start = ContinuousClock.now
        let busy = BusyIndicator(id: "b", waitingFor: "Sending", startedAt: start, isCancellable: false)
        #expect(busy.handle(.escape, in: .test(now: start + .seconds(61))).lines == ["say: Sending, 1 minutes 1 seconds so far."])
    }
}
