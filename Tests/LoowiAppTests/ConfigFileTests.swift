import AccessibleControls
import Foundation
import LoowiSupport
import Testing

@testable import LoowiApp

/// A fresh `$XDG_CONFIG_HOME` per test, removed afterwards.
final class ConfigFolder {
    let root: URL
    let file: ConfigFile

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        file = ConfigFile(paths: AppPaths(environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": root.path]))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var folder: URL { file.url.deletingLastPathComponent() }

    func write(_ text: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try text.write(to: file.url, atomically: false, encoding: .utf8)
    }

    func text() throws -> String { try String(contentsOf: file.url, encoding: .utf8) }
}

@Suite(.timeLimit(.minutes(5))) struct ConfigFileTests {
    @Test func missingFileMeansDefaultsAndCreatesNothing() throws {
        let config = try ConfigFolder()
        #expect(try config.file.load() == LoowiConfig())
        #expect(!config.file.exists)
        #expect(!FileManager.default.fileExists(atPath: config.folder.path))
        #expect(config.file.url.path == config.root.path + "/loowi/config.toml")
    }

    @Test func loadReportsTheFileNameAndLine() throws {
        let config = try ConfigFolder()
        try config.write("# mine\nrate = 900\n")
        #expect(throws: ConfigError("rate 900 is out of range; use 80 to 450.", file: "config.toml", line: 2)) {
            try config.file.load()
        }
    }

    @Test func setCreatesTheFolderAndFile() throws {
        let config = try ConfigFolder()
        let change = try config.file.set("rate", to: "200")
        #expect(try config.text() == "rate = 200\n")
        #expect(change.description == "rate = 200 (was 175, the default)")
        #expect(try config.file.load().rate == 200)
        let mode = try FileManager.default.attributesOfItem(atPath: config.folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func setReplacesOnlyThatLineKeepingCommentsAndIndentation() throws {
        let config = try ConfigFolder()
        try config.write(
            """
            # My loowi settings.
            language = "es"

              rate = 150   # a bit slow while I learn
            verbosity = "beginner"

            # Extra keys
            [keys]
            F9 = "info"

            """)
        let change = try config.file.set("rate", to: "210")
        #expect(change.description == "rate = 210 (was 150)")
        #expect(
            try config.text() == """
                # My loowi settings.
                language = "es"

                  rate = 210 # a bit slow while I learn
                verbosity = "beginner"

                # Extra keys
                [keys]
                F9 = "info"

                """)
    }

    @Test func setAddsANewSettingAfterTheLastTopLevelOne() throws {
        let config = try ConfigFolder()
        try config.write("language = \"es\"\n# end of settings\n\n[keys]\nF9 = \"info\"\n")
        try config.file.set("verbosity", to: "Expert")
        #expect(try config.text() == "language = \"es\"\nverbosity = \"expert\"\n# end of settings\n\n[keys]\nF9 = \"info\"\n")
    }

    @Test func setAddsTheFirstSettingAboveTheTableAndItsComment() throws {
        let config = try ConfigFolder()
        try config.write("# Keys I changed\n[keys]\nF9 = \"info\"\n")
        try config.file.set("sounds", to: "off")
        #expect(try config.text() == "sounds = false\n\n# Keys I changed\n[keys]\nF9 = \"info\"\n")
        #expect(try config.file.load().soundsEnabled == false)
    }

    @Test func setKeyOverridesGoToTheKeysTable() throws {
        let config = try ConfigFolder()
        try config.write("rate = 200")
        let first = try config.file.set("keys.list:n", to: "next")
        #expect(first.description == #"keys."list:n" = "next" (was the standard binding)"#)
        #expect(try config.text() == "rate = 200\n\n[keys]\n\"list:n\" = \"next\"\n")
        try config.file.set("keys.F9", to: "info")
        try config.file.set("pitch", to: "60")
        #expect(try config.text() == "rate = 200\npitch = 60\n\n[keys]\n\"list:n\" = \"next\"\nF9 = \"info\"\n")
        #expect(try config.file.load().keys == ["list:n": "next", "F9": "info"])
    }

    @Test func setKeepsCRLFLineEnds() throws {
        let config = try ConfigFolder()
        try config.write("rate = 200\r\n[keys]\r\n")
        try config.file.set("pitch", to: "60")
        try config.file.set("rate", to: "210")
        #expect(try config.text() == "rate = 210\r\npitch = 60\r\n[keys]\r\n")
    }

    @Test func setRefusesBadValuesAndLeavesTheFileAlone() throws {
        let config = try ConfigFolder()
        let original = "# keep me\nrate = 200\n"
        try config.write(original)
        let cases: [(key: String, value: String, message: String)] = [
            ("rate", "900", "rate 900 is out of range; use 80 to 450."),
            ("rate", "fast", #"rate must be a whole number from 80 to 450, not "fast"."#),
            ("sounds", "maybe", #"sounds must be true or false, not "maybe"."#),
            ("language", "fr", #"language "fr" is not allowed; use en-gb, en-us, es or ca."#),
            ("voice", "", "voice is empty; give a voice name such as \"en-gb\" (see `loowi voices`), or remove the line to use the language's own voice."),
            ("keys.F9", "fly", ConfigValidationTests.unknownFly),
            ("keys.", "info", #"unknown setting "keys.". \#(ConfigKey.knownList) Set a key with keys.NAME, such as keys.F9."#),
            ("speed", "3", #"unknown setting "speed". \#(ConfigKey.knownList) Set a key with keys.NAME, such as keys.F9."#),
        ]
        for example in cases {
            #expect(throws: ConfigError(example.message)) { try config.file.set(example.key, to: example.value) }
        }
        #expect(try config.text() == original)
        let empty = try ConfigFolder()
        #expect(throws: ConfigError.self) { try empty.file.set("rate", to: "900") }
        #expect(!empty.file.exists)
    }

    @Test func setDoesNotTouchAFileThatIsNotValidTOML() throws {
        let config = try ConfigFolder()
        let original = "rate = 200\nlanguage = es\n"
        try config.write(original)
        #expect(throws: ConfigError(#"es is not a value: put text in double quotes, like "es"."#, file: "config.toml", line: 2)) {
            try config.file.set("rate", to: "210")
        }
        #expect(try config.text() == original)
    }

    @Test func setStillWritesWhenAnotherLineIsWrongAndSaysSo() throws {
        let config = try ConfigFolder()
        try config.write("rate = 900\npitch = 50\n")
        let change = try config.file.set("pitch", to: "60")
        #expect(try config.text() == "rate = 900\npitch = 60\n")
        #expect(change.remainingProblem == ConfigError("rate 900 is out of range; use 80 to 450.", file: "config.toml", line: 1))
        // And fixing that line through set works too.
        #expect(try config.file.set("rate", to: "200").remainingProblem == nil)
    }

    @Test func setTheSameValueSaysUnchanged() throws {
        let config = try ConfigFolder()
        try config.write("rate = 200\n")
        #expect(try config.file.set("rate", to: "200").description == "rate = 200 (unchanged)")
        #expect(try config.file.set("voice", to: "es").description == #"voice = "es" (was the language's own voice)"#)
    }

    @Test func unsetRemovesTheLine() throws {
        let config = try ConfigFolder()
        try config.write("# mine\nvoice = \"es\"\nrate = 200\n")
        #expect(try config.file.unset("voice").description == #"voice removed (was "es"); now the language's own voice."#)
        #expect(try config.file.unset("rate").description == "rate removed (was 200); now 175, the default.")
        #expect(try config.text() == "# mine\n")
        #expect(try config.file.unset("rate").description == "rate is not in the file; it is already 175, the default.")
        let missing = try ConfigFolder()
        _ = try missing.file.unset("rate")
        #expect(!missing.file.exists)
    }

    @Test func persistWritesRunTimeChangesAndKeepsTheRest() throws {
        let config = try ConfigFolder()
        try config.write("# speech\nrate = 175 # was too slow\nvoice = \"es\"\n\n[keys]\nF9 = \"info\"\n")
        var settings = try config.file.load()
        settings.rate = 260
        settings.verbosity = .expert
        settings.voice = nil
        settings.pitch = 99  // not named below, so not written
        try config.file.persist([.rate, .verbosity, .voice], from: settings)
        #expect(try config.text() == "# speech\nrate = 260 # was too slow\nverbosity = \"expert\"\n\n[keys]\nF9 = \"info\"\n")
        var reloaded = settings
        reloaded.pitch = 50
        #expect(try config.file.load() == reloaded)
    }

    @Test func persistCreatesTheFileWhenThereIsNone() throws {
        let config = try ConfigFolder()
        var settings = LoowiConfig()
        settings.rate = 300
        try config.file.persist([.rate], from: settings)
        #expect(try config.text() == "rate = 300\n")
    }

    @Test func persistLeavesABrokenFileAlone() throws {
        let config = try ConfigFolder()
        try config.write("rate = = 3\n")
        #expect(throws: ConfigError.self) { try config.file.persist([.rate], from: LoowiConfig()) }
        #expect(try config.text() == "rate = = 3\n")
    }

    @Test func writesReplaceTheFileRatherThanRewritingIt() throws {
        let config = try ConfigFolder()
        try config.write("rate = 200\n")
        // A hard link still sees the old text only if the new text went into a new file.
        let link = config.root.appendingPathComponent("old")
        try FileManager.default.linkItem(at: config.file.url, to: link)
        try config.file.set("rate", to: "210")
        #expect(try String(contentsOf: link, encoding: .utf8) == "rate = 200\n")
        #expect(try config.text() == "rate = 210\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: config.folder.path) == ["config.toml"])
    }

    @Test func writesKeepTheFileModeAndASymlink() throws {
        let config = try ConfigFolder()
        let dotfiles = config.root.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let real = dotfiles.appendingPathComponent("loowi.toml")
        try "rate = 200\n".write(to: real, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        try FileManager.default.createDirectory(at: config.folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: config.file.url, withDestinationURL: real)
        try config.file.set("rate", to: "210")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: config.file.url.path) == real.path)
        #expect(try String(contentsOf: real, encoding: .utf8) == "rate = 210\n")
        #expect(try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int == 0o640)
    }

    @Test func aFileWhereTheFolderShouldBeIsExplained() throws {
        let config = try ConfigFolder()
        try "".write(to: config.folder, atomically: false, encoding: .utf8)
        #expect(throws: ConfigError("Cannot write in \(config.folder.path): it is a file, not a folder.")) {
            try config.file.set("rate", to: "200")
        }
    }

    @Test func aFolderWhereTheFileShouldBeIsExplained() throws {
        let config = try ConfigFolder()
        try FileManager.default.createDirectory(at: config.file.url, withIntermediateDirectories: true)
        #expect(throws: ConfigError("\(config.file.url.path) is a folder; config.toml must be a file.")) {
            try config.file.load()
        }
    }

    @Test func textThatIsNotUTF8IsExplainedAndNotRewritten() throws {
        let config = try ConfigFolder()
        try config.write("")
        let bytes = Data("rate = 200\nvoice = \"".utf8) + Data([0xFF]) + Data("\"\n".utf8)
        try bytes.write(to: config.file.url)
        let expected = ConfigError("\(config.file.url.path) is not UTF-8 text; save it as UTF-8.")
        #expect(throws: expected) { try config.file.load() }
        #expect(throws: expected) { try config.file.set("rate", to: "210") }
        #expect(try Data(contentsOf: config.file.url) == bytes)
    }

    @Test func showListingReadsBackAsTheSameSettings() throws {
        var settings = LoowiConfig()
        settings.voice = "en-us"
        settings.postTemplate = "\"$text\" by $display_name"
        settings.keys = ["list:n": "next", "F9": "info"]
        settings.display = .line
        settings.soundPack = "soft"
        settings.dmFollowersOnly = false
        settings.caFile = "/etc/loowi/ca.pem"
        settings.personVoices = ["grace@fake.social": PersonVoice(variant: "f2", pitchOffset: 6)!]
        let listing = settings.tomlListing
        #expect(try ConfigFile.config(from: listing, fileName: "config.toml") == settings)
        #expect(listing.contains("rate = 175\n"))
        #expect(listing.contains("[keys]\nF9 = \"info\"\n\"list:n\" = \"next\"\n"))
        #expect(listing.hasSuffix("[voices]\n\"grace@fake.social\" = \"f2 +6\""))
        #expect(LoowiConfig().tomlListing.contains("# voice is not set: the language's own voice.\n"))
        #expect(try ConfigFile.config(from: LoowiConfig().tomlListing, fileName: "config.toml") == LoowiConfig())
        // Every setting is listed, in the documented order.
        let names = listing.split(separator: "\n").prefix(ConfigKey.allCases.count).map { $0.split(separator: " ")[0] }
        #expect(names.map(String.init) == ConfigKey.allCases.map(\.rawValue))
    }
}
