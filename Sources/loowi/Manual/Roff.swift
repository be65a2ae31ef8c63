/// Text made safe for roff (man(7)): nothing a person wrote can become a request, an escape or
/// a character groff warns about.
enum Roff {
    /// One line of running text: a backslash is printed, a hyphen is a hyphen-minus (`\-`, so
    /// options can be copied), a leading dot or apostrophe is not a request, a double quote is
    /// safe in a macro's argument, a line break is a space, and anything beyond ASCII is named
    /// by its code point (`\[u00E9]`), which groff reads whatever the input encoding.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\"": out += "\\(dq"
            case "\n", "\r", "\t": out += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }
}
