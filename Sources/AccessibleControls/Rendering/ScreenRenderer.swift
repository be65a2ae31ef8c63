/// Draws a screen's controls into a canvas: the title on row 0, one control after another from
/// row 2, each line of a control's text wrapped over as many rows as it needs (a long post is
/// never cut to one row), and the toolbar's four slots along the bottom. The focused control is
/// bold and inverse over all its rows, each row marked with ">>", so focus never depends on
/// colour and a magnified view that shows only the left edge still shows where focus is.
@MainActor
public enum ScreenRenderer {
    /// What starts each row of the focused control, and the indent of the others' rows.
    static let marker = ">> "
    static let indent = "   "

    /// - Parameter status: a line shown on the row above the toolbar (the last utterance).
    /// - Parameter pinned: text shown above the controls, never focused (what they act on).
    public static func draw(
        _ focus: FocusManager, toolbar: Toolbar? = nil, status: String? = nil, pinned: String? = nil, width: Int, height: Int,
        now: ContinuousClock.Instant
    ) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let context = focus.context(now: now)
        canvas.write(focus.title, row: 0, column: 0, style: .bright)
        var bottom = height - (toolbar == nil ? 0 : 2)
        if let status, height > 3 {
            bottom = min(bottom, height - 3)
            canvas.write(status, row: height - 3, style: .bright)
        }
        let toolbarIDs = Set(toolbar?.controls.map(\.id) ?? [])
        var blocks: [ControlRows] = []
        var focusedBlock: Int?
        if let pinned, !pinned.isEmpty { blocks.append(ControlRows(text: pinned, width: width - marker.count)) }
        for (index, control) in focus.controls.enumerated() where !toolbarIDs.contains(control.id) {
            if index == focus.focusIndex { focusedBlock = blocks.count }
            blocks.append(ControlRows(text: control.displayText(in: context), width: width - marker.count))
        }
        var row = 2
        for (index, block) in ControlRows.fit(blocks, focused: focusedBlock, rows: bottom - 2) {
            let isFocused = index == focusedBlock
            for line in block.rows {
                guard row < bottom else { break }
                if isFocused {
                    canvas.write(marker + line, row: row, style: .focused)
                    canvas.highlight(row: row, style: .focused)
                } else {
                    canvas.write(indent + line, row: row)
                }
                row += 1
            }
        }
        if let toolbar { drawToolbar(toolbar, focus: focus, context: context, into: &canvas) }
        return canvas
    }

    /// Four equal slots, as iLoowi drew them, while each text fits its slot; when one does not
    /// (a counter "Characters left: 500" at 80 columns), the slots are packed one after
    /// another instead, so nothing is cut while the row has room. An empty slot draws nothing.
    private static func drawToolbar(_ toolbar: Toolbar, focus: FocusManager, context: ControlContext, into canvas: inout Canvas) {
        let slotWidth = canvas.width / 4
        let bottom = canvas.height - 1
        let texts = toolbar.slots.map { slot in
            slot.map { control in (control === focus.focused ? ">" : " ") + toolbarText(control, context) }
        }
        let inQuarters = texts.allSatisfy { DisplayWidth.columns(of: $0 ?? "") <= slotWidth - 1 }
        var next = 0
        for (slot, control) in toolbar.slots.enumerated() {
            guard let control, let text = texts[slot] else { continue }
            let x = inQuarters ? slot * slotWidth : next
            let end = inQuarters ? x + slotWidth - 1 : min(canvas.width, x + DisplayWidth.columns(of: text))
            guard x < canvas.width else { break }
            let isFocused = control === focus.focused
            canvas.write(text, row: bottom, column: x, style: isFocused ? .focused : .bright, upTo: end)
            if isFocused { canvas.highlight(row: bottom, from: x, to: end, style: .focused) }
            next = end + 1
        }
    }

    /// The Info label is long; on the toolbar only its name is shown.
    private static func toolbarText(_ control: any Control, _ context: ControlContext) -> String {
        if control.id == Toolbar.infoID { return "[ \(control.label) ]" }
        return control.displayText(in: context)
    }
}
