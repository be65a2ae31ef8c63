/// One control's text as the rows it takes on screen, and how the controls share the rows
/// between the title and the toolbar.
struct ControlRows {
    /// Every line of the text, wrapped to the row's width.
    let wrapped: [String]
    /// Each line's first row alone: how a control not in focus is shown when space is short.
    let firstRows: [String]
    /// Whether the rows drawn are `firstRows` rather than `wrapped`.
    private(set) var collapsed = false
    /// At most this many rows are drawn (the focused control on a screen too small for it).
    private(set) var limit = Int.max

    init(text: String, width: Int) {
        var wrapped: [String] = []
        var firstRows: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let rows = TextWrapper.wrap(line, width: width)
            wrapped += rows
            firstRows.append(rows.first ?? "")
        }
        self.wrapped = wrapped
        self.firstRows = firstRows
    }

    var rows: [String] { Array((collapsed ? firstRows : wrapped).prefix(limit)) }
    var count: Int { min(limit, collapsed ? firstRows.count : wrapped.count) }

    func makeIterator() -> IndexingIterator<[String]> { rows.makeIterator() }

    /// The blocks to draw, with their indices, in `rows` rows. Every control shows all its
    /// text when it fits. When not, the focused one keeps all its rows and the others show the
    /// first row of each line; when that is still too many, the screen starts at a later
    /// control, so the focused one is always on screen (its first rows, if it alone is too long).
    static func fit(_ blocks: [ControlRows], focused: Int?, rows available: Int) -> [(Int, ControlRows)] {
        guard available > 0 else { return [] }
        var blocks = blocks
        if blocks.reduce(0, { $0 + $1.count }) <= available { return Array(blocks.enumerated()) }
        for index in blocks.indices where index != focused { blocks[index].collapsed = true }
        guard let focused else { return Array(blocks.enumerated()) }
        blocks[focused].limit = available
        // As many controls before the focused one as fit with it; then those after it.
        var first = focused
        var used = blocks[focused].count
        while first > 0, used + blocks[first - 1].count <= available {
            first -= 1
            used += blocks[first].count
        }
        return Array(blocks.enumerated().dropFirst(first))
    }
}
