#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Full-screen high contrast: white on black, the title bright, the focused control in
/// inverse video (black on white) and marked with `>` as well, never by colour alone.
public struct ANSIScreen: Screen {
    let output: Int32

    public init(fileDescriptor: Int32 = 1) { output = fileDescriptor }

    public func present(_ canvas: Canvas) async {
        FileOutput.write(Self.render(canvas), to: output)
    }

    static let normal = "\u{1B}[0;97;40m"
    static let bright = "\u{1B}[0;1;97;40m"
    static let focused = "\u{1B}[0;1;7;97;40m"

    /// The bytes that draw the canvas from the top-left, each row cleared to its end.
    public static func render(_ canvas: Canvas) -> String {
        var out = "\u{1B}[?25l\u{1B}[H"
        for (index, row) in canvas.cells.enumerated() {
            var current: Canvas.Style?
            for cell in row {
                if cell.style != current {
                    current = cell.style
                    out += code(for: cell.style)
                }
                out.append(cell.character)
            }
            out += normal + "\u{1B}[K"
            if index < canvas.height - 1 { out += "\r\n" }
        }
        return out + "\u{1B}[0m"
    }

    static func code(for style: Canvas.Style) -> String {
        switch style {
        case .normal: normal
        case .bright: bright
        case .focused: focused
        }
    }
}

/// Writes everything, retrying on short writes and interrupts.
enum FileOutput {
    static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
