import TextSafety

/// A grid of terminal columns that a screen draws into; presenters turn it into terminal
/// output. Text is cleaned as it is written, so nothing drawn can control the terminal.
///
/// A cell holds one character (a grapheme cluster) and the columns it takes: a wide one (CJK,
/// an emoji, a ZWJ sequence) takes two, its second column a continuation cell that holds
/// nothing, so a canvas row is exactly as wide as the terminal's, and the title stays on row 0.
public struct Canvas: Sendable, Hashable {
    /// How a run of text is shown. Focus is never shown by colour alone: `focused` is bold and
    /// inverse, and the screen also puts a marker before the focused control.
    public enum Style: Sendable, Hashable {
        case normal, bright, focused
    }

    public struct Cell: Sendable, Hashable {
        public var character: Character
        public var style: Style
        /// 1, or 2 for a wide character; 0 for the continuation cell after a wide one.
        public var columns: UInt8 = 1

        public var isContinuation: Bool { columns == 0 }
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [[Cell]]
    /// The colours the screen writes this canvas in; a new palette redraws the whole screen.
    public var palette = Palette.whiteOnBlack

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        cells = Array(repeating: Array(repeating: Cell(character: " ", style: .normal), count: self.width), count: self.height)
    }

    /// Writes one line of text at `row`, `column`, clipped by display columns to the canvas (or
    /// before column `end`): a wide character that would cross the edge is left out, never
    /// half drawn. Returns the column after the text.
    @discardableResult
    public mutating func write(_ text: String, row: Int, column: Int = 0, style: Style = .normal, upTo end: Int? = nil) -> Int {
        guard (0..<height).contains(row) else { return column }
        let width = min(self.width, end ?? self.width)
        var x = column
        // The terminal's cleaning takes loowi's language marks out with every other stray tag.
        for c in Sanitizer.clean(text, for: .terminal) {
            let columns = DisplayWidth.columns(of: c)
            // A lone mark or format character has no column of its own to sit in.
            guard columns > 0 else { continue }
            guard x + columns <= width else { break }
            if x >= 0 { put(Cell(character: c, style: style, columns: UInt8(columns)), at: x, row: row) }
            x += columns
        }
        return x
    }

    /// Puts a cell at `x`, keeping wide characters whole: half of one overwritten blanks the
    /// other half, as a terminal does.
    private mutating func put(_ cell: Cell, at x: Int, row: Int) {
        let blank = Cell(character: " ", style: cells[row][x].style)
        if cells[row][x].isContinuation, x > 0 { cells[row][x - 1] = Cell(character: " ", style: cells[row][x - 1].style) }
        let end = x + Int(max(1, cell.columns))
        if end < width, cells[row][end].isContinuation { cells[row][end] = Cell(character: " ", style: cells[row][end].style) }
        if cells[row][x].columns == 2, cell.columns != 2, x + 1 < width { cells[row][x + 1] = blank }
        cells[row][x] = cell
        if cell.columns == 2 { cells[row][x + 1] = Cell(character: " ", style: cell.style, columns: 0) }
    }

    /// Paints a style over a stretch of a row (the focused control's whole line). A wide
    /// character is painted whole when the stretch takes either of its halves.
    public mutating func highlight(row: Int, from column: Int = 0, to end: Int? = nil, style: Style) {
        guard (0..<height).contains(row) else { return }
        var start = max(0, column)
        var stop = min(width, end ?? width)
        guard start < stop else { return }
        if cells[row][start].isContinuation, start > 0 { start -= 1 }
        if stop < width, cells[row][stop].isContinuation { stop += 1 }
        for x in start..<stop { cells[row][x].style = style }
    }

    /// The text of each row without trailing spaces: what a test or a braille display reads.
    public var lines: [String] {
        cells.map { row in
            var text = ""
            for cell in row where !cell.isContinuation { text.append(cell.character) }
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}
