import Foundation
import LoowiSupport
import Testing

/// loowi's data folder is found from the program (issue 37, item 2): `<prefix>/share/loowi`
/// beside `<prefix>/bin/loowi`, else the checkout the program was built in.
@Suite(.timeLimit(.minutes(5))) struct DataDirectoryTests {
    /// A fake file system: the folders and files that exist.
    static func locate(_ executable: String?, folders: Set<String>, files: Set<String> = []) -> DataDirectory? {
        DataDirectory.locate(executable: executable, isFolder: folders.contains, isFile: files.contains)
    }

    @Test func anInstalledProgramReadsShareBesideIt() {
        let data = Self.locate("/usr/bin/loowi", folders: ["/usr/share/loowi"])
        #expect(data == DataDirectory(root: "/usr/share/loowi", layout: .installed))
        #expect(data?.path(.wordList("es")) == "/usr/share/loowi/wordlists/es.txt")
        #expect(data?.path(.demoSeed) == "/usr/share/loowi/demo/seed.toml")
        #expect(data?.path(.demoLive) == "/usr/share/loowi/demo/live.json")
        // The tarball, unpacked anywhere.
        #expect(Self.locate("/home/ada/opt/loowi-0.1.0/bin/loowi", folders: ["/home/ada/opt/loowi-0.1.0/share/loowi"])?.root
            == "/home/ada/opt/loowi-0.1.0/share/loowi")
    }

    @Test func aProgramBuiltInACheckoutReadsTheCheckout() {
        let root = "/home/ada/src/loowi"
        let data = Self.locate(
            root + "/.build/x86_64-unknown-linux-gnu/release/loowi", folders: [root + "/Data", "/home/ada/src/Data"],
            files: [root + "/Package.swift"])
        #expect(data == DataDirectory(root: root, layout: .checkout))
        #expect(data?.path(.wordList("en")) == root + "/Data/wordlists/en.txt")
        #expect(data?.path(.demoSeed) == root + "/Demo/seed.toml")
        // A folder with a Package.swift but no Data is some other package: the walk goes on.
        #expect(Self.locate(root + "/inner/.build/loowi", folders: [root + "/Data"], files: [root + "/inner/Package.swift", root + "/Package.swift"])?.root == root)
    }

    @Test func theInstalledTreeWinsOverACheckoutAbove() {
        // A prefix inside a checkout (a test's install): the files beside the program are its own.
        let data = Self.locate("/src/loowi/tmp/prefix/bin/loowi", folders: ["/src/loowi/tmp/prefix/share/loowi", "/src/loowi/Data"], files: ["/src/loowi/Package.swift"])
        #expect(data?.layout == .installed)
    }

    @Test func aProgramAloneHasNoData() {
        #expect(Self.locate("/tmp/loowi", folders: ["/tmp", "/usr/share/loowi"]) == nil)
        #expect(Self.locate(nil, folders: ["/usr/share/loowi"]) == nil)
        #expect(Self.locate("loowi", folders: ["../share/loowi"]) == nil)
    }

    @Test func theRunningTestsAreInTheCheckout() throws {
        let data = try #require(DataDirectory.current)
        #expect(data.layout == .checkout)
        #expect(FileManager.default.fileExists(atPath: data.path(.wordList("en"))))
        #expect(FileManager.default.fileExists(atPath: data.path(.demoSeed)))
        #expect(DataDirectory.runningExecutable()?.hasPrefix(data.root + "/.build/") == true)
    }

    @Test func aDataFileIsReadWithinItsBound() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-bounded-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("twelve bytes".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try readFileBytes(atPath: path, atMost: 12).get() == Array("twelve bytes".utf8))
        #expect(throws: SystemError.self) { try readFileBytes(atPath: path, atMost: 11).get() }
        #expect(throws: SystemError.self) { try readFileBytes(atPath: "/nonexistent", atMost: 100).get() }
        #expect(throws: SystemError.self) { try readFileBytes(atPath: "/tmp", atMost: 100).get() }
    }
}
