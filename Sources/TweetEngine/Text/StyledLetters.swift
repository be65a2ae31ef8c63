/// Letters dressed in other Unicode characters, read as the plain letters they stand for:
/// "𝓯𝓪𝓷𝓬𝔂" (mathematical alphanumerics, U+1D400–U+1D7FF), "ｆｕｌｌ" (fullwidth), "ⓒⓘⓡⓒⓛⓔ",
/// "🅂🅀🅄🄰🅁🄴", "ᴛɪɴʏ" (small capitals), "ᵗⁱⁿʸ" (modifier letters). A voice reads each such
/// character by its Unicode name ("mathematical bold script small f") or not at all.
///
/// A word is styled when most of its letters are (small capitals have no x, so generators
/// mix in a plain one) and it has an unmistakable one or two of any kind. Some of these are
/// real letters elsewhere: IPA's "ɪ" and "ʰ" in "sɪti" or "pʰ", "ℓ" for litres, "🅰" the
/// blood-type emoji; alone or among plain letters they are left as written. Fullwidth digits
/// are plain in Chinese and Japanese text ("２０２４年" is left as written): they are mapped in a
/// styled word but never make one.
/// A run of styled words (with the spaces and punctuation between them) is said once with
/// `cue`, "styled text: …", so the listener knows the writer dressed it up.
enum StyledLetters {
    enum Kind {
        /// Only ever a styled letter.
        case styled
        /// Also a letter or symbol of its own (IPA, letterlike symbols, an emoji).
        case ambiguous
        /// Fullwidth digits: mapped, but no sign of styling.
        case digit
    }

