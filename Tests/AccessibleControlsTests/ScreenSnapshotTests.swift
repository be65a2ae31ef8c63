import Testing
import TranscriptTesting

@testable import AccessibleControls

/// Issue 15, item 7: the full screen at 80x24 as a low-vision reader meets it, kept as
/// reviewed snapshots in Tests/Transcripts (RECORD_TRANSCRIPTS=1 writes them, on purpose).
/// Each row is shown between bars, padded by display columns, with its styles as runs
/// (N normal, B bright, F focused), so a row too wide or a focus lost shows in the diff.
@MainActor @Suite("Screen snapshots", .timeLimit(.minutes(5))) struct ScreenSnapshotTests {
    static let longPost =
        "Grace Hopper: It is often easier to ask for forgiveness than to ask for permission, and that was true of the first compiler too. Nobody believed a computer could write programs; they said computers could only do arithmetic. So I wrote one, and it read English words instead of numbers, and the committee came round a year later, once it had saved them more time than they spent arguing about it. The most dangerous phrase in the language is: we have always done it this way. #history #computing"

    static let emojiPost = "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉👨‍👩‍👧❤️東京🇪🇸 fiesta"

    /// The home timeline's rows: author, the post's text (focused), its time; the toolbar.
    static func timeline(post: String, title: String = "Home timeline, post 3 of 40") -> (FocusManager, Toolbar) {
        let toolbar = Toolbar()
        let controls: [any Control] = [
            Label(id: "author", label: "Author", text: "Grace Hopper @grace@example.org"),
            Label(id: "text", text: post),
            Label(id: "time", label: "Posted", text: "5 minutes ago"),
        ]
        let focus = FocusManager(title: title, controls: controls + toolbar.controls)
        _ = focus.focus(1, now: .now)
        return (focus, toolbar)
    }

    static func draw(_ screen: (FocusManager, Toolbar), status: String? = "Grace Hopper. It is often easier") -> Canvas {
        ScreenRenderer.draw(screen.0, toolbar: screen.1, status: status, width: 80, height: 24, now: .now)
    }

    /// The rows between bars with their styles.
    static func snapshot(_ canvas: Canvas) -> String {
        var out = "\(canvas.width)x\(canvas.height)\n"
        for (index, row) in canvas.cells.enumerated() {
            var text = ""
            var runs: [(Character, Int)] = []
            for cell in row {
                if !cell.isContinuation { text.append(cell.character) }
                let letter: Character = cell.style == .normal ? "N" : cell.style == .bright ? "B" : "F"
                if runs.last?.0 == letter { runs[runs.count - 1].1 += 1 } else { runs.append((letter, 1)) }
            }
            let number = index + 1 < 10 ? " \(index + 1)" : "\(index + 1)"
            out += "\(number)|\(text)|" + runs.map { "\($0.0)\($0.1)" }.joined(separator: " ") + "\n"
        }
        return out
    }

    @Test func aLongPostIsWrappedOverTheFreeRowsAndMarkedOnEach() throws {
        let canvas = Self.draw(Self.timeline(post: Self.longPost))
        try assertTranscript(Self.snapshot(canvas), named: "screen-long-post-80x24")
        #expect(canvas.lines[0] == "Home timeline, post 3 of 40")
        // The post takes 7 rows, every word of it on screen, each row marked and inverse.
        let postRows = canvas.lines.filter { $0.hasPrefix(">> ") }
        #expect(postRows.count == 7)
        #expect(postRows.map { $0.dropFirst(3) }.joined(separator: " ") == Self.longPost)
        for (row, line) in canvas.lines.enumerated() where line.hasPrefix(">> ") {
            #expect(canvas.cells[row].allSatisfy { $0.style == .focused }, "row \(row)")
        }
        #expect(canvas.lines[21] == "Grace Hopper. It is often easier")
        #expect(canvas.lines[23].hasPrefix(" [ Back ]"))
    }

    @Test func anEmojiRowTakesTwoColumnsAPictureAndKeepsTheTitleOnTop() throws {
        let screen = Self.timeline(post: Self.emojiPost, title: "Home 🏠 timeline, 東京")
        let canvas = Self.draw(screen)
        try assertTranscript(Self.snapshot(canvas), named: "screen-emoji-row-80x24")
        #expect(canvas.lines[0] == "Home 🏠 timeline, 東京")
        // 40 party poppers are 80 columns: 38 fit after the marker on the first row.
        #expect(canvas.lines[3] == ">> " + String(repeating: "🎉", count: 38))
        #expect(canvas.lines[4] == ">> 🎉🎉👨‍👩‍👧❤️東京🇪🇸 fiesta")
        for row in canvas.cells { #expect(row.reduce(0) { $0 + Int($1.columns) } == 80, "every row exactly the screen's 80 columns") }
        // A terminal that counts columns as the canvas does shows every row within the screen,
        // the title still on row 1.
        var grid = TerminalGrid(width: 80, height: 24)
        grid.apply(ANSIScreen.render(canvas))
        #expect(grid.problems == [])
        #expect(grid.cells == TerminalGrid.showing(canvas))
    }

    @Test func noColorWritesNoColourEscapes() throws {
        var canvas = Self.draw(Self.timeline(post: Self.longPost))
        canvas.palette = Palette.forTerminal(.highContrast, noColor: "1")
        let bytes = ANSIScreen.render(canvas)
        try assertTranscript(bytes.replacing("\u{1B}", with: "␛").replacing("\r\n", with: "␍␊\n"), named: "screen-no-color-80x24")
        #expect(Self.colourParameters(in: bytes) == [])
        // And the difference after a focus move has none either.
        let (focus, toolbar) = Self.timeline(post: Self.longPost)
        _ = focus.focus(2, now: .now)
        var next = ScreenRenderer.draw(focus, toolbar: toolbar, width: 80, height: 24, now: .now)
        next.palette = canvas.palette
        let difference = ANSIScreen.render(next, after: canvas)
        #expect(Self.colourParameters(in: difference) == [])
        #expect(difference.contains("\u{1B}[1;7m") || difference.contains("\u{1B}[7m"), "focus is still inverse")
        // The same screen in colour has them, so the check can fail.
        canvas.palette = Palette.forTerminal(.highContrast, noColor: "")
        #expect(Self.colourParameters(in: ANSIScreen.render(canvas)).contains(93))
        canvas.palette = Palette.forTerminal(.highContrast, noColor: nil)
        #expect(Self.colourParameters(in: ANSIScreen.render(canvas)).contains(93))
    }

    /// Every SGR parameter that sets a colour (30-49, 90-107, and 38/48 with 5 or 2).
    static func colourParameters(in bytes: String) -> [Int] {
        var found: [Int] = []
        var rest = Substring(bytes)
        while let start = rest.firstRange(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            let parameters = rest.prefix { "0123456789;:".contains($0) }
            rest = rest.dropFirst(parameters.count)
            guard rest.first == "m" else { continue }
            for number in parameters.split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap({ Int($0) })
            where (30...49).contains(number) || (90...107).contains(number) {
                found.append(number)
            }
        }
        return found
    }
}
