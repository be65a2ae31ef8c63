import AccessibleControls
import FoundationEssentials
import LoowiSupport
import TextSafety

#if canImport(Glibc)
    import Glibc
#endif

/// A file's name as the attachments field can hold it. A text field keeps only printable
/// text (a control character would reach the terminal and the synthesiser), and ";" and "="
/// separate attachments and descriptions there; such characters are written `\u001B` (as
/// `config show` writes them), so the field says a clean name and still names the real file,
/// in a draft too.
enum EscapedPath {
    static func escaped(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            let plain = String(scalar)
            if scalar == ";" || scalar == "=" || Sanitizer.clean(plain, for: .terminal) != plain {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The path as written when a file has that name, else with its escapes undone: a real
    /// name that holds a backslash and a "u" is still found.
    static func real(_ written: String) -> String {
        guard written.contains("\\"), access(written, F_OK) != 0 else { return written }
        return unescaped(written)
    }

    static func unescaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" || scalars[index + 1] == "U" {
                let width = scalars[index + 1] == "u" ? 4 : 8
                let end = index + 2 + width
                if end <= scalars.count, let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<end])), radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    out.append(scalar)
                    index = end
                    continue
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }

    /// `\u001B`, or `\U000E0041` beyond the Basic Multilingual Plane.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let width = scalar.value > 0xFFFF ? 8 : 4
        return (width == 8 ? "\\U" : "\\u") + String(repeating: "0", count: width - hex.count) + hex
    }
}
