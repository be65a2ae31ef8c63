/// Redrawing only what changed. The terminal is taken to show the previous canvas exactly,
/// its attributes reset (every frame ends with ESC[0m). Each changed stretch is reached with
/// an absolute cursor move (CUP) to its first display column (the canvas counts wide
/// characters as two), so a terminal that draws a character otherwise than the canvas counts
/// it can shift only the stretch it is in, never the ones after it.
extension ANSIScreen {
    /// The bytes that turn `previous`, as the terminal shows it, into `canvas`; everything, as
    /// `render(_:)` draws it, when there is no previous canvas, or its size or palette differs.
    public static func render(_ canvas: Canvas, after previous: Canvas?) -> String {
        guard let previous, previous.width == canvas.width, previous.height == canvas.height, previous.palette == canvas.palette else {
            return render(canvas)
        }
        let palette = canvas.palette
        var spans: [ChangedSpan] = []
        for row in 0..<canvas.height {
            spans += ChangedSpan.changes(in: canvas.cells[row], from: previous.cells[row], row: row, palette: palette)
        }
        var out = "\u{1B}[?25l"
        // nil: the terminal's own defaults (the plain palette's normal style is them).
        var style: Canvas.Style?
        for span in inStyleOrder(spans, of: canvas) {
            let cells = canvas.cells[span.row]
            out += cursor(row: span.row, column: span.start)
            for cell in cells[span.start..<span.end] where !cell.isContinuation {
                out += palette.transition(from: style, to: cell.style)
                style = cell.style
                out.append(cell.character)
            }
            if span.erasesRest {
                out += palette.transition(from: style, to: .normal) + eraseRest
                style = .normal
            }
        }
        // No fallback to the whole frame: it sets each style in full and clears and ends every
        // row, which costs more than these moves even when every cell changed (RedrawTests).
        return out + "\u{1B}[0m"
    }

    /// Erase in line, from the cursor to the end of the row, in the current background.
    static let eraseRest = "\u{1B}[K"

    /// CUP to a 0-based row and column; column 1 is CUP's default, so it is left out.
    static func cursor(row: Int, column: Int) -> String {
        if column > 0 { return "\u{1B}[\(row + 1);\(column + 1)H" }
        return row == 0 ? "\u{1B}[H" : "\u{1B}[\(row + 1)H"
    }

    /// Screen order, except that a span starting in the style the terminal is already in is
    /// written before one that would need a change: an SGR costs as much as a cursor move, and
    /// a focus move with a label below it would otherwise switch styles three times.
    static func inStyleOrder(_ spans: [ChangedSpan], of canvas: Canvas) -> [ChangedSpan] {
        // Each style's spans, the earliest last, so the next is popped.
        var waiting = Dictionary(grouping: spans.indices) { spans[$0].firstStyle(in: canvas.cells[spans[$0].row]) }
            .mapValues { Array($0.reversed()) }
        var ordered: [ChangedSpan] = []
        ordered.reserveCapacity(spans.count)
        var style: Canvas.Style?
        while ordered.count < spans.count {
            let next = style.flatMap { waiting[$0]?.isEmpty == false ? $0 : nil } ?? earliest(in: waiting)
            let span = spans[waiting[next]!.removeLast()]
            ordered.append(span)
            style = span.lastStyle(in: canvas.cells[span.row])
        }
        return ordered
    }

    private static func earliest(in waiting: [Canvas.Style: [Int]]) -> Canvas.Style {
        waiting.filter { !$0.value.isEmpty }.min { $0.value.last! < $1.value.last! }!.key
    }
}
