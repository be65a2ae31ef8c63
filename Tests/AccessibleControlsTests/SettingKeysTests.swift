import Testing

@testable import AccessibleControls

/// The navigator owns no setting (issue 36): F5–F8 go to whoever owns them, and the controls
/// follow only what the owner gives back through `update(settings:)`.
@MainActor @Suite(.timeLimit(.minutes(5))) struct SettingKeysTests {
    func navigator() -> Navigator {
        let screen = ControlScreen(title: "Screen", controls: [Button(id: "a", label: "A")], settings: ControlSettings(), keymap: .standard)
        let navigator = Navigator(root: screen, settings: ControlSettings())
        _ = navigator.start(now: .now)
        return navigator
    }

    @Test func withNoOwnerTheKeysDoNothingAndSaySo() {
        let navigator = navigator()
        for key in ["F5", "F6", "F7", "F8"] {
            #expect(navigator.handle(.key(Key(name: key)!), now: .now) == [.earcon(.softError)])
        }
        #expect(navigator.settings == ControlSettings())
    }

    @Test func eachKeyGoesToTheOwnerWhichAloneChangesTheSettings() {
        let navigator = navigator()
        var asked: [SettingKey] = []
        navigator.onSettingKey = { [unowned navigator] key, _ in
            asked.append(key)
            if key == .faster { navigator.update(settings: ControlSettings(wordsPerMinute: 200)) }
            return ScreenOutcome([.say("\(key)")])
        }
        for key in ["F5", "F6", "F7"] { _ = navigator.handle(.key(Key(name: key)!), now: .now) }
        #expect(navigator.settings == ControlSettings())
        #expect(navigator.handle(.key(.f(8)), now: .now) == [.say("faster")])
        #expect(asked == [.cycleVerbosity, .togglePositions, .slower, .faster])
        #expect(navigator.settings.wordsPerMinute == 200 && navigator.current.focus.settings.wordsPerMinute == 200)
    }
}
