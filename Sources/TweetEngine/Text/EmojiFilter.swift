import LoowiSupport

/// Applies the emoji options to already-plain text.
enum EmojiFilter {
    static func apply(_ text: String, options: SpeakableTextOptions, shortcodes: Set<String>?) -> String {
        var result = text
        // By bytes: a Character-by-Character search finds grapheme breaks in the whole post.
        if options.customEmoji != .shortcode, result.utf8.contains(UInt8(ascii: ":")) {
            result = rewriteShortcodes(result, style: options.customEmoji, known: shortcodes)
        }
        switch options.unicodeEmoji {
        case .keep: break
        case .drop: result = dropUnicodeEmoji(result)
        case .names: result = nameUnicodeEmoji(result, collapsing: false, options: options)
        case .collapse: result = nameUnicodeEmoji(result, collapsing: true, options: options)
        }
        return result
    }

    /// Each emoji replaced by its name; with `collapsing`, a run of three or more (spaces
    /// between them allowed) said as one count with the first one's name.
    private static func nameUnicodeEmoji(_ text: String, collapsing: Bool, options: SpeakableTextOptions) -> String {
        guard mayHoldEmoji(text) else { return text }
        var out = ""
        var run: [Character] = []
        func flush() {
            guard let first = run.first else { return }
            if collapsing, run.count >= 3 {
                out += runPhrase(count: run.count, first: name(of: first, options: options), options: options)
            } else {
                out += run.map { name(of: $0, options: options) }.joined(separator: ", ")
            }
            run = []
        }
        // The text between emoji is copied as whole stretches, not Character by Character:
        // `plain` is where the stretch not yet in `out` starts.
        var plain: String.Index?
        func copyPlain(upTo end: String.Index) {
            guard let start = plain else { return }
            out.append(contentsOf: text[start..<end])
            plain = nil
        }
        var sawEmoji = false
        // A space written after a run is kept when the run ends, so "🌹 #tag" stays two words
        // ("rose #tag"), while "👋!" reads "waving hand sign!".
        var spaceAfterRun = false
        var index = text.startIndex
        for character in text {
            defer { index = text.utf8.index(index, offsetBy: character.utf8.count) }
            if isEmoji(character) {
                copyPlain(upTo: index)
                sawEmoji = true
                if run.isEmpty, let last = out.last, !last.isWhitespace { out += " " }
                run.append(character)
                spaceAfterRun = false
            } else if character == " ", !run.isEmpty {
                spaceAfterRun = true
            } else {
                if !run.isEmpty {
                    flush()
                    if !character.isWhitespace, spaceAfterRun || !character.isPunctuation { out += " " }
                }
                spaceAfterRun = false
                if plain == nil { plain = index }
            }
        }
        guard sawEmoji else { return text }
        copyPlain(upTo: text.endIndex)
        flush()
        return out.collapsingSpaces()
    }

    /// The words of `text` (emoji left in it) for reading word by word: each emoji its own
    /// unit, by name, even in a run written without spaces ("Yes🎉🎉!" → "Yes", "party popper",
    /// "party popper!"); punctuation after an emoji stays with it rather than being a step alone.
    static func wordUnits(_ text: String, options: SpeakableTextOptions = SpeakableTextOptions()) -> [String] {
        var units: [String] = []
        for token in text.split(whereSeparator: \.isWhitespace) {
            var word = ""
            var afterEmoji = false
            for character in token {
                if isEmoji(character) {
                    if !word.isEmpty { units.append(word) }
                    word = ""
                    units.append(name(of: character, options: options))
                    afterEmoji = true
                } else if afterEmoji, word.isEmpty, !character.isLetter, !character.isNumber {
                    units[units.count - 1].append(character)
                } else {
                    word.append(character)
                    afterEmoji = false
                }
            }
            if !word.isEmpty { units.append(word) }
        }
        return units
    }

