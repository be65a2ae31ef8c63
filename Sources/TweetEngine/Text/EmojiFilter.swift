/// Applies the emoji options to already-plain text.
enum EmojiFilter {
    static func apply(_ text: String, options: SpeakableTextOptions, shortcodes: Set<String>?) -> String {
        var result = text
        if options.customEmoji != .shortcode, result.contains(":") {
            result = rewriteShortcodes(result, style: options.customEmoji, known: shortcodes)
        }
        switch options.unicodeEmoji {
        case .keep: break
        case .drop: result = dropUnicodeEmoji(result)
        case .names: result = nameUnicodeEmoji(result, collapsing: false, language: options.language)
        case .collapse: result = nameUnicodeEmoji(result, collapsing: true, language: options.language)
        }
        return result
    }

    /// Each emoji replaced by its name; with `collapsing`, a run of three or more (spaces
    /// between them allowed) said as one count with the first one's name.
    private static func nameUnicodeEmoji(_ text: String, collapsing: Bool, language: Language) -> String {
        guard text.contains(where: isEmoji) else { return text }
        var out = ""
        var run: [Character] = []
        func flush() {
            guard let first = run.first else { return }
            if collapsing, run.count >= 3 {
                out += Catalogue<EngineText>(language)(.emojiRun, String(run.count), name(of: first), String(run.count - 1))
            } else {
                out += run.map(name).joined(separator: ", ")
            }
            run = []
        }
        for character in text {
            if isEmoji(character) {
                if run.isEmpty, let last = out.last, !last.isWhitespace { out += " " }
                run.append(character)
            } else if character == " ", !run.isEmpty {
                continue
            } else {
                if !run.isEmpty {
                    flush()
                    if !character.isWhitespace, !character.isPunctuation { out += " " }
                }
                out.append(character)
            }
        }
        flush()
        return collapseSpaces(out)
    }

    /// "smiling face with sunglasses": the Unicode name of the emoji's first scalar, which
    /// names the picture (a skin tone or a joined part after it only refines it).
    static func name(of character: Character) -> String {
        guard let scalar = character.unicodeScalars.first(where: { $0.properties.isEmoji && $0.value > 0x7F }),
            let name = scalar.properties.name
        else { return "emoji" }
        return name.lowercased()
    }

    /// `:blob_cat:` → "blob cat" or nothing. Only known shortcodes when a list is given,
    /// so a time like "10:30:00" is never touched.
    private static func rewriteShortcodes(
        _ text: String, style: SpeakableTextOptions.CustomEmoji, known: Set<String>?
    ) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: ":") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ":") else { break }
            let code = rest[afterOpen..<close]
            let valid = code.count >= 2 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if valid, known?.contains(String(code)) ?? true {
                out += rest[..<open]
                if style == .name { out += code.replacing("_", with: " ") }
                rest = rest[rest.index(after: close)...]
            } else {
                out += rest[...open]
                rest = rest[afterOpen...]
            }
        }
        out += rest
        return collapseSpaces(out)
    }

    private static func dropUnicodeEmoji(_ text: String) -> String {
        var out = ""
        for character in text where !isEmoji(character) { out.append(character) }
        return collapseSpaces(out)
    }

    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        // Text-default symbols become emoji with VS16 (❤️); keycaps (1️⃣) too.
        return scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 }
            || (first.value >= 0x1F000 && first.properties.isEmoji)
    }

    private static func collapseSpaces(_ text: String) -> String {
        guard text.contains("  ") || text.hasPrefix(" ") || text.hasSuffix(" ") else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
