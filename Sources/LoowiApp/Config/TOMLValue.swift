/// One value from the TOML subset config.toml uses. Arrays, inline tables and dates are
/// refused by the reader, so every value fits on its own line and can be replaced in place.
enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)

    /// The value as it is written in a file, so `show` output and messages can be pasted back.
    var tomlText: String {
        switch self {
        case .string(let text): TOMLValue.quoted(text)
        case .integer(let number): String(number)
        case .float(let number):
            if number.isNaN { "nan" } else if number.isInfinite { number < 0 ? "-inf" : "inf" } else { String(number) }
        case .boolean(let flag): flag ? "true" : "false"
        }
    }

    /// A basic string with every character that would end or corrupt it escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case _ where mustEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let width = scalar.value > 0xFFFF ? 8 : 4
                result += (width == 8 ? "\\U" : "\\u") + String(repeating: "0", count: width - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Characters that would act on a terminal or hide the text's order rather than show:
    /// controls (C0, DEL, C1), format characters (bidi overrides and isolates, zero-width
    /// ones, BOM) and line or paragraph separators. Escaped, a value read from the file can
    /// be shown and pasted back and still means the same.
    static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// A key as written: bare when TOML allows it (`F9`, `key_echo`), quoted otherwise (`"list:n"`).
    static func key(_ name: String) -> String {
        !name.isEmpty && name.unicodeScalars.allSatisfy(isBareKeyCharacter) ? name : quoted(name)
    }

    static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", "-": true
        default: false
        }
    }
}
