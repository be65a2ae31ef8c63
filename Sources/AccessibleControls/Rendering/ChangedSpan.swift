/// A stretch of one row that a frame rewrites: from `start` to `end` cell by cell, then, when
/// `erasesRest`, the blank rest of the row with one erase (EL) instead of spaces.
struct ChangedSpan: Equatable {
    let row: Int
    let start: Int
    var end: Int
    var erasesRest = false

    static let blank = Canvas.Cell(character: " ", style: .normal)

    /// The stretches of `new` that differ from `old`, joined where writing the unchanged cells
    /// between two of them is no longer than moving the cursor over them.
    static func changes(in new: [Canvas.Cell], from old: [Canvas.Cell], row: Int, palette: Palette) -> [ChangedSpan] {
        guard new != old else { return [] }
        var spans: [ChangedSpan] = []
        var column = 0
        while column < new.count {
            guard new[column] != old[column] else {
                column += 1
                continue
            }
            var end = column + 1
            while end < new.count, new[end] != old[end] { end += 1 }
            // Columns, not characters: a stretch starts on a character's first column and takes
            // a wide character whole, so the cursor moves to where the terminal has it.
            if new[column].isContinuation { column -= 1 }
            if end < new.count, new[end].isContinuation { end += 1 }
            if let last = spans.last, last.end >= column || bridging(new, from: last.end, to: column, row: row, palette: palette) {
                spans[spans.count - 1].end = max(end, spans[spans.count - 1].end)
            } else {
                spans.append(ChangedSpan(row: row, start: column, end: end))
            }
            column = end
        }
        guard var last = spans.popLast() else { return [] }
        // A row that got shorter: its blank tail is cleared in three bytes, not written.
        var rest = new.count
        while rest > last.start, new[rest - 1] == blank { rest -= 1 }
        if last.end - rest > ANSIScreen.eraseRest.utf8.count {
            last.end = rest
            last.erasesRest = true
        }
        return spans + [last]
    }

    /// Whether writing the unchanged cells `from..<to` costs no more than a cursor move to `to`.
    /// Both end in the same place and style, so the cheaper one is right whatever comes next.
    private static func bridging(_ cells: [Canvas.Cell], from: Int, to: Int, row: Int, palette: Palette) -> Bool {
        var style = cells[from - 1].style
        let jump = ANSIScreen.cursor(row: row, column: to).utf8.count + palette.transition(from: style, to: cells[to].style).utf8.count
        var bridge = 0
        for cell in cells[from..<to] where !cell.isContinuation {
            bridge += palette.transition(from: style, to: cell.style).utf8.count + cell.character.utf8.count
            guard bridge <= jump else { return false }
            style = cell.style
        }
        return bridge + palette.transition(from: style, to: cells[to].style).utf8.count <= jump
    }

    /// The style the span is written in first: an erase is done in the normal style.
    func firstStyle(in cells: [Canvas.Cell]) -> Canvas.Style {
        end > start ? cells[start].style : .normal
    }

    /// The terminal's style once the span is written.
    func lastStyle(in cells: [Canvas.Cell]) -> Canvas.Style {
        erasesRest ? .normal : cells[end - 1].style
    }
}
