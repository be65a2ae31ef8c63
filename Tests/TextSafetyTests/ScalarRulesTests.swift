import Testing

@testable import TextSafety

/// The checks that let plain text through without a copy agree with the full rules, for every
/// scalar Unicode has.
@Suite(.timeLimit(.minutes(5))) struct ScalarRulesTests {
    static let allScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { Unicode.Scalar(UInt32($0)) }

    /// A scalar the fast check lets through is one the full pass keeps unchanged, for each
    /// output (the fast check may send more to the full pass, never fewer).
    @Test(arguments: Sanitizer.Output.allCases)
    func theFastCheckNeverLetsThroughWhatTheFullPassChanges(output: Sanitizer.Output) {
        var wrong: [String] = []
        for scalar in Self.allScalars where scalar.value != 0x200D && !(0xE0000...0xE007F).contains(scalar.value) {
            let text = "a" + String(scalar) + "b"
            let changes = HiddenScalars.contains(scalar) || (output == .terminal && !HiddenScalars.isPrintable(scalar))
            if Sanitizer.isClean(text, for: output) && changes { wrong.append(String(scalar.value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "let through: \(wrong.prefix(20))")
    }

    /// `isPrintable` answers scalars below U+0370 without a property look-up: none of them is
    /// unassigned or private-use.
    @Test func isPrintableAgreesWithTheGeneralCategory() {
        var wrong: [String] = []
        for scalar in Self.allScalars {
            let category = scalar.properties.generalCategory
            let expected =
                !HiddenScalars.isBidiControl(scalar)
                && ![.control, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator].contains(category)
                && !(0x80...0x9F).contains(scalar.value)
            if HiddenScalars.isPrintable(scalar) != expected { wrong.append(String(scalar.value, radix: 16)) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20))")
    }
}

/// The one reading of escape sequences, as the sanitiser and the key decoder use it.
@Suite(.timeLimit(.minutes(5))) struct EscapeSequenceTests {
    func end(_ text: String) -> Int {
        EscapeSequence.end(of: Array(text.unicodeScalars), from: 0)
    }

    @Test func sequencesEndWhereECMA48SaysAndBrokenOnesWhereTheyBreak() {
        #expect(end("\u{1B}[31mx") == 5)
        #expect(end("\u{1B}[?25lx") == 6)
        #expect(end("\u{1B}[1 qx") == 5)  // an intermediate (DECSCUSR)
        #expect(end("\u{1B}[31\u{1B}[0m") == 4)  // broken at the next ESC, which starts a sequence
        #expect(end("\u{1B}[31") == 4)  // cut off by the end: the rest goes with it
        #expect(end("\u{9B}2Jx") == 3)
        #expect(end("\u{1B}]0;t\u{07}x") == 6)
        #expect(end("\u{1B}]0;t\u{1B}\\x") == 7)
        #expect(end("\u{1B}]0;t\nx") == 5)  // an unterminated string ends at the line break
        #expect(end("\u{9D}0;t\u{9C}x") == 5)
        #expect(end("\u{1B}(Bx") == 3)
        #expect(end("\u{1B}cx") == 2)
        #expect(end("\u{1B}éx") == 1)  // no final: only the ESC goes
        #expect(end("\u{1B}") == 1)
        #expect(end("x\u{1B}[31m") == 1)  // not an introducer: only itself
    }

    @Test func bytesAndScalarsAreReadAlike() {
        let bytes: [UInt8] = Array("1;5A rest".utf8)
        #expect(EscapeSequence.controlSequence(in: bytes[...], from: 0) == .final(3))
        #expect(EscapeSequence.controlSequence(in: Array("1;5A".unicodeScalars), from: 0) == .final(3))
        #expect(EscapeSequence.controlSequence(in: Array("1;\u{7}A".utf8), from: 0) == .broken(2))
        #expect(EscapeSequence.controlSequence(in: Array("1;5".utf8), from: 0) == .unfinished)
    }
}
