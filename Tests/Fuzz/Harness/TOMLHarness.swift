import Foundation
@testable import LoowiApp

/// The configuration file: no crash on any text, and a problem's message (spoken and
/// printed, and it quotes the file) carries no control, bidi or invisible character.
enum TOMLHarness {
    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? TOMLParser.parse(text)
        do {
            _ = try ConfigFile.config(from: text, fileName: "config.toml")
        } catch {
            Oracle.requireClean(error.description, newlines: false, "config error")
            Oracle.requireClean(error.message, newlines: false, "config error message")
        }
    }
}
