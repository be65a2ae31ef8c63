import Testing

@testable import LoowiApp

/// A problem in config.toml is printed and spoken with the file's own text quoted in it.
/// Fuzzing found that text reached the message raw: NUL, escape, C1 and bidi characters.
/// Inputs are the fuzzer's (Tests/Fuzz/Corpus/toml/regression-*), reduced.
@Suite(.timeLimit(.minutes(5))) struct ConfigHostileTextTests {
    static func message(_ text: String) -> String {
        do {
            _ = try ConfigFile.config(from: text, fileName: "config.toml")
            return ""
        } catch {
            return error.description
        }
    }

    /// No control, bidi, separator or invisible character (the test's own list, not the code's).
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            switch $0.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xE0000...0xE007F: true
            default: false
            }
        }
    }

    @Test func controlCharactersInANameAreShownAsEscapes() {
        let message = Self.message("language = \"es\"\nA9P\u{82}_{\0\0te = 8")
        #expect(Self.isClean(message))
        #expect(message == #"config.toml line 2: the name A9P\u0082_{\u0000\u0000te needs quotes, like "A9P\u0082_{\u0000\u0000te", because it has characters other than letters, digits, - and _."#)
    }

    @Test func escapeAndUnitSeparatorFromTheFuzzerAreShownAsEscapes() {
        let message = Self.message("voice = \"en-us\"\ns\u{1F}\u{0F}_pack = 'x'\n")
        #expect(Self.isClean(message))
        #expect(message.contains(#"s\u001F\u000F_pack"#))
    }

    @Test(arguments: ["\u{202E}", "\u{9B}2J", "\u{1B}]0;pwned\u{07}", "\u{200B}", "\u{2028}", "\u{E0041}"])
    func hostileCharactersNeverReachTheMessage(_ hostile: String) {
        for text in ["a\(hostile)b = 1", "[ke\(hostile)ys]", "\"a\(hostile)\" = 1", "rate = \"\(hostile)\"", "a.\(hostile) = 1"] {
            let message = Self.message(text)
            #expect(!message.isEmpty, "\(text.debugDescription) was accepted")
            #expect(Self.isClean(message), "\(message.debugDescription)")
        }
    }

    @Test func quotedValuesEscapeBidiAndC1SoTheyReadBack() throws {
        let value = TOMLValue.string("a\u{202E}b\u{9B}c\u{E0041}")
        #expect(value.tomlText == #""a\u202Eb\u009Bc\U000E0041""#)
        #expect(try TOMLParser.parse("x = \(value.tomlText)").entries.first?.value == value)
    }
}
