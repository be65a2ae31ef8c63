/// The character references that appear in post HTML. Mastodon only emits a handful; the
/// rest cover other servers and hand-written bios.
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "deg": "°", "times": "×",
        "divide": "÷", "middot": "·", "bull": "•", "iexcl": "¡", "iquest": "¿", "sect": "§",
        "para": "¶", "plusmn": "±", "frac12": "½", "frac14": "¼", "frac34": "¾", "micro": "µ",
        "aacute": "á", "eacute": "é", "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ",
        "Aacute": "Á", "Eacute": "É", "Iacute": "Í", "Oacute": "Ó", "Uacute": "Ú", "Ntilde": "Ñ",
        "agrave": "à", "egrave": "è", "ograve": "ò", "Agrave": "À", "Egrave": "È", "Ograve": "Ò",
        "ccedil": "ç", "Ccedil": "Ç", "uuml": "ü", "Uuml": "Ü", "iuml": "ï", "Iuml": "Ï",
        "ouml": "ö", "auml": "ä", "Ouml": "Ö", "Auml": "Ä", "szlig": "ß", "ordf": "ª", "ordm": "º",
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "lrm": "\u{200E}", "rlm": "\u{200F}", "shy": "\u{00AD}",
    ]

    /// Names browsers accept without the closing semicolon (the legacy ones that matter here).
    static let withoutSemicolon: Set<String> = ["amp", "lt", "gt", "quot", "nbsp"]

    /// A numeric reference's scalar, with the HTML rules for invalid numbers.
    static func scalar(forCodePoint value: UInt32) -> Unicode.Scalar {
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
            return "\u{FFFD}"
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
