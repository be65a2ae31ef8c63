import Foundation
import LoowiSupport
import Testing

@Suite struct TrimmingTests {
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
}

@Suite struct CaseInsensitiveTests {
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

@Suite struct FilePathTests {
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

@Suite struct NumberTextTests {
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
