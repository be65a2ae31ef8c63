import Testing

@testable import AccessibleControls

/// The open mechanism for an app's screen keys, with a scope no app has.
@Suite("Screen keys", .timeLimit(.minutes(5))) struct ScreenKeysTests {
    enum Shelf: String, CaseIterable, Sendable {
        case lend, shelve
    }

    static let shelf = ScreenKeys(
        name: "shelf", spokenName: { _ in "shelf" }, describe: { (action: Shelf, _) in "to \(action.rawValue)" },
        defaults: [.app(.lend, .character("l")), .control(.repeatLast, .character("."))])
    let map = Keymap.standard.declaring(Self.shelf)

    @Test func declaringAddsTheScopeWithItsDefaultKeys() {
        #expect(map.declares(Self.shelf))
        #expect(!Keymap.standard.declares(Self.shelf))
        #expect(map.command(for: .character("l"), in: Self.shelf) == .screen("lend"))
        #expect(map.command(for: .character("."), in: Self.shelf) == .control(.repeatLast))
        #expect(Keymap.standard.command(for: .character("l"), in: Self.shelf) == nil)
        #expect(map != Keymap.standard)
        // The control scopes are untouched.
        #expect(map.action(for: .space, in: .button) == .activate)
    }

    @Test func equalityAndDeclaringAgainCoverTheScreenBindings() {
        var changed = map
        changed.bind(.character("s"), to: .screen("shelve"), in: Self.shelf)
        #expect(changed != map)
        #expect(changed.keys(for: .screen("shelve"), in: Self.shelf) == [.character("s")])
        // Declaring a scope again puts its default keys back.
        #expect(changed.declaring(Self.shelf) == map)
        #expect(changed.declaring(Self.shelf).hashValue == map.hashValue)
    }

    @Test func configurationNamesTheScopesActions() throws {
        let remapped = try map.overridden(by: ["SHELF:s": "Shelve", "shelf:l": "none", "shelf:F9": "repeatLast"])
        #expect(remapped.command(for: .character("s"), in: Self.shelf) == .screen("shelve"))
        #expect(remapped.command(for: .character("l"), in: Self.shelf) == nil)
        #expect(remapped.command(for: .f(9), in: Self.shelf) == .control(.repeatLast))
        #expect(throws: KeymapError.unknownAction("fly", known: Action.allCases.map(\.rawValue) + ["lend", "shelve"])) {
            try map.overridden(by: ["shelf:x": "fly"])
        }
        // Only the control actions its defaults use: hush stays global.
        #expect(throws: KeymapError.actionNotInScope(action: "hush", scope: "shelf", allowed: ["lend", "repeatLast", "shelve"])) {
            try map.overridden(by: ["shelf:x": "hush"])
        }
        #expect(throws: KeymapError.actionNotInScope(action: "lend", scope: "list", allowed: KeyScope.list.actions.map(\.rawValue).sorted())) {
            try map.overridden(by: ["list:x": "lend"])
        }
        #expect(throws: KeymapError.unknownScope("moon", known: KeyScope.allCases.map(\.rawValue) + ["shelf"])) {
            try map.overridden(by: ["moon:x": "lend"])
        }
    }

    @MainActor @Test func helpPutsTheScreensKeysFirstThenTheAppsThenTheControlsAndTheGlobalOnesLast() {
        let desk = AppKeysTests.desk
        let map = self.map.declaring(desk)
        let lines = map.helpLines(screen: Self.shelf, app: desk, scopes: [.button, .global], strings: Strings(.english))
        #expect(Array(lines.prefix(9)) == [
            "Shelf, keys", "l: to lend", "dot: repeat", "Desk, keys", "F9: settings", "l: lend", "Button, keys", "Enter or Space: activate",
            "Any screen, keys",
        ])
        // Not declared: nothing to list but the keys of every screen.
        #expect(Keymap.standard.helpLines(screen: Self.shelf, app: nil, scopes: [], strings: Strings(.english)).first == "Any screen, keys")
    }
}

/// Keys an app answers on every screen (loowi's settings on F9), routed by the navigator after
/// the global keys and before the current screen's own.
@MainActor
@Suite("App keys", .timeLimit(.minutes(5))) struct AppKeysTests {
    enum Desk: String, CaseIterable, Sendable {
        case settings, lend
    }

    static let desk = ScreenKeys(
        name: "desk", spokenName: { _ in "desk" }, describe: { (action: Desk, _) in action.rawValue },
        defaults: [.app(.settings, .f(9)), .app(.lend, .character("l"))])

    func makeNavigator(keymap: Keymap) -> (Navigator, () -> [Desk]) {
        let settings = ControlSettings()
        let shelf = ScreenKeysTests.shelf
        let screen = ControlScreen(
            title: "First", controls: [Button(id: "a", label: "A")], screenKeys: shelf, settings: settings, keymap: keymap)
        screen.onAction(ScreenKeysTests.Shelf.self) { action, _ in ScreenOutcome([.say("screen \(action.rawValue)")]) }
        let navigator = Navigator(root: screen, settings: settings, keymap: keymap)
        var done: [Desk] = []
        navigator.onAppAction(Self.desk) { (action: Desk, _) in
            done.append(action)
            return action == .settings ? ScreenOutcome([.say("settings")]) : nil
        }
        _ = navigator.start(now: .now)
        return (navigator, { done })
    }

    @Test func anAppKeyAnswersOnAnyScreenBeforeTheScreensOwn() {
        let map = Keymap.standard.declaring(ScreenKeysTests.shelf).declaring(Self.desk)
        let (navigator, done) = makeNavigator(keymap: map)
        #expect(navigator.handle(.key(.f(9)), now: .now) == [.say("settings")])
        // "l" is the screen's lend and the app's lend: the app's wins, and it may decline.
        #expect(navigator.handle(.key(.character("l")), now: .now) == [.earcon(.softError)])
        #expect(done() == [.settings, .lend])
        // A key only the screen has still reaches it.
        var remapped = map
        remapped.unbind(.character("l"), in: Self.desk)
        let (other, _) = makeNavigator(keymap: remapped)
        #expect(other.handle(.key(.character("l")), now: .now) == [.say("screen lend")])
    }

    @Test func aGlobalKeyIsNeverHiddenByAnAppKey() throws {
        let map = try Keymap.standard.declaring(ScreenKeysTests.shelf).declaring(Self.desk).overridden(by: ["desk:F1": "settings"])
        let (navigator, done) = makeNavigator(keymap: map)
        let info = navigator.handle(.key(.f(1)), now: .now).transcriptLines
        #expect(info.last?.hasPrefix("say: Help for First: ") == true && done().isEmpty, "\(info)")
    }
}
