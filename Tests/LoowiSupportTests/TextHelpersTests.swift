import Foundation
import LoowiSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct TrimmingTests {
    @Test func trimmedDropsSpacesTabsAndLineBreaksAtBothEnds() {
        #expect(" \t hello world \n\r\n".trimmed() == "hello world")
        #expect("\u{00A0}\u{2003}x\u{2028}".trimmed() == "x")
        #expect("   ".trimmed() == "")
        #expect("".trimmed() == "")
    }

    @Test func trimmingSpacesKeepsLineBreaks() {
        #expect(" \tline\n ".trimmingSpaces() == "line\n")
        #expect("\n a \n".trimmingSpaces() == "\n a \n")
    }

    @Test func trimmingAPredicateWorksOnSubstrings() {
        let quoted = "x=\"value\"".split(separator: "=")[1]
        #expect(quoted.trimming { $0 == "\"" } == "value")
        #expect("Ana:".trimming { $0 == ":" } == "Ana")
        #expect("::".trimming { $0 == ":" } == "")
    }

    @Test func collapsingWhitespaceLeavesWordsWithSingleSpaces() {
        #expect("  Ada \t wrote\n\nthis  ".collapsingWhitespace() == "Ada wrote this")
        #expect("a\u{00A0}b\u{2003}\u{3000}c\u{2028}".collapsingWhitespace() == "a b c")
        #expect("café 🌹 ok".collapsingWhitespace() == "café 🌹 ok")
        // Led by the same bytes as white space, but not white space: ©, a zero-width space, "、".
        #expect("©\u{200B}、 x".collapsingWhitespace() == "©\u{200B}、 x")
        #expect(" \r\n ".collapsingWhitespace() == "")
        #expect("".collapsingWhitespace() == "")
    }

    /// The same words as splitting by Characters, the way it was done before, for every
    /// white space scalar Unicode has (U+3000 is the last) and every ASCII one.
    @Test func collapsingWhitespaceAgreesWithCharacterSplitting() {
        let scalars = (0...0x3000).compactMap(Unicode.Scalar.init).filter { $0.properties.isWhitespace || $0.value < 0x80 }
        for scalar in scalars {
            let text = "x\(scalar)y \(scalar)\(scalar) z\(scalar)"
            let byCharacters = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.collapsingWhitespace() == byCharacters, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func collapsingSpacesTouchesOnlySpaces() {
        #expect("  a  b c ".collapsingSpaces() == "a b c")
        #expect("a\tb \n c".collapsingSpaces() == "a\tb \n c")
        #expect("já  está".collapsingSpaces() == "já está")
        #expect("unchanged text".collapsingSpaces() == "unchanged text")
        #expect("   ".collapsingSpaces() == "")
        #expect("".collapsingSpaces() == "")
    }
}

@Suite(.timeLimit(.minutes(5))) struct ProcessEnvironmentTests {
    /// What getenv(3) answers, for a variable set here, one with "=" and non-ASCII in its
    /// value, one set to nothing, and one removed.
    @Test func theDictionaryHoldsWhatGetenvAnswers() {
        setenv("LOOWI_TEST_PLAIN", "plain", 1)
        setenv("LOOWI_TEST_EQUALS", "a=b=ç", 1)
        setenv("LOOWI_TEST_EMPTY", "", 1)
        unsetenv("LOOWI_TEST_GONE")
        defer { for name in ["LOOWI_TEST_PLAIN", "LOOWI_TEST_EQUALS", "LOOWI_TEST_EMPTY"] { unsetenv(name) } }
        let environment = ProcessEnvironment.current
        #expect(environment["LOOWI_TEST_PLAIN"] == "plain")
        #expect(environment["LOOWI_TEST_EQUALS"] == "a=b=ç")
        #expect(environment["LOOWI_TEST_EMPTY"] == "")
        #expect(environment["LOOWI_TEST_GONE"] == nil)
        #expect(environment["PATH"] == getenv("PATH").map { String(cString: $0) })
    }
}

@Suite(.timeLimit(.minutes(5))) struct CaseInsensitiveTests {
    @Test func headerNamesMatchWhateverTheirCase() {
        #expect("Content-Type".equalsIgnoringCase("content-type"))
        #expect("ÀNA".equalsIgnoringCase("àna"))
        #expect(!"Content-Type".equalsIgnoringCase("Content-Typ"))
        #expect(!"link".equalsIgnoringCase("line"))
    }

    @Test func firstRangeFindsTextInAnyCaseFromAStart() throws {
        let text = "hi @Ana and @ANA"
        let first = try #require(text.firstRangeIgnoringCase(of: "@ana"))
        #expect(text[first] == "@Ana")
        let second = try #require(text.firstRangeIgnoringCase(of: "@ana", from: first.upperBound))
        #expect(text[second] == "@ANA")
        #expect(text.firstRangeIgnoringCase(of: "@ana", from: second.upperBound) == nil)
        #expect(text.firstRangeIgnoringCase(of: "") == nil)
        #expect("ab".firstRangeIgnoringCase(of: "abc") == nil)
    }
}

@Suite(.timeLimit(.minutes(5))) struct FilePathTests {
    @Test(arguments: [
        ("/a/b/c.txt", "c.txt", "/a/b"),
        ("/a/b/", "b", "/a"),
        ("/a", "a", "/"),
        ("/", "/", "/"),
        ("c.txt", "c.txt", ""),
        ("dir/c.txt", "c.txt", "dir"),
    ])
    func pathsSplitAsNSStringDid(path: String, last: String, folder: String) {
        #expect(path.lastPathComponent == last)
        #expect(path.deletingLastPathComponent == folder)
    }

    @Test func joiningPutsExactlyOneSlash() {
        #expect("/a".appendingPathComponent("b") == "/a/b")
        #expect("/a/".appendingPathComponent("/b") == "/a/b")
        #expect("".appendingPathComponent("b") == "b")
    }

    @Test func homeIsHOMEElseThePasswordEntry() {
        #expect(homeDirectory(environment: ["HOME": "/home/ana"]) == "/home/ana")
        #expect(homeDirectory(environment: [:]).hasPrefix("/"))
    }

    @Test func aFoldersEntriesSayWhichAreFolders() throws {
        let folder = "/tmp/loowi-support-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder + "/inner", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/photo.png", contents: Data([1])))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/inner")
        let entries = try #require(folderEntries(atPath: folder)).sorted { $0.name < $1.name }
        #expect(entries.map(\.name) == ["inner", "link", "photo.png"])
        #expect(entries.map(\.isFolder) == [true, true, false])
        #expect(folderEntries(atPath: folder + "/photo.png") == nil)
    }

    @Test func foldersAreToldFromFiles() {
        #expect(isFolder(atPath: "/tmp"))
        #expect(!isFolder(atPath: "/etc/hostname"))
        #expect(!isFolder(atPath: "/no/such/path"))
    }
}

@Suite(.timeLimit(.minutes(5))) struct NumberTextTests {
    @Test func zeroPaddingKeepsTheSign() {
        #expect(7.zeroPadded(width: 2) == "07")
        #expect(123.zeroPadded(width: 2) == "123")
        #expect((-5).zeroPadded(width: 3) == "-005")
    }

    @Test(arguments: [
        (2.5, 2, "2.50"), (0.125, 2, "0.13"), (1.0 / 3.0, 3, "0.333"), (-1.005, 1, "-1.0"),
        (-0.001, 2, "0.00"), (99.999, 2, "100.00"), (42.0, 0, "42"), (0.84, 2, "0.84"),
    ])
    func fixedDecimalsRoundToNearest(value: Double, places: Int, text: String) {
        #expect(value.fixed(places) == text)
    }

    @Test func fixedSaysWhatIsNotANumber() {
        #expect(Double.nan.fixed(2) == "nan")
        #expect((-Double.infinity).fixed(2) == "-inf")
    }
}
