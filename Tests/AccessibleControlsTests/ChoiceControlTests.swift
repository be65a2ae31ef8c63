import Testing
import TranscriptTesting

@testable import AccessibleControls

@MainActor @Suite("Segmented control", .timeLimit(.minutes(5))) struct SegmentedControlTests {
    let days = ["Monday", "Tuesday", "Wednesday"]

    @Test func upAndDownStepAndSayWithPosition() {
        let control = SegmentedControl(id: "day", label: "Day", options: days)
        let c = ControlContext.test()
        #expect(control.describe(in: c) == "Day, options, nothing selected. Up and Down step through the options, Enter selects, Escape cancels.")
        #expect(control.handle(.down, in: c).lines == ["say: Monday, 1 of 3"])
        #expect(control.handle(.character("j"), in: c).lines == ["say: Tuesday, 2 of 3"])
        #expect(control.handle(.down, in: c).lines == ["say: Wednesday, 3 of 3"])
        #expect(control.handle(.down, in: c).lines == ["sound: wrap", "say: Monday, 1 of 3"])
        #expect(control.handle(.up, in: c).lines == ["sound: wrap", "say: Wednesday, 3 of 3"])
        #expect(control.handle(.down, in: .test(positions: false)).lines == ["sound: wrap", "say: Monday"])
    }

    @Test func enterSelectsAndEscapeCancels() {
        let control = SegmentedControl(id: "day", label: "Day", options: days, selectedIndex: 0)
        let c = ControlContext.test()
        _ = control.handle(.down, in: c)
        #expect(control.handle(.enter, in: c) == [.earcon(.activate), .say("Tuesday selected"), .event(ControlEvent("day", .selected(1))), .redraw])
        _ = control.handle(.down, in: c)
        #expect(control.handle(.escape, in: c).lines == ["say: cancelled, Tuesday"])
        #expect(control.highlightedIndex == 1)
        // Nothing to cancel: Escape goes on to the screen (Back).
        #expect(control.handle(.escape, in: c) == nil)
        #expect(control.describe(in: .test(.expert)) == "Day, Tuesday, 2 of 3")
    }

    /// As a radio group the option stepped to is the value at once: the event goes out with
    /// each step, and Escape is the screen's (there is nothing to cancel).
    @Test func asARadioGroupMovingSelects() {
        let control = SegmentedControl(id: "day", label: "Day", options: days, selectedIndex: 0, selectsOnMove: true)
        let c = ControlContext.test()
        #expect(control.handle(.down, in: c) == [.say("Tuesday, selected, 2 of 3"), .event(ControlEvent("day", .selected(1))), .redraw])
        #expect(control.selectedIndex == 1)
        #expect(control.handle(.up, in: c).lines == ["say: Monday, selected, 1 of 3"])
        #expect(control.handle(.up, in: c).lines == ["sound: wrap", "say: Wednesday, selected, 3 of 3"])
        #expect(control.handle(.escape, in: c) == nil)
        _ = control.focusLost(in: c)
        #expect(control.selectedIndex == 2)
        #expect(control.handle(.down, in: .test(language: .spanish)).lines == ["sound: wrap", "say: Monday, seleccionado, 1 de 3"])
    }

    @Test func leavingDropsTheUnselectedStep() {
        let control = SegmentedControl(id: "day", label: "Day", options: days, selectedIndex: 2)
        _ = control.handle(.down, in: .test())
        _ = control.focusLost(in: .test())
        #expect(control.highlightedIndex == 2)
    }
}

