import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 9, defect 2: one unreadable entry used to wipe every draft (the whole file was
/// decoded with `try?`, fell back to empty, and the next keystroke overwrote it).
@Suite(.timeLimit(.minutes(5))) struct DraftStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-drafts-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent("drafts.json") }

    private func writeRaw(_ text: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    private func asidePaths() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".unreadable-") }.sorted()
    }

    @Test func oneEntryWithABadDateKeepsAllThreeDrafts() throws {
        try writeRaw("""
            {"new":{"place":"new","text":"First thought","updatedAt":"2026-11-20T10:00:00Z"},
             "reply:9":{"place":"reply:9","text":"A reply","updatedAt":"yesterday-ish"},
             "direct:4":{"place":"direct:4","text":"@grace hello","updatedAt":"2026-11-21T10:00:00Z"}}
            """)
        let store = DraftStore(file: file)
        #expect(Set(store.all.map(\.text)) == ["First thought", "A reply", "@grace hello"])
        #expect(store.problem == nil)
        // The next keystroke writes the file: all three are still there afterwards.
        store.save("First thoughts", for: "new")
        let reread = DraftStore(file: file)
        #expect(Set(reread.all.map(\.text)) == ["First thoughts", "A reply", "@grace hello"])
    }

    @Test func anEntryWithoutTextIsKeptAsideAndTheOthersSurvive() throws {
        let original = """
            {"new":{"place":"new","text":"Keep me"},"reply:1":{"place":"reply:1","words":"no text field"}}
            """
        try writeRaw(original)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let store = DraftStore(file: file, now: now)
        #expect(store.all.map(\.text) == ["Keep me"])
        let copy = file.path + ".unreadable-1800000000"
        #expect(store.problem == .someUnreadable(count: 1, keptAt: copy))
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == original)
        store.save("Keep me too", for: "new")
        #expect(try String(contentsOfFile: copy, encoding: .utf8) == original)
    }

    @Test func aFileThatIsNotJSONIsMovedAsideNeverOverwritten() throws {
        let garbage = "{\"new\": {\"text\": \"the start of a long draft"  // cut off mid-write by an older loowi
        try writeRaw(garbage)
        let store = DraftStore(file: file, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(store.all.isEmpty)
        let aside = file.path + ".unreadable-1800000000"
        #expect(store.problem == .movedAside(keptAt: aside))
        store.save("New words", for: "new")
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == garbage)
        #expect(DraftStore(file: file).all.map(\.text) == ["New words"])
        // Told once: the next start finds a good file and says nothing.
        #expect(DraftStore(file: file).problem == nil)
        #expect(try asidePaths().count == 1)
    }

    @Test func aSecondBadFileOnTheSameSecondDoesNotReplaceTheFirstCopy() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try writeRaw("not json 1")
        _ = DraftStore(file: file, now: now)
        try writeRaw("not json 2")
        _ = DraftStore(file: file, now: now)
        let aside = try asidePaths()
        #expect(aside.count == 2)
        let contents = try aside.map { try String(contentsOfFile: folder.appendingPathComponent($0).path, encoding: .utf8) }
        #expect(Set(contents) == ["not json 1", "not json 2"])
    }

    @Test func draftsAreWrittenPrivately() throws {
        let store = DraftStore(file: file)
        #expect(store.save("secret message", for: "direct:1") == nil)
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(stat(folder.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
    }

    @Test func theRemoveSentCallDropsOnlyTheDraftWithThatKey() throws {
        let store = DraftStore(file: file)
        let attempt = Draft(text: "sent one")
        store.save("sent one", for: "new", attempt: attempt)
        store.save("other", for: "reply:3")
        store.removeSent(idempotencyKey: attempt.idempotencyKey)
        #expect(DraftStore(file: file).all.map(\.text) == ["other"])
    }
}

/// The user hears about a drafts file that could not be read, once, in their language.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct DraftProblemSpeechTests {
    @Test func theStartSaysWhereTheUnreadableFileWasKept() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: folder.appendingPathComponent("drafts.json"))
        let app = AppHarness(folder: folder)
        await app.open()
        let said = app.said().filter { $0.contains("drafts file") }
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("say (queued): Your drafts file could not be read, so loowi kept it, untouched, at \(folder.path)/drafts.json.unreadable-") == true)
        let again = AppHarness(folder: folder)
        await again.open()
        #expect(again.said().allSatisfy { !$0.contains("drafts file") })
    }

    @Test func spanishSaysItToo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"new":{"text":"hola"},"reply:2":{"nada":1}}"#.utf8).write(to: folder.appendingPathComponent("drafts.json"))
        var config = LoowiConfig()
        config.language = .spanish
        let app = AppHarness(config: config, folder: folder)
        await app.open()
        let said = app.said()
        #expect(said.contains { $0.hasPrefix("say (queued): 1 de tus borradores no se han podido leer; los demás están aquí.") })
        #expect(said.contains { $0.contains("Tienes una publicación sin enviar: hola.") })
    }
}

/// The outbox's own troubles are said at start-up too: a file kept aside, and posts the
/// server refused (they are never retried by themselves).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct OutboxStartupNoticeTests {
    @Test func anUnreadableOutboxIsSaidOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"items\":".utf8).write(to: folder.appendingPathComponent("outbox.json"))
        let app = AppHarness(folder: folder)
        await app.open()
        let said = app.said().filter { $0.contains("outbox file") }
        #expect(said.count == 1)
        #expect(said.first?.hasPrefix("say (queued): Your outbox file could not be read, so loowi kept it, untouched, at \(folder.path)/outbox.json.unreadable-") == true)
        let again = AppHarness(folder: folder)
        await again.open()
        #expect(again.said().allSatisfy { !$0.contains("outbox file") })
    }

    @Test func aRefusedPostIsMentionedInSpanish() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-app-\(UUID().uuidString)")
        var item = OutboxItem(draft: Draft(text: "Demasiado largo"), queuedAt: Date())
        item.refusal = "Text too long"
        try Outbox(path: folder.appendingPathComponent("outbox.json").path).put(item)
        var config = LoowiConfig()
        config.language = .spanish
        let app = AppHarness(config: config, folder: folder)
        await app.open()
        #expect(app.said().contains("say (queued): Hay publicaciones que el servidor rechazó esperando en tu bandeja de salida: \"Demasiado largo\". En la línea de órdenes, loowi outbox las muestra."))
        // Refused posts are not sent by themselves.
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
    }
}
