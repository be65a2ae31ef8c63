import AccessibleControls
import Foundation
import Synchronization
import Testing
import TranscriptTesting

@testable import LoowiApp

/// Issue 35, item 5: links open where the user is. `$BROWSER` (colon-separated commands, `%s`
/// the address, `%%` a percent sign, else the address appended) is tried first, entry by
/// entry, on a console too (w3m, lynx get loowi's terminal until they end); `xdg-open` only on
/// a desktop; when nothing can open it, loowi says so and offers the address.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct BrowserChoiceTests {
    static let address = "https://example.org/a?b=1&c=%20$(x)"

    @Test func aConsoleUsesBrowserOnTheTerminalAndNeverXdgOpen() {
        let opener = LinkOpener(environment: ["BROWSER": "w3m:lynx -accept_all_cookies"])
        #expect(opener.launches(for: Self.address) == [
            .init(arguments: ["w3m", Self.address], inTerminal: true),
            .init(arguments: ["lynx", "-accept_all_cookies", Self.address], inTerminal: true),
        ])
    }

    @Test func aDesktopTriesBrowserThenXdgOpen() {
        let opener = LinkOpener(environment: ["DISPLAY": ":0", "BROWSER": "firefox --new-tab=%s::/usr/bin/lynx %s"])
        #expect(opener.launches(for: Self.address) == [
            // A graphical browser in its own window; a console one on the terminal, even here.
            .init(arguments: ["firefox", "--new-tab=" + Self.address], inTerminal: false),
            .init(arguments: ["/usr/bin/lynx", Self.address], inTerminal: true),
            .init(arguments: ["xdg-open", Self.address], inTerminal: false),
        ])
        #expect(LinkOpener(environment: ["WAYLAND_DISPLAY": "wayland-0"]).launches(for: "https://x.example/") == [
            .init(arguments: ["xdg-open", "https://x.example/"], inTerminal: false)
        ])
    }

    @Test func percentSIsTheAddressAndTwoPercentsArePercent() {
        #expect(LinkOpener.arguments(["open", "--title=100%%", "%s"], address: "https://a.example/%s") == ["open", "--title=100%", "https://a.example/%s"])
        #expect(LinkOpener.arguments(["b", "%x", "50%"], address: "https://a.example/") == ["b", "%x", "50%", "https://a.example/"])
    }

    @Test func nothingToOpenWithIsEmpty() {
        #expect(LinkOpener(environment: [:]).launches(for: Self.address).isEmpty)
        #expect(LinkOpener(environment: ["BROWSER": " : "]).launches(for: Self.address).isEmpty)
    }

    /// A program on the terminal is waited for: when `start` returns it has run to its end.
    @Test(.timeLimit(.minutes(5))) func aTerminalBrowserRunsToItsEndWithTheAddressAsOneArgument() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-console-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("args").path
        let browser = folder.appendingPathComponent("w3m").path
        try "#!/bin/sh\nsleep 0.2\nprintf '%s\\n' \"$@\" > \(log)\n".write(toFile: browser, atomically: true, encoding: .utf8)
        chmod(browser, 0o755)
        let started = await LinkOpener.start(.init(arguments: [browser, Self.address], inTerminal: true))
        #expect(started == .opened)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == Self.address + "\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x"))
        let missing = await LinkOpener.start(.init(arguments: [folder.path + "/lynx", Self.address], inTerminal: true))
        #expect(missing == .failed(.couldNotStart(program: "lynx")))
    }

    /// What was started, and whether the terminal was lent for it.
    final class Record: Sendable {
        let lines = Mutex<[String]>([])
        func add(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static func console(_ app: AppHarness, browser: String, record: Record, failing: Set<String>) -> AppHarness {
        _ = LinksScreenTests.withLinks(app)
        app.core.linkOpener = LinkOpener(environment: ["BROWSER": browser, "TERM": "linux"]) { launch in
            record.add(launch.arguments.joined(separator: " "))
            return failing.contains(launch.program) ? .failed(.notFound(program: launch.program)) : .opened
        }
        app.core.lendTerminal = { work in
            record.add("terminal lent")
            let started = await work()
            record.add("terminal back")
            return started
        }
        return app
    }

    @Test(arguments: [Language.britishEnglish, .spanish])
    func aConsoleUserOpensALinkInTheirBrowser(language: Language) async throws {
        let record = Record()
        let app = Self.console(AppHarness(language: language), browser: "nothere %s:w3m", record: record, failing: ["nothere"])
        await app.open()
        await app.press("o", "Enter")
        #expect(record.all == [
            "terminal lent", "nothere https://example.org/a/long/path?x=1", "terminal back",
            "terminal lent", "w3m https://example.org/a/long/path?x=1", "terminal back",
        ])
        try assertTranscript(app.transcript, named: language == .spanish ? "app-console-browser-spanish" : "app-console-browser-english")
    }

    @Test func whenNoBrowserStartsItSaysSoAndOffersTheAddress() async {
        let record = Record()
        let app = Self.console(AppHarness(), browser: "w3m:lynx", record: record, failing: ["w3m", "lynx"])
        await app.open()
        await app.press("o")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == [
            "say: Opening link to example.org: A long read.",
            "say: No browser could open it (w3m: not found; lynx: not found). Press C to copy the address, or A to hear it.",
        ])
        await app.press("a")
        #expect(app.said() == ["say: https://example.org/a/long/path?x=1"])
    }

    @Test func spanishWithoutAnyBrowserSaysSo() async {
        let app = LinksScreenTests.withLinks(AppHarness(language: .spanish))
        app.core.linkOpener = LinkOpener(environment: [:]) { _ in
            Issue.record("started a browser with nothing to start")
            return .opened
        }
        await app.open()
        await app.press("o")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == [
            "say: Aquí nada puede abrirlo: no hay escritorio y BROWSER no nombra ningún navegador (como w3m o lynx). Pulsa C para copiar la dirección, o A para oírla."
        ])
    }
}
