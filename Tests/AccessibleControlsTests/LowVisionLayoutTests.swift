import Testing

@testable import AccessibleControls

/// Issue 15, item 7: display columns, wrapping, and how the controls share the rows.
@MainActor @Suite("Low-vision layout", .timeLimit(.minutes(5))) struct LowVisionLayoutTests {
    @Test func displayColumnsCountWideCharactersAndClustersAsTerminalsDo() {
        let cases: [(Character, Int)] = [
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("ñ", 1), ("Ж", 1), ("中", 2), ("あ", 2), ("한", 2), ("Ａ", 2),
            ("🎉", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("🇪🇸", 2), ("☀", 1), ("☀️", 2),
            ("\u{301}", 0), ("\u{200B}", 0), ("⌚", 2), ("▶", 1),
        ]
        for (character, columns) in cases {
            #expect(DisplayWidth.columns(of: character) == columns, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(DisplayWidth.columns(of: "Hola 🎉 中文") == 12)
    }

    @Test func textIsWrappedAtSpacesAndALongWordIsBroken() {
        #expect(TextWrapper.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(TextWrapper.wrap("short", width: 9) == ["short"])
        #expect(TextWrapper.wrap("", width: 9) == [""])
        #expect(TextWrapper.wrap("abcdefghijkl mn", width: 5) == ["abcde", "fghij", "kl mn"])
        #expect(TextWrapper.wrap("a  b", width: 9) == ["a  b"], "spaces inside a row are kept")
        #expect(TextWrapper.wrap("🎉🎉🎉 中文字", width: 5) == ["🎉🎉", "🎉", "中文", "字"], "wide characters are never split")
        for row in TextWrapper.wrap(Substring(ScreenSnapshotTests.longPost), width: 37) { #expect(DisplayWidth.columns(of: row) <= 37) }
    }

    /// Too many rows for everything: the others show a row a line, the focused one all of its.
    @Test func whenSpaceIsShortTheFocusedControlKeepsItsRows() {
        let long = String(repeating: "word ", count: 60)
        let labels = (0..<8).map { Label(id: "l\($0)", text: "\($0) " + long) }
        let focus = FocusManager(title: "List", controls: labels)
        _ = focus.focus(5, now: .now)
        let canvas = ScreenRenderer.draw(focus, width: 40, height: 16, now: .now)
        #expect(canvas.lines[0] == "List")
        let focused = canvas.lines.filter { $0.hasPrefix(">> ") }
        #expect(focused.first?.hasPrefix(">> 5 word") == true)
        #expect(focused.count == 9, "300 letters over 37 columns")
        #expect(canvas.lines.contains { $0.hasPrefix("   4 word") })
        // Far down a list, the screen starts at a later control so the focus stays on it.
        _ = focus.focus(7, now: .now)
        let later = ScreenRenderer.draw(focus, width: 40, height: 16, now: .now)
        #expect(later.lines[0] == "List")
        #expect(later.lines.contains { $0.hasPrefix(">> 7 word") })
        #expect(!later.lines.contains { $0.hasPrefix("   0 word") })
    }

    /// A post longer than the screen shows as much of itself as fits, focused, from its start.
    @Test func aPostLongerThanTheScreenFillsItFromItsStart() {
        let label = Label(id: "post", text: String(repeating: "long ", count: 200))
        let focus = FocusManager(title: "Post", controls: [label, Button(id: "b", label: "Reply")])
        let canvas = ScreenRenderer.draw(focus, width: 30, height: 10, now: .now)
        #expect(canvas.lines[0] == "Post")
        #expect(canvas.lines[2...].allSatisfy { $0.hasPrefix(">> long") })
    }

    @Test func themesWriteTheirColoursAndPlainWritesNone() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("ab", row: 0, style: .focused)
        canvas.palette = ScreenTheme.highContrast.palette
        #expect(ANSIScreen.render(canvas) == "\u{1B}[?25l\u{1B}[H\u{1B}[0;1;7;93;40mab\u{1B}[0;93;40m  \u{1B}[0m")
        canvas.palette = ScreenTheme.plain.palette
        #expect(ANSIScreen.render(canvas) == "\u{1B}[?25l\u{1B}[H\u{1B}[0;1;7mab\u{1B}[0m  \u{1B}[0m")
        var next = canvas
        next.write("cd", row: 0, column: 2)
        #expect(ANSIScreen.render(next, after: canvas) == "\u{1B}[?25l\u{1B}[1;3Hcd\u{1B}[0m", "plain normal text needs no SGR")
        #expect(Palette.forTerminal(.default, noColor: "1") == .terminalColours)
        #expect(Palette.forTerminal(.highContrast, noColor: "") == .yellowOnBlack)
    }
}
