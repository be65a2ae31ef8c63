import Testing

@testable import AccessibleControls

/// Decodes a whole byte string at once and flushes, as if the terminal had gone quiet.
private func keys(_ bytes: [UInt8]) -> [KeyEvent] {
    var decoder = KeyDecoder()
    let t0 = ContinuousClock.now
    return decoder.decode(bytes, now: t0) + decoder.tick(now: t0 + .seconds(1))
}

private func keys(_ text: String) -> [KeyEvent] { keys(Array(text.utf8)) }

@Suite("Key decoder", .timeLimit(.minutes(5))) struct KeyDecoderTests {
    @Test func printableAsciiAndUtf8() {
        #expect(keys("aZ?") == [.key(.character("a")), .key(.character("Z")), .key(.character("?"))])
        #expect(keys("ñé€") == [.key(.character("ñ")), .key(.character("é")), .key(.character("€"))])
        #expect(keys("😀") == [.key(.character("😀"))])
    }

    @Test func singleByteKeys() {
        #expect(
            keys([0x0D, 0x20, 0x09, 0x7F, 0x08]) == [
                .key(.enter), .key(.space), .key(.tab), .key(.backspace), .key(.backspace),
            ])
    }

    @Test func controlCombinations() {
        #expect(
            keys([0x01, 0x05, 0x17, 0x15, 0x0B, 0x19]) == [
                .key(.ctrl("a")), .key(.ctrl("e")), .key(.ctrl("w")), .key(.ctrl("u")),
                .key(.ctrl("k")), .key(.ctrl("y")),
            ])
        #expect(keys([0x00]) == [.key(Key(.character(" "), .control))])
    }

    @Test func altCombinations() {
        #expect(keys("\u{1B}b\u{1B}f") == [.key(.alt("b")), .key(.alt("f"))])
        #expect(keys([0x1B, 0x7F]) == [.key(Key(.backspace, .alt))])
        #expect(keys("\u{1B}ñ") == [.key(.alt("ñ"))])
    }

    @Test func loneEscapeWaitsForItsTimeout() {
        var decoder = KeyDecoder(escapeTimeout: .milliseconds(50))
        let t0 = ContinuousClock.now
        #expect(decoder.decode([0x1B], now: t0) == [])
        #expect(decoder.deadline == t0 + .milliseconds(50))
        #expect(decoder.tick(now: t0 + .milliseconds(49)) == [])
        #expect(decoder.tick(now: t0 + .milliseconds(50)) == [.key(.escape)])
        #expect(decoder.deadline == nil)
    }

    @Test func escapeThenEscapeIsTwoEscapes() {
        #expect(keys([0x1B, 0x1B]) == [.key(.escape), .key(.escape)])
    }

    @Test func arrowsInNormalAndApplicationCursorMode() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.key(.up), .key(.down), .key(.right), .key(.left)])
        #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.key(.up), .key(.down), .key(.right), .key(.left)])
    }

    @Test func modifiedArrowsAndShiftTab() {
        #expect(
            keys("\u{1B}[1;5C\u{1B}[1;3D\u{1B}[1;2A\u{1B}[Z") == [
                .key(Key(.right, .control)), .key(Key(.left, .alt)), .key(Key(.up, .shift)), .key(.shiftTab),
            ])
    }

    @Test func editingAndPagingKeys() {
        #expect(
            keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}OH\u{1B}OF") == [
                .key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end),
            ])
        #expect(
            keys("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[3;5~") == [
                .key(Key(.insert)), .key(.delete), .key(.pageUp), .key(.pageDown), .key(Key(.delete, .control)),
            ])
    }

    @Test func functionKeysInEveryDialect() {
        let xterm = "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~"
        #expect(keys(xterm) == (1...12).map { .key(.f($0)) })
        let vt = "\u{1B}[11~\u{1B}[12~\u{1B}[13~\u{1B}[14~"
        #expect(keys(vt) == (1...4).map { .key(.f($0)) })
        let linuxConsole = "\u{1B}[[A\u{1B}[[B\u{1B}[[C\u{1B}[[D\u{1B}[[E"
        #expect(keys(linuxConsole) == (1...5).map { .key(.f($0)) })
        #expect(keys("\u{1B}[1;2P") == [.key(Key(.function(1), .shift))])
    }

    @Test func numericKeypadInApplicationMode() {
        let digits: [UInt8] = (0x70...0x79).flatMap { (b: Int) -> [UInt8] in [0x1B, 0x4F, UInt8(b)] }
        #expect(keys(digits) == (0...9).map { .key(Key(.keypad(.digit($0)))) })
        #expect(
            keys("\u{1B}On\u{1B}OM\u{1B}Ok\u{1B}Om\u{1B}Oj\u{1B}Oo") == [
                .key(Key(.keypad(.decimal))), .key(Key(.keypad(.enter))), .key(Key(.keypad(.plus))),
                .key(Key(.keypad(.minus))), .key(Key(.keypad(.multiply))), .key(Key(.keypad(.divide))),
            ])
        #expect(keys("\u{1B}[E\u{1B}OE\u{1B}[G") == [.key(Key(.begin)), .key(Key(.begin)), .key(Key(.begin))])
    }

    @Test func numericKeypadInNumericModeIsPlainDigits() {
        let decoded = keys("5*#")
        #expect(decoded == [.key(.character("5")), .key(.character("*")), .key(.character("#"))])
        if case .key(let five) = decoded[0] { #expect(five.digit == 5) }
        #expect(Key(.keypad(.digit(5))).digit == 5)
        #expect(Key(.begin).digit == 5)
        #expect(Key.ctrl("5").digit == nil)
    }

    @Test func csiUAndModifyOtherKeys() {
        #expect(keys("\u{1B}[32;2u") == [.key(.shiftSpace)])
        #expect(keys("\u{1B}[97;5u") == [.key(.ctrl("a"))])
        #expect(keys("\u{1B}[97;2u") == [.key(.character("A"))])
        #expect(keys("\u{1B}[13;2u") == [.key(Key(.enter, .shift))])
        #expect(keys("\u{1B}[27;2;32~") == [.key(.shiftSpace)])
    }

    /// Fuzzing found a crash: Shift with a letter whose capital is two letters.
    /// Input from Tests/Fuzz/Corpus/keys/regression-*.
    @Test func shiftWithALetterWhoseCapitalIsTwoLetters() {
        #expect(keys("\u{1B}[329;2u") == [.key(Key(.character("\u{149}"), .shift))])  // ŉ → ʼN
        #expect(keys("\u{1B}[223;2u") == [.key(Key(.character("ß"), .shift))])  // ß → SS
        #expect(keys("\u{1B}[329;4u") == [.key(Key(.character("\u{149}"), [.shift, .alt]))])
        let fuzzed: [UInt8] = [
            0x1B, 0x5B, 0x36, 0x37, 0x3B, 0x35, 0x75, 0x1B, 0x19, 0x5B, 0x33, 0x32, 0x32, 0x3B, 0x33, 0x75,
            0x1B, 0x61, 0x1B, 0x5B, 0x36, 0x37, 0x3B, 0x3F, 0x75, 0x1B, 0x5B, 0x33, 0x32, 0x39, 0x3B, 0x34, 0x75,
        ]
        #expect(keys(fuzzed).last == .key(Key(.character("\u{149}"), [.shift, .alt])))
    }

    @Test func bracketedPaste() {
        #expect(keys("\u{1B}[200~héllo\nworld\u{1B}[201~x") == [.paste("héllo\nworld"), .key(.character("x"))])
    }

    @Test func bracketedPasteSplitAcrossReads() {
        var decoder = KeyDecoder()
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[20".utf8), now: t0) == [])
        #expect(decoder.decode(Array("0~ab\u{1B}[2".utf8), now: t0) == [])
        // A short pause inside a paste does not end it.
        #expect(decoder.tick(now: t0 + .milliseconds(900)) == [])
        #expect(decoder.decode(Array("01~".utf8), now: t0 + .milliseconds(900)) == [.paste("ab")])
        #expect(decoder.deadline == nil)
    }

    @Test func unterminatedPasteEndsWhenQuietAndKeysWorkAgain() {
        var decoder = KeyDecoder(pasteQuietTimeout: .seconds(1))
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[200~hello".utf8), now: t0) == [])
        #expect(decoder.deadline == t0 + .seconds(1))
        #expect(decoder.tick(now: t0 + .milliseconds(999)) == [])
        // Each byte that comes pushes the end back.
        #expect(decoder.decode(Array(" you".utf8), now: t0 + .milliseconds(500)) == [])
        #expect(decoder.tick(now: t0 + .milliseconds(1499)) == [])
        #expect(decoder.tick(now: t0 + .milliseconds(1500)) == [.paste("hello you"), .pasteEnded(.quiet)])
        #expect(decoder.deadline == nil)
        // Enter and Escape are keys again.
        let t1 = t0 + .seconds(2)
        #expect(decoder.decode([0x0D], now: t1) == [.key(.enter)])
        #expect(decoder.decode([0x1B], now: t1) == [])
        #expect(decoder.tick(now: t1 + .milliseconds(50)) == [.key(.escape)])
    }

    @Test func quietPasteKeepsAHalfEndMarkerAsText() {
        var decoder = KeyDecoder(pasteQuietTimeout: .seconds(1))
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[200~ab\u{1B}[20".utf8), now: t0) == [])
        #expect(decoder.tick(now: t0 + .seconds(1)) == [.paste("ab\u{1B}[20"), .pasteEnded(.quiet)])
    }

    @Test func emptyUnterminatedPasteStillSaysItEnded() {
        var decoder = KeyDecoder(pasteQuietTimeout: .seconds(1))
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[200~".utf8), now: t0) == [])
        #expect(decoder.tick(now: t0 + .seconds(1)) == [.pasteEnded(.quiet)])
    }

    @Test func f10AndCtrlQAlwaysReachTheApp() {
        #expect(
            keys("\u{1B}[200~abc\u{1B}[21~x") == [
                .paste("abc"), .pasteEnded(.key), .key(.f(10)), .key(.character("x")),
            ])
        #expect(keys("\u{1B}[200~abc\u{11}\r") == [.paste("abc"), .pasteEnded(.key), .key(.ctrl("q")), .key(.enter)])
        // Nothing pasted yet: no empty paste, only the notice and the key.
        #expect(keys("\u{1B}[200~\u{11}") == [.pasteEnded(.key), .key(.ctrl("q"))])
        // F10 split across reads inside a paste.
        var decoder = KeyDecoder()
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[200~ab\u{1B}[2".utf8), now: t0) == [])
        #expect(decoder.decode(Array("1~".utf8), now: t0) == [.paste("ab"), .pasteEnded(.key), .key(.f(10))])
    }

    @Test func otherKeysInsideAPasteStayText() {
        // Enter, Escape and Ctrl-C in a paste are what was pasted, as before.
        #expect(keys("\u{1B}[200~a\rb\u{1B}\u{03}\u{1B}[201~") == [.paste("a\rb\u{1B}\u{03}")])
    }

    @Test func pasteLongerThanTheLimitIsCutAndTheRestDropped() {
        var decoder = KeyDecoder(pasteLimit: 8)
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[200~12345".utf8), now: t0) == [])
        // "ñ" is two bytes: the cut backs off to keep whole characters.
        #expect(decoder.decode(Array("67ñ90".utf8), now: t0) == [.paste("1234567"), .pasteEnded(.tooLong)])
        // The rest of that paste is dropped, then its end marker ends it without a word.
        #expect(decoder.decode(Array("more\rtext\u{1B}[201~x".utf8), now: t0) == [.key(.character("x"))])
        #expect(decoder.deadline == nil)
    }

    @Test func overflowedPasteWithoutEndMarkerEndsQuietlyAfterItsNotice() {
        var decoder = KeyDecoder(pasteQuietTimeout: .seconds(1), pasteLimit: 4)
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[200~abcdefgh".utf8), now: t0) == [.paste("abcd"), .pasteEnded(.tooLong)])
        #expect(decoder.tick(now: t0 + .seconds(1)) == [])
        #expect(decoder.decode([0x0D], now: t0 + .seconds(2)) == [.key(.enter)])
        // F10 during the dropped part still reaches the app, with no second notice.
        #expect(decoder.decode(Array("\u{1B}[200~abcdefgh\u{1B}[21~".utf8), now: t0) == [.paste("abcd"), .pasteEnded(.tooLong), .key(.f(10))])
    }

    @Test func escapeInsidePasteIsText() {
        #expect(keys("\u{1B}[200~a\u{1B}[Ab\u{1B}[201~") == [.paste("a\u{1B}[Ab")])
    }

    @Test func sequencesSplitAtEveryByte() {
        let bytes = Array("\u{1B}[1;5C\u{1B}OPñ\u{1B}[24~".utf8)
        var decoder = KeyDecoder()
        let t0 = ContinuousClock.now
        var events: [KeyEvent] = []
        for byte in bytes { events += decoder.decode([byte], now: t0) }
        #expect(events == [.key(Key(.right, .control)), .key(.f(1)), .key(.character("ñ")), .key(.f(12))])
    }

    @Test func unknownSequencesAreNeverLetters() {
        // An unknown final byte, an unknown SS3, an unknown tilde number, mouse reports.
        #expect(keys("\u{1B}[99~") == [.unknown(Array("\u{1B}[99~".utf8))])
        #expect(keys("\u{1B}Oz") == [.unknown(Array("\u{1B}Oz".utf8))])
        #expect(keys("\u{1B}[<0;10;5M") == [.unknown(Array("\u{1B}[<0;10;5M".utf8))])
        #expect(keys("\u{1B}[Qx") == [.key(.f(2)), .key(.character("x"))])
        #expect(keys("\u{1B}[?1;2c") == [.unknown(Array("\u{1B}[?1;2c".utf8))])
    }

    @Test func sequenceCutByAControlByteIsUnknownAndTheByteStillCounts() {
        #expect(keys("\u{1B}[1;\r") == [.unknown(Array("\u{1B}[1;".utf8)), .key(.enter)])
    }

    @Test func unfinishedSequenceTimesOutAsUnknown() {
        var decoder = KeyDecoder()
        let t0 = ContinuousClock.now
        #expect(decoder.decode(Array("\u{1B}[1;5".utf8), now: t0) == [])
        #expect(decoder.tick(now: t0 + .milliseconds(60)) == [.unknown(Array("\u{1B}[1;5".utf8))])
    }

    @Test func overlongSequenceIsCutOff() {
        let garbage = [0x1B, 0x5B] + Array(repeating: UInt8(0x31), count: 40)
        let decoded = keys(garbage)
        #expect(decoded.allSatisfy { if case .unknown = $0 { true } else { false } })
    }

    @Test func malformedUtf8() {
        #expect(keys([0x80, 0x61]) == [.unknown([0x80]), .key(.character("a"))])
        #expect(keys([0xC3, 0x61]) == [.unknown([0xC3]), .key(.character("a"))])
        #expect(keys([0xFF]) == [.unknown([0xFF])])
        // Overlong encoding of "/".
        #expect(keys([0xC0, 0xAF]) == [.unknown([0xC0]), .unknown([0xAF])])
        // A C1 control written in UTF-8 (U+009B, a CSI in disguise).
        #expect(keys([0xC2, 0x9B]) == [.unknown([0xC2, 0x9B])])
        // A right-to-left override.
        #expect(keys(Array("\u{202E}".utf8)) == [.unknown(Array("\u{202E}".utf8))])
    }

    @Test func utf8SplitAcrossReadsWaits() {
        var decoder = KeyDecoder()
        let t0 = ContinuousClock.now
        #expect(decoder.decode([0xE2, 0x82], now: t0) == [])
        #expect(decoder.decode([0xAC], now: t0) == [.key(.character("€"))])
        #expect(decoder.decode([0xE2], now: t0) == [])
        #expect(decoder.flush() == [.unknown([0xE2])])
    }
}

@Suite("Key decoder, garbage", .timeLimit(.minutes(5))) struct KeyDecoderGarbageTests {
    @Test func overlongSequenceWithFinalByteIsOneUnknown() {
        let garbage = [0x1B, 0x5B] + Array(repeating: UInt8(0x31), count: 40) + [0x41, 0x61]
        #expect(keys(garbage) == [.unknown(Array(garbage.dropLast())), .key(.character("a"))])
    }
}