@MainActor @Suite("Timed selector", .timeLimit(.minutes(5))) struct TimedSelectorTests {
    @Test func speaksOptionsInTurnAfterEachUtteranceAndThePause() {
        var clock = ManualClock()
        let selector = TimedSelector(id: "colour", label: "Colour", options: ["Red", "Green"])
        let settings = ControlSettings(verbosity: .expert, selectorPause: .milliseconds(500))
        func context() -> ControlContext { ControlContext(settings: settings, now: clock.now) }
        #expect(selector.focusGained(in: context()) == [])
        // "Colour, nothing selected" is 24 characters: 250 ms + 24 / 17.5 s ≈ 1621 ms, then 500 ms.
        clock.advance(.milliseconds(2100))
        #expect(selector.tick(in: context()) == [])
        clock.advance(.milliseconds(30))
        #expect(selector.tick(in: context()).transcriptLines == ["say: Red"])
        #expect(selector.tick(in: context()) == [])
        // "Red": 250 + 171 ms, then the pause.
        clock.advance(.milliseconds(921))
        #expect(selector.tick(in: context()).transcriptLines == ["say: Green"])
        // "Green": 250 + 286 ms, then the pause.
        clock.advance(.milliseconds(1000))
        #expect(selector.tick(in: context()) == [])
        clock.advance(.milliseconds(40))
        #expect(selector.tick(in: context()).transcriptLines == ["sound: wrap", "say: Red"])
    }

    @Test func enterTakesTheOptionBeingSpoken() {
        var clock = ManualClock()
        let selector = TimedSelector(id: "colour", label: "Colour", options: ["Red", "Green"])
        func context() -> ControlContext { ControlContext(settings: ControlSettings(verbosity: .expert), now: clock.now) }
        _ = selector.focusGained(in: context())
        #expect(selector.handle(.enter, in: context()).lines == ["say: Wait for the option you want, then press Enter."])
        clock.advance(.seconds(5))
        _ = selector.tick(in: context())
        clock.advance(.seconds(5))
        #expect(selector.tick(in: context()).transcriptLines == ["say: Green"])
        #expect(
            selector.handle(.enter, in: context()) == [
                .earcon(.activate), .say("Green selected"), .event(ControlEvent("colour", .selected(1))), .redraw,
            ])
        #expect(!selector.isRunning)
        clock.advance(.seconds(5))
        #expect(selector.tick(in: context()) == [])
        #expect(selector.describe(in: context()) == "Colour, Green")
    }

    @Test func speechFinishedStartsThePauseAtOnce() {
        var clock = ManualClock()
        let selector = TimedSelector(id: "c", label: "C", options: ["Red", "Green"])
        let settings = ControlSettings(selectorPause: .milliseconds(300))
        func context() -> ControlContext { ControlContext(settings: settings, now: clock.now) }
        _ = selector.focusGained(in: context())
        selector.speechFinished(in: context())
        clock.advance(.milliseconds(300))
        #expect(selector.tick(in: context()).transcriptLines == ["say: Red"])
    }

    @Test func leavingOrEscapeCancels() {
        var clock = ManualClock()
        let selector = TimedSelector(id: "c", label: "C", options: ["Red"])
        func context() -> ControlContext { ControlContext(now: clock.now) }
        _ = selector.focusGained(in: context())
        #expect(selector.handle(.escape, in: context()).lines == ["say: cancelled"])
        #expect(selector.handle(.escape, in: context()) == nil)
        #expect(selector.handle(.space, in: context()).lines == ["say: reading the options again"])
        _ = selector.focusLost(in: context())
        clock.advance(.seconds(10))
        #expect(selector.tick(in: context()) == [])
    }
}

