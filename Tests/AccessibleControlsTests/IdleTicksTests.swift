import Testing

@testable import AccessibleControls

/// Issue 14, "Idle": the loop ticks only while something timed is under way, so each control
/// says when it needs time to pass, and stops needing it when its work is done.
@MainActor @Suite("Idle ticks", .timeLimit(.minutes(5))) struct IdleTicksTests {
    @Test func aTimedSelectorNeedsTicksOnlyWhileItRuns() {
        let clock = ManualClock()
        let selector = TimedSelector(id: "colour", label: "Colour", options: ["Red", "Green"])
        let context = ControlContext(settings: ControlSettings(verbosity: .expert), now: clock.now)
        #expect(!selector.needsTicks)
        _ = selector.focusGained(in: context)
        #expect(selector.needsTicks)
        _ = selector.focusLost(in: context)
        #expect(!selector.needsTicks)
    }

    @Test func aKeypadNeedsTicksOnlyWhileATapWaits() {
        var clock = ManualClock()
        let field = TextField(id: "text", label: "Text")
        let pad = Keypad(id: "keypad", label: "Keypad", target: field, style: .multiTap)
        func context() -> ControlContext { ControlContext(now: clock.now) }
        #expect(!pad.needsTicks)
        _ = pad.handle(.character("2"), in: context())
        #expect(pad.needsTicks)
        clock.advance(.seconds(3))
        _ = pad.tick(in: context())
        #expect(field.text == "a")
        #expect(!pad.needsTicks)
    }

    @Test func aScreenOfFieldsAndButtonsNeedsNoTicksABusyOneDoes() {
        let clock = ManualClock()
        let settings = ControlSettings()
        let plain = ControlScreen(
            title: "Plain", controls: [TextField(id: "t", label: "Text"), Button(id: "b", label: "Go")], settings: settings, keymap: .standard)
        let navigator = Navigator(root: plain, settings: settings)
        _ = navigator.start(now: clock.now)
        #expect(!navigator.needsTicks)
        let busy = ControlScreen(
            title: "Busy", controls: [BusyIndicator(id: "busy", waitingFor: "Loading", startedAt: clock.now)], withToolbar: false,
            settings: settings, keymap: .standard)
        _ = navigator.push(busy, now: clock.now)
        #expect(navigator.needsTicks)
        navigator.dismiss(busy, now: clock.now)
        #expect(!navigator.needsTicks)
    }

    /// The idle ticker's sleep: a ring wakes it (even one that came first), else its limit.
    @Test func theDoorbellWakesOnARingOrItsLimit() async {
        let doorbell = Doorbell()
        doorbell.ring()
        #expect(await doorbell.wait(atMost: .seconds(60)) == .rung)
        #expect(await doorbell.wait(atMost: .milliseconds(20)) == .timedOut)
        Task { @MainActor in doorbell.ring() }
        #expect(await doorbell.wait(atMost: nil) == .rung)
    }
}
