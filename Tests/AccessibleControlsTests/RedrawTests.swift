import Testing

@testable import AccessibleControls

#if canImport(Glibc)
    import Glibc
#endif

/// Seeded, so a failing case comes back the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Full screen writes only the cells that changed (issue 14): a terminal that was sent a
/// frame and then the difference to the next must hold exactly the next frame.
@MainActor @Suite("Redraw", .timeLimit(.minutes(5))) struct RedrawTests {
    /// The frames drawn into one terminal as the screen draws them: the first whole, each
    /// later one as the difference from the one before.
    func terminal(showing frames: [Canvas]) -> TerminalGrid {
        var grid = TerminalGrid(width: frames[0].width, height: frames[0].height)
        var previous: Canvas?
        for frame in frames {
            grid.apply(ANSIScreen.render(frame, after: previous))
            previous = frame
        }
        return grid
    }

    func expectShows(_ frames: [Canvas], sourceLocation: SourceLocation = #_sourceLocation) {
        for count in 1...frames.count {
            let grid = terminal(showing: Array(frames.prefix(count)))
            #expect(grid.cells == TerminalGrid.showing(frames[count - 1]), "frame \(count) of \(frames.count)", sourceLocation: sourceLocation)
            #expect(grid.problems == [], sourceLocation: sourceLocation)
            #expect(grid.cursorHidden, sourceLocation: sourceLocation)
            #expect(grid.attributes == TerminalGrid.Attributes(), "each frame ends with the attributes reset", sourceLocation: sourceLocation)
        }
    }

    // MARK: Correctness

    /// Wide ones too (CJK, an emoji, a ZWJ family, a VS16 heart), written over each other's
    /// halves at random columns.
    static let characters: [Character] = [" ", " ", " ", " ", "a", "b", "z", ">", "é", "ñ", "·", "1", "中", "🎉", "👨‍👩‍👧", "❤️"]
    static let styles: [Canvas.Style] = [.normal, .normal, .normal, .bright, .focused]

    func randomCanvas(width: Int, height: Int, using random: inout SplitMix64) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for row in 0..<height {
            // Rows of every length, so some end in blanks an erase can clear.
            let length = Int.random(in: 0...width, using: &random)
            for column in 0..<length {
                canvas.write(
                    String(Self.characters.randomElement(using: &random)!), row: row, column: column,
                    style: Self.styles.randomElement(using: &random)!)
            }
        }
        return canvas
    }

    /// The next frame: a few cells, a focus bar, a shorter or longer row, nothing, or all.
    func changed(_ canvas: Canvas, using random: inout SplitMix64) -> Canvas {
        var next = canvas
        let row = Int.random(in: 0..<canvas.height, using: &random)
        let column = Int.random(in: 0..<canvas.width, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                next.write(
                    String(Self.characters.randomElement(using: &random)!), row: Int.random(in: 0..<canvas.height, using: &random),
                    column: Int.random(in: 0..<canvas.width, using: &random), style: Self.styles.randomElement(using: &random)!)
            }
        case 1:
            next.write(">", row: row, style: .focused)
            next.highlight(row: row, style: .focused)
        case 2: next.write(String(repeating: " ", count: canvas.width), row: row, column: column)
        case 3:
            next.write(
                String((0..<canvas.width).map { _ in Self.characters.randomElement(using: &random)! }), row: row, column: column, style: .bright)
        case 4: break
        default: next = randomCanvas(width: canvas.width, height: canvas.height, using: &random)
        }
        return next
    }

    @Test func theFullFrameShowsTheCanvas() {
        var random = SplitMix64(state: 7)
        for _ in 0..<100 {
            let canvas = randomCanvas(width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...8, using: &random), using: &random)
            expectShows([canvas])
        }
    }

    @Test func eachDifferenceTurnsOneFrameIntoTheNext() {
        var random = SplitMix64(state: 14)
        for _ in 0..<300 {
            var frames = [randomCanvas(width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...8, using: &random), using: &random)]
            for _ in 0..<8 { frames.append(changed(frames.last!, using: &random)) }
            expectShows(frames)
        }
    }

    /// Frames the app draws: the focus moving down a list and round the toolbar, a label
    /// changing, a wheel turning, a field being typed into.
    @Test func drawnScreensComeOutRight() {
        let toolbar = Toolbar()
        let posts = Self.posts.map { Label(id: $0, text: $0) }
        let wheel = Wheel(id: "w", label: "Posts", items: Self.posts)
        let field = TextField(id: "t", label: "Reply", text: "")
        let focus = FocusManager(title: "Home", controls: posts + [wheel, field] + toolbar.controls)
        let now = ContinuousClock.now
        let context = focus.context(now: now)
        var frames: [Canvas] = []
        for step in 0..<16 {
            switch step {
            case 0..<9: _ = focus.moveFocus(forward: true, now: now)
            case 9..<12: _ = wheel.handle(.down, in: context)
            default: _ = field.handle(.character(Array("hi!")[step % 3]), in: context)
            }
            posts[0].setText("Where: step \(step)")
            frames.append(ScreenRenderer.draw(focus, toolbar: toolbar, width: 60, height: 14, now: now))
        }
        expectShows(frames)
    }

    // MARK: What is written

    @Test func theFirstFrameAndANewSizeAreDrawnWhole() {
        var random = SplitMix64(state: 21)
        let first = randomCanvas(width: 20, height: 5, using: &random)
        #expect(ANSIScreen.render(first, after: nil) == ANSIScreen.render(first))
        let wider = randomCanvas(width: 21, height: 5, using: &random)
        let taller = randomCanvas(width: 20, height: 6, using: &random)
        #expect(ANSIScreen.render(wider, after: first) == ANSIScreen.render(wider))
        #expect(ANSIScreen.render(taller, after: first) == ANSIScreen.render(taller))
    }

    /// A terminal draws "☀️" two columns wide and the canvas counts it so: a change after it
    /// is reached with a cursor move to its display column, not the whole row rewritten (as
    /// issue 14's stopgap did).
    @Test func aChangeAfterAWideCharacterIsReachedByItsDisplayColumn() {
        var before = Canvas(width: 30, height: 3)
        before.write("Tiempo: ☀️ hace 5 minutos", row: 1)
        before.write("東京: 5 分前", row: 2)
        var after = before
        after.write("Tiempo: ☀️ hace 6 minutos", row: 1)
        after.write("東京: 6 分前", row: 2)
        // "Tiempo: " 8 columns, the sun 2, " hace " 6: the digit is in column 17; in row 3,
        // two ideographs (4 columns) and ": " put it in column 7.
        #expect(ANSIScreen.render(after, after: before) == "\u{1B}[?25l\u{1B}[2;17H\u{1B}[97;40m6\u{1B}[3;7H6\u{1B}[0m")
        expectShows([before, after])
        // A wide character replacing two narrow ones, and the other way round.
        var swapped = after
        swapped.write("Tiempo: ab hace 6 minutos", row: 1)
        swapped.write("東京: 6 🎉前", row: 2)
        expectShows([before, after, swapped, before])
    }

    /// The canvas counts columns as the terminal does: a row of wide characters never holds
    /// more than the row's width, and one that would cross the edge is left out whole.
    @Test func wideCharactersTakeTwoColumnsAndAreNeverCutInHalf() {
        var family = Canvas(width: 7, height: 1)
        #expect(family.write("a中🎉👨‍👩‍👧", row: 0) == 7, "a ZWJ family is one picture, two columns")
        var canvas = Canvas(width: 6, height: 1)
        let end = canvas.write("a中🎉👨‍👩‍👧", row: 0)
        #expect(end == 5)
        #expect(canvas.lines == ["a中🎉"])
        #expect(canvas.cells[0].map(\.columns) == [1, 2, 0, 2, 0, 1])
        #expect(ANSIScreen.render(canvas) == "\u{1B}[?25l\u{1B}[H\u{1B}[0;97;40ma中🎉 \u{1B}[0m")
        // Half a wide character overwritten blanks its other half.
        canvas.write("x", row: 0, column: 2)
        #expect(canvas.lines == ["a x🎉"])
        #expect(canvas.cells[0].map(\.columns) == [1, 1, 1, 2, 0, 1])
    }

    @Test func anUnchangedFrameWritesOnlyThePrefixAndSuffix() {
        let frame = Self.postList(focused: 2, width: 80, height: 24)
        #expect(ANSIScreen.render(frame, after: frame) == "\u{1B}[?25l\u{1B}[0m")
    }

    /// Issue 14's measure: the focus moving from one post to the next at 80x24. Each post is
    /// wrapped over three rows since issue 15, and the focus is shown on all of them: the two
    /// posts' six rows of 80 cells, each with a move and a style (92 bytes), the label's digit
    /// (8) and the frame's prefix and suffix (10) at the most; 200 when posts were cut to a row.
    @Test func movingToTheNextPostWritesOnlyTheTwoPostsRows() {
        let before = Self.postList(focused: 2, width: 80, height: 24)
        let after = Self.postList(focused: 3, width: 80, height: 24)
        #expect(before.lines[8].hasPrefix(">> Alan Turing") && before.lines[10].hasPrefix(">> "))
        #expect(after.lines[11].hasPrefix(">> Katherine Johnson") && after.lines[13].hasPrefix(">> "))
        let bytes = ANSIScreen.render(after, after: before).utf8.count
        print("post list focus move at 80x24: \(bytes) of \(ANSIScreen.render(after).utf8.count) bytes")
        #expect(bytes <= 6 * 92 + 8 + 10, "\(bytes)")
        #expect(ANSIScreen.render(after).utf8.count > 4 * bytes, "the whole frame, as every key wrote it before")
        expectShows([before, after])
    }

    /// At 200x50 the two rows are 400 cells; moves and styles add a few dozen bytes.
    @Test func movingToTheNextPostOnALargeTerminalWritesTheTwoRows() {
        let before = Self.postList(focused: 2, width: 200, height: 50)
        let after = Self.postList(focused: 3, width: 200, height: 50)
        #expect(ANSIScreen.render(after, after: before).utf8.count <= 2 * 200 + 50)
        expectShows([before, after])
    }

    @Test func aDifferenceIsNeverLongerThanTheWholeFrame() {
        var random = SplitMix64(state: 28)
        for _ in 0..<200 {
            let before = randomCanvas(width: Int.random(in: 1...30, using: &random), height: Int.random(in: 1...8, using: &random), using: &random)
            let after = changed(before, using: &random)
            #expect(ANSIScreen.render(after, after: before).utf8.count <= ANSIScreen.render(after).utf8.count)
        }
    }

    @Test func changedStretchesCloseTogetherAreWrittenAsOne() {
        var before = Canvas(width: 40, height: 1)
        before.write("one two three", row: 0)
        var after = before
        after.write("ONE", row: 0)
        after.write("THREE", row: 0, column: 8)
        // "ONE two THREE": the five unchanged cells between cost less than a second move.
        #expect(ANSIScreen.render(after, after: before) == "\u{1B}[?25l\u{1B}[H\u{1B}[97;40mONE two THREE\u{1B}[0m")
        var far = before
        far.write("O", row: 0)
        far.write("!", row: 0, column: 39)
        #expect(ANSIScreen.render(far, after: before) == "\u{1B}[?25l\u{1B}[H\u{1B}[97;40mO\u{1B}[1;40H!\u{1B}[0m")
    }

    @Test func aRowThatGotShorterIsErasedNotWrittenWithSpaces() {
        var before = Canvas(width: 40, height: 2)
        before.write("a long line of text that fills the row", row: 1)
        var after = before
        after.write(String(repeating: " ", count: 40), row: 1)
        after.write("short", row: 1)
        #expect(ANSIScreen.render(after, after: before) == "\u{1B}[?25l\u{1B}[2H\u{1B}[97;40mshort\u{1B}[K\u{1B}[0m")
    }

    // MARK: The screen

    @Test func theScreenDrawsWholeFirstThenOnlyChangesUntilInvalidated() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let screen = ANSIScreen(fileDescriptor: ends[1])
        let first = Self.postList(focused: 2, width: 80, height: 24)
        let second = Self.postList(focused: 3, width: 80, height: 24)
        await screen.present(first)
        #expect(Self.read(ends[0]) == ANSIScreen.render(first))
        await screen.present(second)
        #expect(Self.read(ends[0]) == ANSIScreen.render(second, after: first))
        screen.invalidate()
        await screen.present(second)
        #expect(Self.read(ends[0]) == ANSIScreen.render(second))
        let resized = Self.postList(focused: 3, width: 70, height: 20)
        await screen.present(resized)
        #expect(Self.read(ends[0]) == ANSIScreen.render(resized))
    }

    @Test func thePumpRedrawsAllInTurnWhenAsked() async {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let pump = FeedbackPump(speech: RecordingSpeech(), screen: ANSIScreen(fileDescriptor: ends[1]))
        let first = Self.postList(focused: 2, width: 80, height: 24)
        let second = Self.postList(focused: 3, width: 80, height: 24)
        pump.present(first)
        pump.present(second)
        pump.present(second, redrawingAll: true)
        await pump.finish()
        #expect(Self.read(ends[0]) == ANSIScreen.render(first) + ANSIScreen.render(second, after: first) + ANSIScreen.render(second))
    }

    // MARK: Helpers

    static let posts = [
        "Grace Hopper: Compilers are fun. I spent the afternoon teaching one to read English words instead of numbers, and it learned faster than the committee did. 5 minutes ago",
        "Ada Lovelace: The engine might compose elaborate and scientific pieces of music of any degree of complexity or extent, if only someone would write the notes down for it. 1 hour ago",
        "Alan Turing: We can only see a short distance ahead, but we can see plenty there that needs to be done, starting with the tea, which has gone cold twice this morning. 2 hours ago",
        "Katherine Johnson: Like what you do, and then you will do your best; and check the numbers again by hand before anyone climbs into the capsule, however late it is. 3 hours ago",
        "Margaret Hamilton: There was no choice but to be pioneers; no time to be beginners. The priority display saved the landing, and nobody had asked for it at the start. 4 hours ago",
        "Edsger Dijkstra: Simplicity is prerequisite for reliability, and the question of whether a computer can think is no more interesting than whether a submarine swims. 5 hours ago",
    ]

    /// A list of posts, one a row, with the focus on one and a label saying where it is: a
    /// focus move changes the two rows' styles and `>` markers and one digit of the label.
    static func postList(focused: Int, width: Int, height: Int) -> Canvas {
        let toolbar = Toolbar()
        let whereLabel = Label(id: "where", label: "Where", text: "post \(focused + 1) of \(posts.count)")
        let focus = FocusManager(title: "Home", controls: posts.map { Label(id: $0, text: $0) } + [whereLabel] + toolbar.controls)
        _ = focus.focus(focused, now: .now)
        return ScreenRenderer.draw(focus, toolbar: toolbar, width: width, height: height, now: .now)
    }

    /// What the screen wrote into the pipe so far.
    static func read(_ fd: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let n = Glibc.read(fd, &bytes, bytes.count)
        return String(decoding: bytes[0..<max(0, n)], as: UTF8.self)
    }
}
