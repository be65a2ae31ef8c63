/// A grid of characters that a screen draws into; presenters turn it into terminal output.
/// Text is cleaned as it is written, so nothing drawn can control the terminal.
public struct Canvas: Sendable, Hashable {
    /// How a run of text is shown. Focus is never shown by colour alone: `focused` is inverse
    /// video and the screen also puts a `>` marker before the focused control.
    public enum Style: Sendable, Hashable {
        case normal, bright, focused
    }

    public struct Cell: Sendable, Hashable {
        public var character: Character
        public var style: Style
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [[Cell]]

    public init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        cells = Array(repeating: Array(repeating: Cell(character: " ", style: .normal), count: self.width), count: self.height)
    }

    /// Writes one line of text at `row`, `column`, clipped to the canvas. Wide characters are
    /// not measured: a terminal may show an emoji over two cells, which only shifts that row.
    public mutating func write(_ text: String, row: Int, column: Int = 0, style: Style = .normal) {
        guard (0..<height).contains(row) else { return }
        var x = column
        for c in TextSanitizer.clean(text) {
            guard x < width else { break }
            if x >= 0 { cells[row][x] = Cell(character: c, style: style) }
            x += 1
        }
    }

    /// Paints a style over a stretch of a row (the focused control's whole line).
    public mutating func highlight(row: Int, from column: Int = 0, to end: Int? = nil, style: Style) {
        guard (0..<height).contains(row) else { return }
        for x in max(0, column)..<min(width, end ?? width) { cells[row][x].style = style }
    }

    /// The text of each row without trailing spaces: what a test or a braille display reads.
    public var lines: [String] {
        cells.map { row in
            var text = String(row.map(\.character))
            while text.last == " " { text.removeLast() }
            return text
        }
    }
}
