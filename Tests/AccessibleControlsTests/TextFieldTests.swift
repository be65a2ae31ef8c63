import Testing

@testable import AccessibleControls

@MainActor @Suite("Text field", .timeLimit(.minutes(5))) struct TextFieldTests {
    func type(_ text: String, into field: TextField, _ context: ControlContext = .test()) -> [String] {
        text.flatMap { field.handle(.character($0), in: context).lines }
    }

    @Test func focusSaysTextAndCursor() {
        let field = TextField(id: "t", label: "Message", text: "hello")
        #expect(field.describe(in: .test(.intermediate)) == "Message, text field, hello, cursor at end")
        #expect(TextField(id: "t", label: "Message").describe(in: .test(.expert)) == "Message, empty, cursor at end")
    }

    @Test func keyEchoCharactersWordsBothNone() {
        let chars = TextField(id: "t", label: "M")
        #expect(type("Hi yo", into: chars, .test(echo: .characters)) == ["say: capital H", "say: i", "say: space", "say: y", "say: o"])
        let words = TextField(id: "t", label: "M")
        #expect(type("Hi yo.", into: words, .test(echo: .words)) == ["say: Hi", "say: yo"])
        let both = TextField(id: "t", label: "M")
        #expect(type("ab c", into: both, .test(echo: .both)) == ["say: a", "say: b", "say: ab", "say: space", "say: c"])
        let none = TextField(id: "t", label: "M")
        #expect(type("ab", into: none, .test(echo: .none)) == [])
        #expect(none.text == "ab")
    }

    @Test func cursorByCharacterSaysTheCharacterUnderIt() {
        let field = TextField(id: "t", label: "M", text: "ab")
        let c = ControlContext.test()
        #expect(field.handle(.left, in: c).lines == ["say: b"])
        #expect(field.handle(.ctrl("b"), in: c).lines == ["say: a"])
        #expect(field.handle(.left, in: c).lines == ["sound: boundary", "say: start"])
        #expect(field.handle(.ctrl("f"), in: c).lines == ["say: b"])
        #expect(field.handle(.right, in: c).lines == ["say: end"])
        #expect(field.handle(.right, in: c).lines == ["sound: boundary", "say: end"])
    }

    @Test func cursorByWordLikeReadline() {
        let field = TextField(id: "t", label: "M", text: "one two, three")
        let c = ControlContext.test()
        #expect(field.handle(.alt("b"), in: c).lines == ["say: three"])
        #expect(field.cursor == 9)
        #expect(field.handle(.alt("b"), in: c).lines == ["say: two"])
        #expect(field.handle(Key(.left, .control), in: c).lines == ["say: one"])
        #expect(field.handle(.alt("b"), in: c).lines == ["sound: boundary", "say: start"])
        #expect(field.handle(.alt("f"), in: c).lines == ["say: one"])
        #expect(field.cursor == 3)
        #expect(field.handle(Key(.right, .control), in: c).lines == ["say: two"])
        #expect(field.cursor == 7)
        #expect(field.handle(.ctrl("e"), in: c).lines == ["say: end"])
        #expect(field.handle(.ctrl("a"), in: c).lines == ["say: start"])
        #expect(field.cursor == 0)
    }

    @Test func insertAndDeleteInTheMiddle() {
        let field = TextField(id: "t", label: "M", text: "ac")
        let c = ControlContext.test()
        _ = field.handle(.left, in: c)
        #expect(type("b", into: field) == ["say: b"])
        #expect(field.text == "abc")
        #expect(field.handle(.backspace, in: c).lines == ["say: b deleted"])
        #expect(field.handle(.delete, in: c).lines == ["say: c deleted"])
        #expect(field.handle(.ctrl("d"), in: c).lines == ["sound: boundary", "say: end"])
        #expect(field.text == "a")
        #expect(field.handle(.home, in: c).lines == ["say: start"])
        #expect(field.handle(.backspace, in: c).lines == ["sound: boundary", "say: start"])
    }

    @Test func killAndYank() {
        let field = TextField(id: "t", label: "M", text: "hello big world")
        let c = ControlContext.test()
        #expect(field.handle(.ctrl("w"), in: c).lines == ["say: world deleted"])
        #expect(field.text == "hello big ")
        #expect(field.handle(.ctrl("a"), in: c).lines == ["say: start"])
        #expect(field.handle(.ctrl("y"), in: c).lines == ["say: world"])
        #expect(field.text == "worldhello big ")
        #expect(field.handle(.ctrl("k"), in: c).lines == ["say: hello big deleted"])
        #expect(field.handle(.ctrl("u"), in: c).lines == ["say: world deleted"])
        #expect(field.text == "")
        #expect(field.handle(.ctrl("u"), in: c).lines == ["sound: boundary"])
        #expect(TextField(id: "t", label: "M").handle(.ctrl("y"), in: c).lines == ["sound: soft-error", "say: nothing to paste"])
    }

    @Test func maximumLengthPlaysTheLimitEarcon() {
        let field = TextField(id: "t", label: "M", maxLength: 3)
        #expect(type("abcd", into: field) == ["say: a", "say: b", "say: c", "sound: limit-reached", "say: Full, 3 characters"])
        #expect(field.text == "abc")
        let pasted = TextField(id: "t", label: "M", maxLength: 4)
        #expect(pasted.handlePaste("hello\nthere", in: .test()).lines == ["say: hell", "sound: limit-reached", "say: Full, 4 characters"])
    }

    @Test func pastedTextIsCleanedAndSaidWhole() {
        let field = TextField(id: "t", label: "M")
        #expect(field.handlePaste("a\u{1B}[31mred\u{1B}[0m\nline", in: .test()).lines == ["say: ared line"])
    }

    @Test func enterReadsEverythingAndSubmits() {
        let field = TextField(id: "t", label: "M", text: "hi")
        #expect(field.handle(.enter, in: .test()) == [.say("hi, cursor at end"), .event(ControlEvent("t", .submitted("hi")))])
    }

    @Test func keysItDoesNotUsePassThrough() {
        let field = TextField(id: "t", label: "M")
        #expect(field.handle(.tab, in: .test()) == nil)
        #expect(field.handle(.up, in: .test()) == nil)
        #expect(field.handle(.escape, in: .test()) == nil)
    }

    @Test func theScreenShowsTheCursor() {
        let field = TextField(id: "t", label: "M", text: "ab")
        _ = field.handle(.left, in: .test())
        #expect(field.displayText(in: .test()) == "M: a|b")
    }
}
