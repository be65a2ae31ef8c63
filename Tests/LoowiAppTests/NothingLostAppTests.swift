import AccessibleControls
import Foundation
import Testing
import TranscriptTesting

@testable import LoowiApp
@testable import TweetEngine

/// Issue 35, item 6: two apps on one account each keep their drafts (every change re-reads
/// the file under its lock and changes only its own place), and a draft another loowi's
/// outbox published is not offered again as unsent.
@Suite(.timeLimit(.minutes(5))) struct DraftMergeTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-drafts-merge-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent("drafts.json") }

    @Test func twoStoresOnOneFileKeepEachOthersDrafts() {
        let first = DraftStore(file: file)
        let second = DraftStore(file: file)
        #expect(first.save("Kitchen notes", for: "new") == nil)
        #expect(second.save("Agreed", for: "reply:9") == nil)
        #expect(Set(DraftStore(file: file).all.map(\.text)) == ["Kitchen notes", "Agreed"])
        // Each sees the other's too, and removing its own leaves the other's.
        #expect(first.draft(for: "reply:9")?.text == "Agreed")
        second.remove("reply:9")
        first.save("Kitchen notes, longer", for: "new")
        #expect(DraftStore(file: file).all.map(\.text) == ["Kitchen notes, longer"])
        #expect(second.draft(for: "new")?.text == "Kitchen notes, longer")
    }

    @Test func aDraftWhosePostTheOutboxPublishedIsNoLongerOffered() throws {
        let outbox = Outbox(path: folder.appendingPathComponent("outbox.json").path)
        let store = DraftStore(file: file)
        store.follow(outbox)
        let attempt = Draft(text: "Bread is ready")
        store.save("Bread is ready", for: "new", attempt: attempt)
        store.save("Still thinking", for: "reply:4")
        // A draft with the same words but no attempt of its own is the user's, not the outbox's.
        store.save("Bread is ready", for: "mention:2")
        #expect(store.all.count == 3)
        // Another loowi publishes it: only the outbox file says so.
        let elsewhere = Outbox(path: outbox.path)
        try elsewhere.put(OutboxItem(draft: attempt, queuedAt: Date()))
        try elsewhere.finish(id: attempt.idempotencyKey, statusID: "300")
        #expect(Set(store.all.map(\.place)) == ["reply:4", "mention:2"])
        #expect(store.draft(for: "new") == nil)
        // The next change takes it out of the file as well.
        store.save("Still thinking hard", for: "reply:4")
        let raw = try String(contentsOf: file, encoding: .utf8)
        #expect(!raw.contains(attempt.idempotencyKey))
    }

    /// Two apps save within one second: the time keeps its milliseconds, so "the latest"
    /// is the one written last; a file from an older loowi (whole seconds) still reads.
    @Test func aDraftsTimeKeepsItsMillisecondsAndOldTimesStillRead() throws {
        let first = SavedDraft(place: "reply:9", text: "Earlier", updatedAt: Date(timeIntervalSince1970: 1_800_000_000.250))
        let second = SavedDraft(place: "new", text: "Later", updatedAt: Date(timeIntervalSince1970: 1_800_000_000.750))
        let data = try JSONEncoder.drafts.encode(["reply:9": first, "new": second])
        let read = try JSONDecoder.drafts.decode([String: SavedDraft].self, from: data)
        #expect(read["new"]?.updatedAt == second.updatedAt)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: file)
        #expect(DraftStore(file: file).all.map(\.text) == ["Later", "Earlier"])
        try Data(#"{"new":{"place":"new","text":"Old","updatedAt":"2026-11-20T10:00:00Z"}}"#.utf8).write(to: file)
        #expect(DraftStore(file: file).all.first?.updatedAt == Date(timeIntervalSince1970: 1_795_168_800))
    }

    @Test func environmentCredentialsHaveOneOutboxWhetherOrNotTheHandleIsKnown() {
        let server = URL(string: "http://127.0.0.1:3000")!
        let unknown = ResolvedAccount(credentials: Credentials(server: server, accessToken: "t"), source: .environment)
        var identified = unknown
        identified.credentials.accountID = "1"
        identified.credentials.username = "ada"
        #expect(Outbox.owner(of: unknown) == "environment@127.0.0.1:3000")
        #expect(Outbox.owner(of: identified) == Outbox.owner(of: unknown))
        let saved = ResolvedAccount(credentials: identified.credentials, source: .saved)
        #expect(Outbox.owner(of: saved) == "@ada@127.0.0.1:3000")
    }
}

