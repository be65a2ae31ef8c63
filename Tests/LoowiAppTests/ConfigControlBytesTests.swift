import Foundation
import Testing

@testable import LoowiApp

/// config.toml with escape sequences, an OSC title, NUL, C1 bytes and bidi overrides in a
/// key, a value, a comment and a table name: every message and listing quotes the file, and
/// none of it may reach the terminal as anything that acts.
@Suite("Config messages never echo control bytes", .timeLimit(.minutes(5))) struct ConfigControlBytesTests {
    /// Characters a terminal or a text renderer acts on instead of showing.
    static func acting(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: true
            default: false
            }
        }
    }

    static let hostile = "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{00}\u{9B}31m\u{9D}0;T\u{9C}\u{202E}"

    /// One hostile file, named in the test report without its bytes.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "a bare key", file: "ra\(hostile)te = 175\n"),
        Case(name: "a key under [keys]", file: "[keys]\nF\(hostile)9 = \"info\"\n"),
        Case(name: "a number", file: "rate = 1\(hostile)\n"),
        Case(name: "a bare word", file: "verbosity = expert\(hostile)\n"),
        Case(name: "text with a bidi override and C1", file: "language = \"e\u{202E}n\u{9B}\"\n"),
        Case(name: "a quoted action", file: "[keys]\nF9 = \"in\u{202E}fo\"\n"),
        Case(name: "a comment", file: "rate = 175 # \(hostile)\n"),
        Case(name: "text after the value", file: "rate = 175 x\(hostile) # note\n"),
        Case(name: "a table name", file: "[k\(hostile)eys]\n"),
    ])
    func messageHasNoControlCharacters(_ hostileFile: Case) {
        do {
            _ = try ConfigFile.config(from: hostileFile.file, fileName: "config.toml")
            Issue.record("no error for \(hostileFile.name)")
        } catch {
            let message = error.description
            #expect(Self.acting(message).isEmpty, "\(message.debugDescription)")
            #expect(message.hasPrefix("config.toml line "), "\(message)")
        }
    }

    @Test func escapedValuesAreListedEscapedAndStillRoundTrip() throws {
        let text = "voice = \"\\u001B]0;T\\u0007x\u{202E}y\\u0000\"\n"
        let config = try ConfigFile.config(from: text, fileName: "config.toml")
        #expect(config.voice == "\u{1B}]0;T\u{07}x\u{202E}y\u{00}")
        let listing = config.tomlListing
        #expect(Self.acting(listing.replacingOccurrences(of: "\n", with: " ")).isEmpty)
        let line = try #require(listing.split(separator: "\n").first { $0.hasPrefix("voice = ") })
        #expect(line == #"voice = "\u001B]0;T\u0007x\u202Ey\u0000""#)
        // The listed line read back gives the same value.
        #expect(try ConfigFile.config(from: String(line) + "\n", fileName: "config.toml").voice == config.voice)
    }

    @Test func aMessageMadeElsewhereIsCleanedToo() {
        let error = ConfigError("unknown voice \u{1B}]0;T\u{07}x", file: "config\u{1B}[2J.toml", line: 3)
        // The message's quoted text is shown escaped (what to fix); anything else is removed.
        #expect(error.description == #"config.toml line 3: unknown voice \u001B]0;T\u0007x"#)
        #expect(Self.acting(error.description).isEmpty)
    }
}
