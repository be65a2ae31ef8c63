import Testing

@testable import AccessibleControls

/// Typed control ids: a screen names its controls with its own enum and matches events on it
/// (`ControlEvent.control(as:)`); the toolbar's are `ToolbarControl`.
@MainActor @Suite("Control ids", .timeLimit(.minutes(5))) struct ControlIDTests {
    enum ScreenControl: String {
        case hello, next
    }

    @Test func anEventIsMatchedAsTheScreensOwnEnum() {
        #expect(ControlEvent("hello", .activated).control(as: ScreenControl.self) == .hello)
        // An id the enum does not name is nothing to the screen, not a near miss.
        #expect(ControlEvent("helo", .activated).control(as: ScreenControl.self) == nil)
        #expect(ControlEvent(Toolbar.backID, .activated).control(as: ScreenControl.self) == nil)
        #expect(ControlEvent(Toolbar.backID, .activated).control(as: ToolbarControl.self) == .back)
        #expect(ControlEvent(Toolbar.infoID, .activated).control(as: ToolbarControl.self) == .info)
        #expect(Toolbar().controls.map(\.id) == ToolbarControl.allCases.map(\.rawValue))
    }

    /// A screen built and matched with its enum answers its controls, and the toolbar's Back
    /// (matched by the navigator as `ToolbarControl.back`) still goes back.
    @Test func aScreenAnswersItsControlsByEnumAndBackStillGoesBack() {
        let settings = ControlSettings(verbosity: .expert)
        func screen(_ title: String, then next: (() -> ControlScreen)?) -> ControlScreen {
            let hello = Button(id: ScreenControl.hello.rawValue, label: "Hello")
            let more = Button(id: ScreenControl.next.rawValue, label: "Next")
            let screen = ControlScreen(title: title, controls: [hello, more], settings: settings, keymap: .standard)
            screen.onEvent = { event, _ in
                switch (event.control(as: ScreenControl.self), event.kind) {
                case (.hello?, .activated): ScreenOutcome([.say("Hello from \(title)")])
                case (.next?, .activated): next.map { ScreenOutcome([], .push($0())) } ?? .none
                default: .none
                }
            }
            return screen
        }
        let now = ContinuousClock.now
        let navigator = Navigator(root: screen("First") { screen("Second", then: nil) }, settings: settings)
        _ = navigator.start(now: now)
        #expect(navigator.handle(.key(.enter), now: now).lines == ["sound: activate", "say: Hello from First"])
        _ = navigator.handle(.key(.tab), now: now)
        #expect(navigator.handle(.key(.enter), now: now).lines == ["sound: activate", "sound: focus", "say: Second. Hello"])
        // Next, then the toolbar's Back.
        _ = navigator.handle(.key(.tab), now: now)
        _ = navigator.handle(.key(.tab), now: now)
        #expect(navigator.handle(.key(.enter), now: now).lines == ["sound: activate", "sound: focus", "say: First. Next"])
        #expect(navigator.stack.count == 1)
    }

    /// An app's buffers take turns as the root: the one put in place keeps the settings
    /// changed with keys and the navigator still repeats what was said last; nothing is
    /// replaced while another screen is open on top.
    @Test func replacingTheRootKeepsSettingsAndTheLastUtterance() {
        let settings = ControlSettings(verbosity: .expert)
        let first = ControlScreen(title: "First", controls: [Button(id: "a", label: "A")], settings: settings, keymap: .standard)
        let second = ControlScreen(title: "Second", controls: [Button(id: "b", label: "B")], settings: settings, keymap: .standard)
        let now = ContinuousClock.now
        let navigator = Navigator(root: first, settings: settings)
        _ = navigator.start(now: now)
        // The settings' owner changed them (F5 in an app): every screen follows.
        navigator.update(settings: ControlSettings(verbosity: .beginner))
        let changed = navigator.settings.verbosity
        #expect(changed != .expert)
        #expect(navigator.replaceRoot(with: second, now: now))
        #expect(navigator.stack.count == 1 && navigator.stack[0] === second)
        #expect(second.focus.settings.verbosity == changed)
        #expect(navigator.lastUtterance != nil)
        _ = navigator.push(first, now: now, announce: false)
        #expect(!navigator.replaceRoot(with: first, now: now))
        #expect(navigator.stack.count == 2 && navigator.stack[0] === second)
    }

    /// Escape on the first screen: the screen may answer it (an app's opened buffer closes);
    /// with no answer, the boundary and "first screen" as always.
    @Test func backOnTheFirstScreenAsksTheScreenFirst() {
        let settings = ControlSettings(verbosity: .expert)
        let root = ControlScreen(title: "First", controls: [Button(id: "a", label: "A")], settings: settings, keymap: .standard)
        let now = ContinuousClock.now
        let navigator = Navigator(root: root, settings: settings)
        _ = navigator.start(now: now)
        #expect(navigator.handle(.key(.escape), now: now).lines == ["sound: boundary", "say: This is the first screen. F10 quits."])
        var answers = 0
        root.onBackAtRoot = { _ in
            answers += 1
            return answers == 1 ? ScreenOutcome([.say("Closed.")]) : nil
        }
        #expect(navigator.handle(.key(.escape), now: now).lines == ["say: Closed."])
        #expect(navigator.handle(.key(.escape), now: now).lines == ["sound: boundary", "say: This is the first screen. F10 quits."])
        #expect(navigator.stack.count == 1)
    }
}
