/// Draws a screen's controls into a canvas: the title on top, one control after another (a
/// keypad takes several rows), the toolbar's four slots along the bottom. The focused control
/// is marked with `>` and shown inverse, so focus never depends on colour.
@MainActor
public enum ScreenRenderer {
    public static func draw(_ focus: FocusManager, toolbar: Toolbar? = nil, width: Int, height: Int, now: ContinuousClock.Instant) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let context = focus.context(now: now)
        canvas.write(focus.title, row: 0, column: 0, style: .bright)
        let toolbarIDs = Set(toolbar?.controls.map(\.id) ?? [])
        var row = 2
        for (index, control) in focus.controls.enumerated() where !toolbarIDs.contains(control.id) {
            let isFocused = index == focus.focusIndex
            for (n, line) in control.displayText(in: context).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard row < height - (toolbar == nil ? 0 : 2) else { break }
                let marker = isFocused && n == 0 ? "> " : "  "
                canvas.write(marker + line, row: row, style: isFocused ? .focused : .normal)
                if isFocused { canvas.highlight(row: row, style: .focused) }
                row += 1
            }
        }
        if let toolbar {
            let slotWidth = width / 4
            let bottom = height - 1
            for (slot, control) in toolbar.slots.enumerated() {
                let x = slot * slotWidth
                guard let control else {
                    canvas.write("[ ]", row: bottom, column: x)
                    continue
                }
                let isFocused = control === focus.focused
                let text = (isFocused ? ">" : " ") + toolbarText(control, context)
                canvas.write(String(text.prefix(slotWidth - 1)), row: bottom, column: x, style: isFocused ? .focused : .bright)
                if isFocused { canvas.highlight(row: bottom, from: x, to: x + slotWidth - 1, style: .focused) }
            }
        }
        return canvas
    }

    /// The Info label is long; on the toolbar only its name is shown.
    private static func toolbarText(_ control: any Control, _ context: ControlContext) -> String {
        if control.id == Toolbar.infoID { return "[ \(control.label) ]" }
        return control.displayText(in: context)
    }
}
