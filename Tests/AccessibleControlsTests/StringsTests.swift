import Testing

@testable import AccessibleControls

@Suite("Strings", .timeLimit(.minutes(5))) struct StringsTests {
    @Test func englishHasEveryString() {
        let missing = StringKey.allCases.filter { StringKey.english[$0] == nil }
        #expect(missing.isEmpty)
        #expect(Action.allCases.filter { Action.english[$0] == nil }.isEmpty)
    }

    @Test(arguments: [Language.spanish, .catalan])
    func controlVocabularyIsTranslated(language: Language) {
        // Roles, states, hints and modes must exist in every language.
        let vocabulary: [StringKey] = [
            .roleLabel, .roleButton, .roleToggleButton, .roleTextField, .roleSegmented, .roleTimedSelector,
            .roleList, .roleSlider, .roleKeypad, .roleBusy, .hintLabel, .hintButton, .hintToggle,
            .hintTextField, .hintSegmented, .hintTimedSelector, .hintList, .hintSlider, .hintKeypad,
            .hintBusy, .on, .off, .unavailable, .empty, .selected, .modeLower, .modeUpper, .modeNumbers, .modeSymbols,
        ]
        let table = Strings(language).table
        #expect(vocabulary.filter { table[$0] == nil }.isEmpty)
        #expect(StringKey.allCases.filter { table[$0] == nil }.isEmpty)
        #expect(Action.allCases.filter { Catalogue<Action>(language).table[$0] == nil }.isEmpty)
    }

    @Test func theTablesAreCompleteAndKeepTheirPlaceholders() {
        #expect(CatalogueAudit.problems(StringKey.self) == [])
        #expect(CatalogueAudit.problems(Action.self) == [])
        #expect(CatalogueAudit.problems(PracticeText.self) == [])
    }

    @Test func americanEnglishSpeaksTheBritishTable() {
        for key in StringKey.allCases {
            #expect(Strings(.americanEnglish)(key, "1", "2") == Strings(.britishEnglish)(key, "1", "2"))
        }
        #expect(Strings(.americanEnglish).spokenName(of: .shiftTab) == "Shift-Tab")
    }

    @Test func placeholdersAreFilled() {
        #expect(Strings(.english)(.positionOf, "3", "20") == "3 of 20")
        #expect(Strings(.spanish)(.positionOf, "3", "20") == "3 de 20")
    }

    @Test func aMissingTranslationFallsBackToEnglishNeverToTheKeyName() {
        #expect(Strings.fill(StringKey.english[.cursorAtEnd]!, []) == "cursor at end")
        // Catalan has no name for the Tab key, so the canonical English name is used.
        #expect(Strings(.catalan).spokenName(of: .shiftTab) == "Majúscules-Tab")
        #expect(Strings(.spanish).spokenName(of: Key(.up)) == "Arriba")
    }

    @Test func charactersAreSpokenByName() {
        let en = Strings(.english)
        #expect(en.spokenCharacter(" ") == "space")
        #expect(en.spokenCharacter("A") == "capital A")
        #expect(en.spokenCharacter("a") == "a")
        #expect(Strings(.spanish).spokenCharacter("@") == "arroba")
    }

    @Test func durations() {
        let en = Strings(.english)
        #expect(en.duration(.seconds(1)) == "1 second")
        #expect(en.duration(.milliseconds(12_900)) == "12 seconds")
        #expect(en.duration(.seconds(75)) == "1 minutes 15 seconds")
    }
}

@Suite("Keymap", .timeLimit(.minutes(5))) struct KeymapTests {
    @Test func keyNamesRoundTrip() {
        let keys: [Key] = [
            .tab, .shiftTab, .enter, .space, .shiftSpace, .ctrl("a"), .alt("f"), .pageDown, .f(12),
            .character("j"), .character("?"), Key(.keypad(.digit(5))), Key(.left, .control), .character("-"),
        ]
        for key in keys { #expect(Key(name: key.name) == key, "\(key.name)") }
        #expect(Key.ctrl("a").name == "Ctrl-A")
        #expect(Key(name: "ctrl-a") == .ctrl("a"))
        #expect(Key(name: "Hyper-X") == nil)
        #expect(Key(name: "F13") == nil)
    }

    @Test func lookupIsByScope() {
        let map = Keymap.standard
        #expect(map.action(for: .space, in: .button) == .activate)
        #expect(map.action(for: .space, in: .label) == .nextWord)
        #expect(map.action(for: .tab, in: .global) == .nextControl)
        #expect(map.action(for: .character("j"), in: .list) == .next)
        #expect(map.action(for: .character("j"), in: .slider) == .previous)
    }

    @Test func configurationOverridesAndUnbinds() throws {
        let map = try Keymap.standard.overridden(by: ["F9": "info", "list:n": "next", "label:Backspace": "none"])
        #expect(map.action(for: .f(9), in: .global) == .info)
        #expect(map.action(for: .character("n"), in: .list) == .next)
        #expect(map.action(for: .backspace, in: .label) == nil)
        #expect(map.action(for: .shiftSpace, in: .label) == .previousWord)
    }

    @Test func configurationErrorsSayWhatIsAllowed() {
        #expect(throws: KeymapError.unknownKey("Hyper-X")) { try Keymap.standard.overridden(by: ["Hyper-X": "info"]) }
        // Without screen scopes declared, only the control library's names are allowed.
        #expect(throws: KeymapError.unknownAction("fly", known: Action.allCases.map(\.rawValue))) {
            try Keymap.standard.overridden(by: ["F9": "fly"])
        }
        #expect(throws: KeymapError.unknownScope("moon", known: KeyScope.allCases.map(\.rawValue))) {
            try Keymap.standard.overridden(by: ["moon:F9": "info"])
        }
        #expect(throws: KeymapError.unknownScope("timeline", known: KeyScope.allCases.map(\.rawValue))) {
            try Keymap.standard.overridden(by: ["timeline:x": "whereAmI"])
        }
        #expect(throws: KeymapError.actionNotInScope(action: "activate", scope: "global", allowed: KeyScope.global.actions.map(\.rawValue).sorted()))
        {
            try Keymap.standard.overridden(by: ["F9": "activate"])
        }
        #expect(
            KeymapError.unknownAction("fly", known: Action.allCases.map(\.rawValue)).description
                .hasSuffix("deleteCharacter, status, or none."))
    }

    @Test func helpIsGeneratedFromTheTable() throws {
        let lines = Keymap.standard.helpLines(screen: nil, app: nil, scopes: [.global, .button], strings: Strings(.english))
        #expect(
            lines == [
                "Button, keys", "Enter or Space: activate", "Any screen, keys", "Tab or Right: next control", "Shift-Tab or Left: previous control",
                "Escape: back", "F1 or question mark: this help", "F2: where am I", "F3: repeat", "F4 or Ctrl-G: silence", "F5: change verbosity",
                "F6: say positions or not", "F7: speak slower", "F8: speak faster", "F10 or Ctrl-Q: quit",
            ])
        let remapped = try Keymap.standard.overridden(by: ["button:Space": "none"])
        #expect(remapped.helpLines(screen: nil, app: nil, scopes: [.button], strings: Strings(.spanish)).prefix(2) == ["Botón, teclas", "Intro: activar"])
    }
}
