import TextSafety

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
            case _ where HiddenScalars.contains(scalar): result += escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// File text as loowi may show or speak it (in error messages): every character that
    /// `HiddenScalars` holds written as its TOML escape, so the person sees what to fix (found
    /// by fuzzing config.toml: its error messages quoted them raw, and could move the cursor,
    /// reorder the line or hide text).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: HiddenScalars.contains) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if HiddenScalars.contains(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// `\u001B`, or `\U000E0041` beyond the Basic Multilingual Plane.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let width = scalar.value > 0xFFFF ? 8 : 4
        return (width == 8 ? "\\U" : "\\u") + String(repeating: "0", count: width - hex.count) + hex
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
