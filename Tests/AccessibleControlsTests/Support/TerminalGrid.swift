@testable import AccessibleControls

/// A terminal just big enough to check what `ANSIScreen` writes: cursor moves (CUP), erase to
/// the end of the row (EL), SGR, CR and LF, hiding the cursor, and printable characters, each
/// in one cell or, when wide (`DisplayWidth`), in two, the second a continuation; half of a
/// wide character overwritten blanks the other half, as terminals do. Anything else, and any write past a row's end or below the last row, is kept
/// in `problems` rather than guessed at. Like VTE and tmux, a character written in the last
/// column leaves the cursor past it, so an EL there erases nothing.
struct TerminalGrid: Equatable {
    struct Attributes: Hashable {
        var bold = false
        var inverse = false
        var foreground: Int?
        var background: Int?
    }

    struct Cell: Hashable {
        var character: Character = " "
        var attributes = Attributes()
        var continuation = false
    }

    let width: Int
    let height: Int
    private(set) var cells: [[Cell]]
    private(set) var row = 0
    private(set) var column = 0
    private(set) var attributes = Attributes()
    private(set) var cursorHidden = false
    private(set) var problems: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
    }

    /// What a terminal showing `canvas` holds, by the attributes `ANSIScreen` gives each style.
    static func showing(_ canvas: Canvas) -> [[Cell]] {
        canvas.cells.map { row in
            row.map { Cell(character: $0.character, attributes: attributes(of: $0.style, in: canvas.palette), continuation: $0.isContinuation) }
        }
    }

    static func attributes(of style: Canvas.Style, in palette: Palette = .whiteOnBlack) -> Attributes {
        let colours = palette.colours?.split(separator: ";").map { Int($0)! }
        let (foreground, background) = (colours?[0], colours?[1])
        return switch style {
        case .normal: Attributes(foreground: foreground, background: background)
        case .bright: Attributes(bold: true, foreground: foreground, background: background)
        case .focused: Attributes(bold: true, inverse: true, foreground: foreground, background: background)
        }
    }

    mutating func apply(_ output: String) {
        let characters = Array(output)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            i += 1
            switch c {
            case "\u{1B}":
                guard i < characters.count, characters[i] == "[" else {
                    problems.append("a lone ESC")
                    continue
                }
                i += 1
                var parameters = ""
                while i < characters.count, !("@"..."~").contains(characters[i]) {
                    parameters.append(characters[i])
                    i += 1
                }
                guard i < characters.count else {
                    problems.append("an unfinished CSI \(parameters)")
                    continue
                }
                control(parameters, characters[i])
                i += 1
            case "\r\n":
                column = 0
                lineFeed()
            case "\r": column = 0
            case "\n": lineFeed()
            default:
                guard c.unicodeScalars.allSatisfy({ $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }) else {
                    problems.append("control character \(c.unicodeScalars.map(\.value))")
                    continue
                }
                let columns = DisplayWidth.columns(of: c)
                guard column + columns <= width, columns > 0 else {
                    problems.append("wrote \(c) past the end of row \(row + 1) or in no column")
                    continue
                }
                put(Cell(character: c, attributes: attributes), columns: columns)
            }
        }
    }

    private mutating func put(_ cell: Cell, columns: Int) {
        if cells[row][column].continuation, column > 0 { cells[row][column - 1] = Cell(attributes: cells[row][column - 1].attributes) }
        let end = column + columns
        if end < width, cells[row][end].continuation { cells[row][end] = Cell(attributes: cells[row][end].attributes) }
        cells[row][column] = cell
        if columns == 2 { cells[row][column + 1] = Cell(attributes: cell.attributes, continuation: true) }
        column = end
    }

    private mutating func lineFeed() {
        guard row < height - 1 else { return problems.append("scrolled") }
        row += 1
    }

    private mutating func control(_ parameters: String, _ final: Character) {
        let numbers = parameters.isEmpty ? [] : parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch (parameters, final) {
        case ("?25", "l"): cursorHidden = true
        case ("?25", "h"): cursorHidden = false
        case (_, "H"):
            guard numbers.count <= 2, !numbers.contains(nil) else { return problems.append("CUP \(parameters)") }
            let values = numbers.map { $0! }
            row = min(height, max(1, values.first ?? 1)) - 1
            column = min(width, max(1, values.count > 1 ? values[1] : 1)) - 1
        case ("", "K"), ("0", "K"):
            guard column < width else { return }
            if column > 0, cells[row][column].continuation { cells[row][column - 1] = Cell(attributes: cells[row][column - 1].attributes) }
            for x in column..<width { cells[row][x] = Cell(character: " ", attributes: attributes) }
        case (_, "m"):
            for number in numbers.isEmpty ? [0] : numbers {
                switch number {
                case 0: attributes = Attributes()
                case 1: attributes.bold = true
                case 22: attributes.bold = false
                case 7: attributes.inverse = true
                case 27: attributes.inverse = false
                case 97, 93: attributes.foreground = number
                case 40: attributes.background = 40
                default: problems.append("SGR \(parameters)")
                }
            }
        default: problems.append("CSI \(parameters)\(final)")
        }
    }
}