    /// "5 emoji: grinning face, and 4 more", in the language the emoji are named in: the
    /// interface's words (in its voice), or the post's own, in the post's voice with the names.
    static func runPhrase(count: Int, first: String, options: SpeakableTextOptions) -> String {
        let language = options.emojiLanguage.map { $0.interfaceLanguage(near: options.language) } ?? options.language
        let phrase = Catalogue<EngineText>(language)(.emojiRun, String(count), first, String(count - 1))
        return language == options.language ? options.interfacePhrase(phrase) : phrase
    }

    /// "waving hand", "mano saludando", "flag: Japan": CLDR's name in the post's language
    /// (`emojiLanguage`, else the interface's), a skin tone after a name when CLDR has the
    /// sequence only without it; the Unicode name when loowi's names are missing.
    static func name(of character: Character, options: SpeakableTextOptions, store: EmojiNameStore = .shared) -> String {
        let language = options.emojiLanguage ?? WordList.Language(interface: options.language)
        if let name = store.name(of: character, in: language) { return name }
        let tones = character.unicodeScalars.filter { (0x1F3FB...0x1F3FF).contains($0.value) }
        if !tones.isEmpty {
            var base = String.UnicodeScalarView()
            for scalar in character.unicodeScalars where !(0x1F3FB...0x1F3FF).contains(scalar.value) { base.append(scalar) }
            let toneNames = tones.compactMap { store.name(of: Character($0), in: language) }
            if let bare = String(base).first, String(base).count == 1, let name = store.name(of: bare, in: language), !toneNames.isEmpty {
                return name + ": " + toneNames.joined(separator: ", ")
            }
        }
        return name(of: character)
    }

    /// "smiling face with sunglasses": the Unicode name of the emoji's first scalar, which
    /// names the picture (a skin tone or a joined part after it only refines it). In English,
    /// when loowi has no names of its own (its data folder is missing).
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
        // By bytes: a shortcode is ASCII, and a search by Characters finds grapheme breaks
        // through the whole post for every colon in it.
        let colon = UInt8(ascii: ":")
        var out = ""
        var rest = Substring(text)
        while let open = rest.utf8.firstIndex(of: colon) {
            let afterOpen = rest.utf8.index(after: open)
            guard let close = rest.utf8[afterOpen...].firstIndex(of: colon) else { break }
            let code = rest[afterOpen..<close]
            if code.utf8.count >= 2, code.utf8.allSatisfy(isShortcodeByte), known?.contains(String(code)) ?? true {
                out.append(contentsOf: rest[..<open])
                if style == .name { out.append(contentsOf: code.replacing("_", with: " ")) }
                rest = rest[rest.utf8.index(after: close)...]
            } else {
                out.append(contentsOf: rest[..<afterOpen])
                rest = rest[afterOpen...]
            }
        }
        out.append(contentsOf: rest)
        return out.collapsingSpaces()
    }

    /// A letter, digit or "_" of ASCII: what a custom emoji's shortcode is made of.
    private static func isShortcodeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func dropUnicodeEmoji(_ text: String) -> String {
        guard mayHoldEmoji(text) else { return text.collapsingSpaces() }
        var out = ""
        for character in text where !isEmoji(character) { out.append(character) }
        return out.collapsingSpaces()
    }

    /// False when no character of `text` can be an emoji (`isEmoji` needs a scalar from
    /// U+20E3 up), found by scalars: most posts, and all ASCII ones, skip the pass by
    /// characters and its property lookups.
    static func mayHoldEmoji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= 0x20E3 }
    }

    static let firstEmojiPresentation: UInt32 = 0x231A

    static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        // No scalar below U+231A (watch) is Emoji_Presentation: most characters of a post
        // skip the property lookup (`noScalarBelowTheWatchIsEmojiPresentation` checks it).
        if first.value >= EmojiFilter.firstEmojiPresentation, first.properties.isEmojiPresentation { return true }
        // Text-default symbols become emoji with VS16 (❤️); keycaps (1️⃣) too; and a ZWJ
        // sequence that starts with one (❤‍🔥 written without VS16), not a joiner in a script.
        return scalars.contains { $0.value == 0xFE0F || $0.value == 0x20E3 }
            || (first.value >= 0x1F000 && first.properties.isEmoji)
            || (scalars.contains { $0.value == 0x200D } && first.properties.isEmoji && first.value > 0x7F)
    }
}
