/// Marks a stretch of an utterance as written in another language, inside the one `String`
/// that carries the utterance from the engine's words through the controls to the
/// synthesiser, so that a Spanish post under an English interface is read by the Spanish
/// voice while its author and time stay in the English one.
///
/// The mark is Unicode's own in-band language tag: U+E0001 LANGUAGE TAG, then the code spelt
/// in tag characters (U+E0020–U+E007E, "es" is U+E0065 U+E0073), and U+E0001 U+E007F (cancel)
/// where the stretch ends. Nothing remote can forge one: the sanitiser of remote text drops
/// U+E0001 and every tag character that does not spell a subdivision flag. The marks are
/// invisible in a `String`'s characters (tag characters extend the grapheme before them), are
/// kept by the controls' cleaning, and are taken out where text leaves for a person's eyes
/// (the canvas, line mode, printed lists).
public enum LanguageMarks {
    static let tag: Unicode.Scalar = "\u{E0001}"
    static let cancel: Unicode.Scalar = "\u{E007F}"

    /// One stretch of an utterance: `language` nil is the voice's own.
    public struct Run: Equatable, Sendable {
        public var language: String?
        public var text: String

        public init(language: String?, text: String) {
            self.language = language
            self.text = text
        }
    }

    /// `text` marked as being in `language` (a BCP 47 code such as "es" or "pt-BR"). A code
    /// that is not letters, digits and hyphens, or longer than 40 (a language with a person's voice, "pt-br-x-m3-p4", is 13), leaves the text unmarked.
    public static func mark(_ text: String, language: String) -> String {
        guard !text.isEmpty, isValidCode(language) else { return text }
        var out = String.UnicodeScalarView()
        out.append(tag)
        for scalar in language.lowercased().unicodeScalars {
            if let tagged = Unicode.Scalar(0xE0000 + scalar.value) { out.append(tagged) }
        }
        out.append(contentsOf: text.unicodeScalars)
        out.append(tag)
        out.append(cancel)
        return String(out)
    }

    /// Whether `text` holds a mark: most utterances have none, and this is a scan of bytes.
    public static func hasMarks(_ text: String) -> Bool {
        // U+E0001 is F3 A0 80 81 in UTF-8.
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == 0xF3 else { continue }
            if utf8.next() == 0xA0, utf8.next() == 0x80, utf8.next() == 0x81 { return true }
        }
        return false
    }

    /// The stretches of `text` in order; text without marks is one run in the voice's own
    /// language. Marks nest; runs with nothing but spaces are left out (their spaces join the
    /// run before); a mark left open ends with the text.
    public static func runs(in text: String) -> [Run] {
        guard hasMarks(text) else { return [Run(language: nil, text: text)] }
        var runs: [Run] = []
        var language: String?
        // A stretch may hold another (an interface word inside a post): its end goes back.
        var enclosing: [String?] = []
        var current = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        func close() {
            let piece = String(current)
            if let last = runs.last, last.language == language || piece.allSatisfy(\.isWhitespace) {
                runs[runs.count - 1].text += piece
            } else if !piece.allSatisfy(\.isWhitespace) {
                runs.append(Run(language: language, text: piece))
            }
            current = String.UnicodeScalarView()
        }
        while let scalar = scalars.popFirst() {
            guard scalar == tag else {
                current.append(scalar)  // tag characters of a flag (🏴 and its subdivision) too
                continue
            }
            close()
            var code = ""
            while let next = scalars.first, (0xE0020...0xE007E).contains(next.value) {
                scalars.removeFirst()
                code.unicodeScalars.append(Unicode.Scalar(next.value - 0xE0000)!)
            }
            if scalars.first == cancel {
                scalars.removeFirst()
                language = enclosing.popLast() ?? nil
            } else if !code.isEmpty {
                enclosing.append(language)
                language = code
            }
        }
        close()
        return runs
    }

    /// The words of `text` (split at white space), each marked with its stretch's language:
    /// reading word by word keeps each word in its voice.
    public static func words(in text: String) -> [String] {
        runs(in: text).flatMap { run in
            run.text.split(whereSeparator: \.isWhitespace).map { word in
                run.language.map { mark(String(word), language: $0) } ?? String(word)
            }
        }
    }

    /// `text` without its marks: for eyes, a braille display or a file.
    public static func removed(from text: String) -> String {
        guard hasMarks(text) else { return text }
        return runs(in: text).map(\.text).joined()
    }

    /// The marks made visible, for transcripts: "⟨es⟩Hola⟨/es⟩".
    public static func shown(_ text: String) -> String {
        guard hasMarks(text) else { return text }
        return runs(in: text).map { run in run.language.map { "⟨\($0)⟩\(run.text)⟨/\($0)⟩" } ?? run.text }.joined()
    }

    /// Whether `character` is (a piece of) a mark, which punctuation looks past: the marks are
    /// characters of their own (U+E0001 stands alone, the tags after it cluster together).
    public static func isMark(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0xE0000...0xE007F).contains($0.value) } ?? false
    }

    /// The primary subtag of a language code, lowercased: "pt" for "pt-BR".
    public static func primary(_ code: String) -> Substring {
        code.split(separator: "-", maxSplits: 1).first.map { Substring($0.lowercased()) } ?? ""
    }

    static func isValidCode(_ code: String) -> Bool {
        (1...40).contains(code.utf8.count) && code.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
        } && code.utf8.first != 0x2D
    }
}
