import LoowiSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Full screen in the canvas's palette (white on black by default, yellow on black, or the
/// terminal's own colours), the title bright, the focused control bold and in inverse video
/// and marked as well, never by colour alone.
///
/// Each frame is written as the difference from the one before (`render(_:after:)`): a key
/// that moves the focus rewrites two rows, not the whole screen, which matters over a slow
/// link (ssh, a serial console) and to a braille display or screen reader that watches the
/// terminal and would otherwise see every cell change.
public final class ANSIScreen: Screen {
    let output: Int32
    /// What the terminal shows, as far as this screen knows; nil draws everything next time.
    private let shown = Mutex<Canvas?>(nil)

    public init(fileDescriptor: Int32 = 1) { output = fileDescriptor }

    public func present(_ canvas: Canvas) async {
        let bytes = shown.withLock { shown in
            defer { shown = canvas }
            return Self.render(canvas, after: shown)
        }
        // Half a frame on the terminal is no frame this screen knows: the next draws all.
        if !FileOutput.write(bytes, to: output) { invalidate() }
    }

    public func invalidate() {
        shown.withLock { $0 = nil }
    }

    /// The bytes that draw the canvas from the top-left, every cell of every row written. No
    /// erase (EL) after a row: it is written to its last column, where, with autowrap off,
    /// the cursor stays, and an erase would take that column's character away.
    public static func render(_ canvas: Canvas) -> String {
        var out = "\u{1B}[?25l\u{1B}[H"
        for (index, row) in canvas.cells.enumerated() {
            var current: Canvas.Style?
            // A wide character moves the terminal's cursor two columns: its continuation cell
            // is not written.
            for cell in row where !cell.isContinuation {
                if cell.style != current {
                    current = cell.style
                    out += canvas.palette.code(for: cell.style)
                }
                out.append(cell.character)
            }
            if index < canvas.height - 1 { out += "\r\n" }
        }
        return out + "\u{1B}[0m"
    }
}

/// Writes everything, retrying on short writes and interrupts; false when it could not.
enum FileOutput {
    @discardableResult
    static func write(_ text: String, to fd: Int32) -> Bool {
        writeAll(fd, bytes: text.utf8) == 0
    }
}