    /// `text` with its styled words as plain letters, each run passed through `cue` (nil: no cue,
    /// for a display name, said too often to be cued each time).
    static func plain(_ text: String, cue: ((String) -> String)?) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x250 && plain(for: $0) != nil }) else { return text }
        var out = ""
        var run = ""
        var gap = ""
        var word: [Character] = []
        func closeRun() {
            guard !run.isEmpty else { return }
            out += cue?(run) ?? run
            run = ""
        }
        func endWord() {
            guard !word.isEmpty else { return }
            if let plainWord = styledWord(word) {
                if run.isEmpty {
                    out += gap
                    run = plainWord
                } else {
                    run += gap + plainWord
                }
            } else {
                closeRun()
                out += gap + String(word)
            }
            gap = ""
            word = []
        }
        for character in text {
            if isWordCharacter(character) {
                word.append(character)
            } else {
                endWord()
                gap.append(character)
            }
        }
        endWord()
        closeRun()
        return out + gap
    }

    /// The plain spelling of a styled word; nil for a word to leave as written.
    static func styledWord(_ word: [Character]) -> String? {
        var styled = 0
        var plainLetters = 0
        var unmistakable = false
        var spelled = ""
        for character in word {
            if let (letter, kind) = plain(for: character) {
                spelled.append(letter)
                switch kind {
                case .styled:
                    styled += 1
                    unmistakable = true
                case .ambiguous: styled += 1
                case .digit: break
                }
            } else {
                spelled.append(character)
                if character.isLetter { plainLetters += 1 }
            }
        }
        guard styled > plainLetters, unmistakable || styled >= 2 else { return nil }
        return spelled
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || plain(for: character) != nil
    }

    /// One character's plain letter: only a character of a single scalar (with VS16 it is an
    /// emoji: "Ⓜ️", "🅰️").
    static func plain(for character: Character) -> (Character, Kind)? {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1, scalar.value >= 0x250 else { return nil }
        return plain(for: scalar)
    }

    static func plain(for scalar: Unicode.Scalar) -> (Character, Kind)? {
        let value = scalar.value
        switch value {
        case 0x1D400...0x1D6A3:
            // Thirteen alphabets of 52 letters (bold, italic, script, fraktur, double-struck,
            // sans-serif, monospace…): A to Z, then a to z. The code points left unassigned
            // (letters encoded earlier, below) are never sent, so the arithmetic is safe.
            return (letter((value - 0x1D400) % 52), .styled)
        case 0x1D6A4: return ("i", .styled)
        case 0x1D6A5: return ("j", .styled)
        case 0x1D7CE...0x1D7FF: return (digit((value - 0x1D7CE) % 10), .styled)
        case 0xFF21...0xFF3A: return (letter(value - 0xFF21), .styled)
        case 0xFF41...0xFF5A: return (letter(value - 0xFF41 + 26), .styled)
        case 0xFF10...0xFF19: return (digit(value - 0xFF10), .digit)
        case 0x24C2: return ("M", .ambiguous)  // Ⓜ, also the metro emoji
        case 0x24B6...0x24CF: return (letter(value - 0x24B6), .styled)
        case 0x24D0...0x24E9: return (letter(value - 0x24D0 + 26), .styled)
        case 0x249C...0x24B5: return (letter(value - 0x249C + 26), .styled)
        case 0x1F170, 0x1F171, 0x1F17E, 0x1F17F: return (letter(value - 0x1F170), .ambiguous)  // 🅰 🅱 🅾 🅿
        case 0x1F130...0x1F149: return (letter(value - 0x1F130), .styled)
        case 0x1F150...0x1F169: return (letter(value - 0x1F150), .styled)
        case 0x1F170...0x1F189: return (letter(value - 0x1F170), .styled)
        default: return others[value]
        }
    }

    /// 0…25 → A…Z, 26…51 → a…z.
    private static func letter(_ index: UInt32) -> Character {
        Character(Unicode.Scalar(index < 26 ? 0x41 + index : 0x61 + index - 26)!)
    }

    private static func digit(_ index: UInt32) -> Character { Character(Unicode.Scalar(0x30 + index)!) }

    /// Small capitals, modifier (superscript) letters and the letterlike symbols that fill the
    /// holes of the mathematical alphabets (ℬ, ℎ, ℝ…), which have no arithmetic.
    private static let others: [UInt32: (Character, Kind)] = {
        var table: [UInt32: (Character, Kind)] = [:]
        func add(_ kind: Kind, _ pairs: [(UInt32, Character)]) {
            for (value, letter) in pairs { table[value] = (letter, kind) }
        }
        // Small capitals only ever written as small capitals.
        add(.styled, [
            (0x1D00, "a"), (0x1D04, "c"), (0x1D05, "d"), (0x1D07, "e"), (0xA730, "f"), (0x1D0A, "j"), (0x1D0B, "k"),
            (0x1D0D, "m"), (0x1D0F, "o"), (0x1D18, "p"), (0xA7AF, "q"), (0xA731, "s"), (0x1D1B, "t"), (0x1D1C, "u"),
            (0x1D20, "v"), (0x1D21, "w"), (0x1D22, "z"),
        ])
        // Small capitals that are also IPA letters.
        add(.ambiguous, [
            (0x0299, "b"), (0x0262, "g"), (0x029C, "h"), (0x026A, "i"), (0x029F, "l"), (0x0274, "n"), (0x0280, "r"),
            (0x028F, "y"),
        ])
        // Modifier letters: "tiny text", and IPA's aspiration and the like.
        add(.ambiguous, [
            (0x1D43, "a"), (0x1D47, "b"), (0x1D9C, "c"), (0x1D48, "d"), (0x1D49, "e"), (0x1DA0, "f"), (0x1D4D, "g"),
            (0x02B0, "h"), (0x2071, "i"), (0x02B2, "j"), (0x1D4F, "k"), (0x02E1, "l"), (0x1D50, "m"), (0x207F, "n"),
            (0x1D52, "o"), (0x1D56, "p"), (0x02B3, "r"), (0x02E2, "s"), (0x1D57, "t"), (0x1D58, "u"), (0x1D5B, "v"),
            (0x02B7, "w"), (0x02E3, "x"), (0x02B8, "y"), (0x1DBB, "z"), (0x1D2C, "A"), (0x1D2E, "B"), (0x1D30, "D"),
            (0x1D31, "E"), (0x1D33, "G"), (0x1D34, "H"), (0x1D35, "I"), (0x1D36, "J"), (0x1D37, "K"), (0x1D38, "L"),
            (0x1D39, "M"), (0x1D3A, "N"), (0x1D3C, "O"), (0x1D3E, "P"), (0x1D3F, "R"), (0x1D40, "T"), (0x1D41, "U"),
            (0x2C7D, "V"), (0x1D42, "W"),
        ])
        // Letterlike symbols: the mathematical alphabets' missing letters, also symbols (ℓ, ℝ).
        add(.ambiguous, [
            (0x2102, "C"), (0x210A, "g"), (0x210B, "H"), (0x210C, "H"), (0x210D, "H"), (0x210E, "h"), (0x2110, "I"),
            (0x2111, "I"), (0x2112, "L"), (0x2113, "l"), (0x2115, "N"), (0x2119, "P"), (0x211A, "Q"), (0x211B, "R"),
            (0x211C, "R"), (0x211D, "R"), (0x2124, "Z"), (0x2128, "Z"), (0x212C, "B"), (0x212D, "C"), (0x212F, "e"),
            (0x2130, "E"), (0x2131, "F"), (0x2133, "M"), (0x2134, "o"),
        ])
        return table
    }()
}