/// The same, heard: two apps write on one account, and a third start offers what is unsent.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct NothingLostAppTests {
    /// Folders and times change from run to run; the transcript keeps their place.
    static func stable(_ text: String, folder: URL) -> String {
        text.replacingOccurrences(of: folder.path, with: "<folder>")
            .replacingOccurrences(of: #"unreadable-[0-9]+"#, with: "unreadable-<seconds>", options: .regularExpression)
    }

    static func config(_ language: Language) -> LoowiConfig {
        var config = LoowiConfig()
        config.language = language
        return config
    }

    @Test(.timeLimit(.minutes(2)), arguments: [Language.britishEnglish, .spanish])
    func twoAppsOnOneAccountKeepBothDraftsAndAPublishedOneIsNotOffered(language: Language) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-two-apps-\(UUID().uuidString)")
        let first = AppHarness(config: Self.config(language), folder: folder)
        let second = AppHarness(config: Self.config(language), folder: folder)
        await first.open()
        await second.open()
        await first.press("n")
        await first.type("Kitchen notes")
        await first.press("Escape")
        // The second app's reply cannot reach the server: it waits in the shared outbox.
        await second.press("r")
        await second.type("Agreed")
        second.server.state.withLock { _ = $0.unreachable.insert("/api/v1/statuses") }
        await second.press("Ctrl-S")
        await second.press("Escape")
        let afterBoth = AppHarness(config: Self.config(language), folder: folder)
        // Its own retry of the waiting reply finds no server either.
        afterBoth.server.state.withLock { _ = $0.unreachable.insert("/api/v1/statuses") }
        await afterBoth.open()
        // The command line sends the waiting reply (another process, the same outbox file).
        let waiting = try #require(Outbox(path: folder.appendingPathComponent("outbox.json").path).all.first, "\(second.transcript)")
        _ = try await second.engine.deliver(waiting, through: Outbox(path: folder.appendingPathComponent("outbox.json").path))
        let afterSend = AppHarness(config: Self.config(language), folder: folder)
        await afterSend.open()
        let transcript = [
            "== the first app ==", first.transcript, "== the second app ==", second.transcript,
            "== a start after both ==", afterBoth.transcript, "== a start after the command line sent the reply ==", afterSend.transcript,
        ].joined(separator: "\n")
        try assertTranscript(Self.stable(transcript, folder: folder), named: language == .spanish ? "app-two-apps-drafts-spanish" : "app-two-apps-drafts-english")
        #expect(afterBoth.transcript.contains(language == .spanish ? "Tienes 2 publicaciones sin enviar" : "You have 2 unsent posts"))
        #expect(!afterSend.transcript.contains("Agreed"))
        #expect(afterSend.transcript.contains("Kitchen notes"))
    }

    @Test(.timeLimit(.minutes(2)), arguments: [Language.britishEnglish, .spanish])
    func aDamagedOutboxSaysWhatWasTakenBackAndSendsIt(language: Language) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-damaged-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("outbox.json").path
        let writer = Outbox(path: path)
        for (index, text) in ["Bread is ready", "Soup at six", "Cake later"].enumerated() {
            var item = OutboxItem(draft: Draft(text: text, visibility: .public), queuedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
            item.sendsByItself = true
            try writer.put(item)
        }
        // The second post's attempts overwritten and the end cut off: not JSON any more.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let attempts = text.ranges(of: "\"attempts\" : 0")
        try #require(attempts.count == 3)
        text.replaceSubrange(attempts[1], with: "\"attempts\" : O")
        text.removeLast(8)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let app = AppHarness(config: Self.config(language), folder: folder)
        await app.open()
        try assertTranscript(Self.stable(app.transcript, folder: folder), named: language == .spanish ? "app-damaged-outbox-spanish" : "app-damaged-outbox-english")
        // Both readable posts reached the server, once; the unreadable one stays in the copy.
        #expect(app.server.state.withLock { $0.posted.compactMap { $0["status"] } }.sorted() == ["Bread is ready", "Cake later"])
        #expect(Outbox(path: path).all.isEmpty)
        #expect(!app.transcript.contains("every post"))
    }
}

/// Issue 35, item 8: a media file whose name holds control characters can still be attached.
/// Completion says the name cleaned, writes it with those characters escaped, and the real
/// file is read when the post goes.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ControlCharacterFileNameTests {
    @Test(.timeLimit(.minutes(2)), arguments: [Language.britishEnglish, .spanish])
    func aFileNamedWithAnEscapeIsCompletedAndAttached(language: Language) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-odd-names-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "loaf\u{1B}[31m;red=.png"
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: folder.appendingPathComponent(name))
        var config = LoowiConfig()
        config.language = language
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(config: config))
        await AttachmentCompletionTests.inAttachments(app)
        await app.type("\(folder.path)/lo")
        // From here on: the folder's name changes from run to run, and its letters are echoed.
        let from = app.lines.count
        await app.press("Down")
        let field = try #require(app.core.navigator.current.focus.focused as? TextField)
        #expect(field.text == "\(folder.path)/loaf\\u001B[31m\\u003Bred\\u003D.png")
        #expect(field.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
        await app.type(" = A round loaf")
        await app.press("Ctrl-S")
        #expect(app.server.state.withLock { $0.uploads } == ["A round loaf"])
        #expect(app.server.state.withLock { $0.posted }.count == 1)
        let heard = "(compose's attachments field, the folder typed)\n" + app.lines[from...].joined(separator: "\n") + "\n"
        try assertTranscript(
            NothingLostAppTests.stable(heard, folder: folder),
            named: language == .spanish ? "app-odd-file-name-spanish" : "app-odd-file-name-english")
    }

    @Test func escapingIsUndoneExactlyAndAPlainNameIsLeftAsItIs() {
        let names = ["loaf.png", "bell\u{07}.png", "a;b=c.jpg", "rtl\u{202E}gnp.exe", "tag\u{E0041}.png", "back\\u0041slash.png"]
        for name in names {
            let written = EscapedPath.escaped(name)
            #expect(EscapedPath.unescaped(written) == name || name.contains("\\u"))
            #expect(!written.contains(";") && !written.contains("="))
        }
        #expect(EscapedPath.escaped("loaf.png") == "loaf.png")
        #expect(EscapedPath.escaped("rtl\u{202E}gnp.exe") == "rtl\\u202Egnp.exe")
    }
}
