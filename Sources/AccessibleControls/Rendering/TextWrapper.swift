/// Breaks a line of text into rows no wider than a number of display columns, at spaces
/// where it can; a word longer than a row is broken between its characters (never inside a
/// wide character or a cluster). Runs of spaces inside a row are kept; the spaces a row is
/// broken at are not carried to the next one.
enum TextWrapper {
    static func wrap(_ line: Substring, width: Int) -> [String] {
        guard width > 0 else { return [] }
        // The common case on every key: a short line, all of it on one row.
        if line.utf8.count <= width || DisplayWidth.columns(of: line) <= width { return [String(line)] }
        var rows: [String] = []
        var row = ""
        var rowWidth = 0
        var afterBreak = false
        for (index, word) in line.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let wordWidth = DisplayWidth.columns(of: word)
            // The first word goes at the row's start; later ones after one space.
            let separator = index == 0 ? 0 : 1
            if rowWidth + separator + wordWidth <= width {
                if index > 0, !(afterBreak && row.isEmpty) {
                    row.append(" ")
                    rowWidth += 1
                }
                row += word
                rowWidth += wordWidth
                continue
            }
            if !row.isEmpty { rows.append(row) }
            row = ""
            rowWidth = 0
            afterBreak = true
            // A word wider than a row fills rows of its own, broken between characters.
            for character in word {
                let columns = DisplayWidth.columns(of: character)
                if rowWidth + columns > width, !row.isEmpty {
                    rows.append(row)
                    row = ""
                    rowWidth = 0
                }
                row.append(character)
                rowWidth += columns
            }
        }
        if !row.isEmpty || rows.isEmpty { rows.append(row) }
        return rows
    }
}
