import Testing

@testable import AccessibleControls

/// The open mechanism for an app's screen keys, with a scope no app has.
@Suite("Screen keys") struct ScreenKeysTests {
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

    @Test func infoPutsTheScreensKeysAfterTheGlobalOnesOrFirst() {
        let global = map.infoText(title: "S", scopes: [.global], strings: Strings(.english))
        #expect(
            map.infoText(title: "S", screen: Self.shelf, scopes: [.global, .button], strings: Strings(.english))
                == global + " Shelf, keys: l: to lend. dot: repeat. Button, keys: Enter or Space: activate.")
        #expect(
            map.infoText(title: "S", screen: Self.shelf, scopes: [.button], strings: Strings(.english))
                == "S. Keys: Shelf, keys: l: to lend. dot: repeat. Button, keys: Enter or Space: activate.")
        // Not declared: nothing to list.
        #expect(Keymap.standard.infoText(title: "S", screen: Self.shelf, scopes: [], strings: Strings(.english)) == "S. Keys:")
    }
}