@MainActor @Suite("Wheel", .timeLimit(.minutes(5))) struct WheelTests {
    let names = (1...25).map { "Name \($0)" }

    @Test func stepsPagesAndEndsWithBoundaryEarcons() {
        let wheel = Wheel(id: "names", label: "Names", items: names)
        let c = ControlContext.test()
        #expect(
            wheel.describe(in: c)
                == "Names, list, Name 1, 1 of 25. Up and Down move, Page Up and Page Down jump ten, Home and End go to the ends, P says the position."
        )
        #expect(wheel.handle(.up, in: c).lines == ["sound: boundary", "say: Name 1"])
        #expect(wheel.handle(.down, in: c).lines == ["say: Name 2, 2 of 25"])
        #expect(wheel.handle(.character("j"), in: c).lines == ["say: Name 3, 3 of 25"])
        #expect(wheel.handle(.character("k"), in: c).lines == ["say: Name 2, 2 of 25"])
        #expect(wheel.handle(.pageDown, in: c).lines == ["say: Name 12, 12 of 25"])
        #expect(wheel.handle(.pageDown, in: c).lines == ["say: Name 22, 22 of 25"])
        #expect(wheel.handle(.pageDown, in: c).lines == ["sound: boundary", "say: Name 25, 25 of 25"])
        #expect(wheel.handle(.down, in: c).lines == ["sound: boundary", "say: Name 25"])
        #expect(wheel.handle(.home, in: c).lines == ["sound: boundary", "say: Name 1, 1 of 25"])
        #expect(wheel.handle(.end, in: .test(positions: false)).lines == ["sound: boundary", "say: Name 25"])
        #expect(wheel.handle(.pageUp, in: .test(positions: false)).lines == ["say: Name 15"])
        // P says the position alone, even with positions off: the item was just heard.
        #expect(wheel.handle(.character("p"), in: .test(positions: false)).lines == ["say: 15 of 25"])
    }

    /// A timeline's wheel holds no words: each item is made when it is said, so 200 cached
    /// posts cost one rendering at start, and a key renders the one it reaches.
    @Test func itemsMadeWhenSaidAreMadeOnlyWhenSaid() {
        let wheel = Wheel(id: "posts", label: "Posts", items: [""])
        var rendered: [Int] = []
        wheel.setItems(count: 200, index: 3) { index in
            rendered.append(index)
            return "Post \(index + 1)\u{1B}[2J"
        }
        #expect(rendered.isEmpty)
        #expect(wheel.count == 200 && wheel.items.isEmpty)
        let c = ControlContext.test()
        #expect(wheel.currentItem == "Post 4")
        #expect(wheel.handle(.down, in: c).lines == ["say: Post 5, 5 of 200"])
        #expect(wheel.handle(.end, in: c).lines == ["sound: boundary", "say: Post 200, 200 of 200"])
        #expect(rendered == [3, 4, 199])
        wheel.select(0)
        #expect(rendered == [3, 4, 199])
        // A whole escape sequence from a server is dropped, as from held items. Words given
        // back replace the renderer.
        wheel.setItems(["Nothing here"])
        #expect(wheel.count == 1 && wheel.currentItem == "Nothing here")
        #expect(rendered == [3, 4, 199])
    }

    @Test func enterSelects() {
        let wheel = Wheel(id: "names", label: "Names", items: ["Ana", "Bea"], index: 1)
        #expect(wheel.handle(.enter, in: .test()) == [.earcon(.activate), .say("Bea selected"), .event(ControlEvent("names", .selected(1)))])
    }

    @Test func sliderMovesWithLeftAndRightInSteps() {
        let slider = Wheel(sliderID: "volume", label: "Volume", range: 0...100, step: 10, value: 50, unit: "percent")
        let c = ControlContext.test()
        #expect(
            slider.describe(in: c)
                == "Volume, slider, 50 percent. Right and Left change the value, Page Up and Page Down by ten steps, Home and End to the ends.")
        #expect(slider.handle(.right, in: c).lines == ["say: 60 percent"])
        #expect(slider.handle(.left, in: c).lines == ["say: 50 percent"])
        #expect(slider.handle(.down, in: c).lines == ["say: 40 percent"])
        #expect(slider.handle(.pageUp, in: c).lines == ["sound: boundary", "say: 100 percent"])
        #expect(slider.value == 100)
        #expect(slider.handle(.home, in: c).lines == ["sound: boundary", "say: 0 percent"])
        #expect(slider.handle(.character("p"), in: c).lines == ["say: 0 percent, 1 of 11"])
        #expect(slider.displayText(in: c) == "Volume: [--------------------] 0 percent")
    }
}
