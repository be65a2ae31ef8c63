import Testing

@testable import AccessibleControls

@Suite("Key bytes", .timeLimit(.minutes(5))) struct KeyBytesTests {
    @Test func encodedKeysDecodeToThemselves() {
        let keys: [Key] =
            [
                .character("a"), .character("ñ"), .enter, .tab, .shiftTab, .backspace, .delete, .up, .down, .left, .right,
                .home, .end, .pageUp, .pageDown, .ctrl("a"), .ctrl("w"), .alt("b"), .alt("f"), Key(.left, .control),
                Key(.right, .control), .shiftSpace, Key(.backspace, .alt), Key(.delete, .control),
            ] + (1...12).map { .f($0) }
        for key in keys {
            var decoder = KeyDecoder()
            let bytes = key.terminalBytes!
            #expect(decoder.decode(bytes, now: .now) + decoder.flush() == [.key(key)], "\(key.name)")
        }
        #expect(Key.ctrl("1").terminalBytes == nil)
    }
}

/// Readline is one per process: these tests run one at a time.
@MainActor @Suite("Readline field", .serialized, .timeLimit(.minutes(5))) struct ReadlineFieldTests {
    init() { ReadlineField.readUserBindings(false) }

    func press(_ field: ReadlineField, _ keys: Key..., context: ControlContext = .test()) -> [String] {
        keys.flatMap { field.handle($0, in: context).lines }
    }

    func type(_ field: ReadlineField, _ text: String, context: ControlContext = .test()) -> [String] {
        text.flatMap { field.handle(.character($0), in: context).lines }
    }

    @Test func typingIsEchoedAsReadlineEdits() {
        let field = ReadlineField(id: "cmd", label: "Command")
        _ = field.focusGained(in: .test())
        #expect(type(field, "hi yo") == ["say: h", "say: i", "say: space", "say: y", "say: o"])
        #expect(field.text == "hi yo")
        #expect(press(field, .left) == ["say: o"])
        #expect(press(field, .ctrl("a")) == ["say: start"])
        #expect(press(field, .alt("f")) == ["say: hi"])
        #expect(field.cursor == 2)
        #expect(press(field, .ctrl("e")) == ["say: end"])
        #expect(press(field, .right) == ["sound: boundary"])
        #expect(press(field, .backspace) == ["say: o deleted"])
        #expect(press(field, .ctrl("w")) == ["say: y deleted"])
        #expect(press(field, .ctrl("y")) == ["say: y"])
        #expect(press(field, .ctrl("u")) == ["say: hi y deleted"])
        #expect(field.text == "")
    }

    /// Readline is opened when a prompt first takes focus. When it cannot be, the prompt says
    /// so on focus and on every key, in the user's language, and the rest of the program goes on.
    @Test func aMissingReadlineIsSaidOnEveryKey() {
        ReadlineBridge.libraryName = "libreadline-not-here.so.8"
        defer { ReadlineBridge.libraryName = "libreadline.so.8" }
        let field = ReadlineField(id: "cmd", label: "Command")
        let english = ["sound: soft-error", "say: Typing is not available here: the readline library could not be opened."]
        #expect(field.focusGained(in: .test()).lines == english)
        #expect(type(field, "a") == english)
        #expect(press(field, .enter) == english)
        #expect(field.handlePaste("pasted", in: .test()).lines == english)
        let spanish = ["sound: soft-error", "say: Aquí no se puede escribir: no se pudo abrir la biblioteca readline."]
        #expect(type(field, "a", context: .test(language: .spanish)) == spanish)
        #expect(field.text == "")
        // Tab still moves on.
        #expect(field.handle(.tab, in: .test()) == nil)
    }

    /// With the real name back, the same process opens it and typing works.
    @Test func readlineOpensOnFirstFocus() {
        let field = ReadlineField(id: "cmd", label: "Command")
        #expect(field.focusGained(in: .test()).isEmpty)
        #expect(type(field, "ok") == ["say: o", "say: k"])
    }

    @Test func enterSubmitsAndHistoryRecallsIt() {
        let field = ReadlineField(id: "cmd", label: "Command", history: ["first"])
        _ = field.focusGained(in: .test())
        _ = type(field, "second")
        #expect(field.handle(.enter, in: .test()) == [.say("second"), .event(ControlEvent("cmd", .submitted("second"))), .redraw])
        #expect(field.history == ["first", "second"])
        #expect(field.text == "")
        #expect(press(field, .up) == ["say: second"])
        #expect(press(field, .up) == ["say: first"])
        #expect(press(field, .down) == ["say: second"])
        #expect(field.describe(in: .test(.intermediate)) == "Command, text field, second, cursor at end")
    }

    @Test func aRecalledLineIsReadWholeEvenWhenItSharesItsStart() {
        let field = ReadlineField(id: "cmd", label: "Command", history: ["hello world"])
        _ = field.focusGained(in: .test())
        _ = type(field, "hello ")
        #expect(press(field, .up) == ["say: hello world"])
    }

    @Test func wordEchoAndPaste() {
        let field = ReadlineField(id: "cmd", label: "Command")
        _ = field.focusGained(in: .test())
        #expect(type(field, "ab c", context: .test(echo: .words)) == ["say: ab"])
        #expect(field.handlePaste("\u{1B}[31mred", in: .test()).lines == ["say: red"])
        #expect(field.text == "ab cred")
    }

    @Test func focusKeysAreLeftToTheScreen() {
        let field = ReadlineField(id: "cmd", label: "Command")
        #expect(field.handle(.tab, in: .test()) == nil)
        #expect(field.handle(.escape, in: .test()) == nil)
        #expect(field.handle(.f(1), in: .test()) == nil)
    }
}
