import Foundation
import Testing

@testable import TweetEngine

/// Issue 35, item 7: a damaged outbox file is set aside whole, and every post still readable
/// in it is taken back into the outbox, with how many could not be read and where they are.
@Suite(.timeLimit(.minutes(5))) struct OutboxRecoveryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-outbox-recovery-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("outbox.json").path }
    let at = Date(timeIntervalSince1970: 1_800_000_000)

    /// Three waiting posts written by loowi, then the second one's attempts count overwritten
    /// and the end of the file cut off: the file is no longer JSON.
    static func damagedOutbox(at path: String, texts: [String] = ["First", "Second", "Third"]) throws -> (Data, [OutboxItem]) {
        let outbox = Outbox(path: path)
        let items = texts.enumerated().map { index, text in
            var item = OutboxItem(draft: Draft(text: text), queuedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(index)))
            item.sendsByItself = true
            return item
        }
        for item in items { try outbox.put(item) }
        var text = try String(contentsOfFile: path, encoding: .utf8)
        // Items keep their order and their keys are sorted: the second "attempts" is the second post's.
        let attempts = text.ranges(of: "\"attempts\" : 0")
        try #require(attempts.count == 3)
        text.replaceSubrange(attempts[1], with: "\"attempts\" : O")
        text.removeLast(8)
        let data = Data(text.utf8)
        try data.write(to: URL(fileURLWithPath: path))
        return (data, items)
    }

    @Test func everyReadablePostIsTakenBackAndTheUnreadableOneIsCounted() throws {
        let (damaged, items) = try Self.damagedOutbox(at: path)
        #expect((try? JSONSerialization.jsonObject(with: damaged)) == nil, "the file must really be damaged")
        let outbox = Outbox(path: path, now: at)
        let copy = path + ".unreadable-1800000000"
        #expect(outbox.problem == .recovered(count: 2, unreadable: 1, keptAt: copy))
        #expect(outbox.all.map(\.draft.text) == ["First", "Third"])
        #expect(outbox.all.map(\.id) == [items[0].id, items[2].id])
        // The damaged file is kept whole, and the outbox itself is whole again.
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == damaged)
        let again = Outbox(path: path, now: at)
        #expect(again.problem == nil)
        #expect(again.all.map(\.draft.text) == ["First", "Third"])
        #expect(again.all.allSatisfy { $0.retriesByItself })
        #expect(again.keptAsideCopies == [copy])
    }

    @Test func aFileCutOffAfterItsLastPostLosesNothing() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outbox = Outbox(path: path)
        try outbox.put(OutboxItem(draft: Draft(text: "Only one"), queuedAt: at))
        try outbox.finish(id: Outbox(path: path).all[0].id, statusID: "99")
        try outbox.put(OutboxItem(draft: Draft(text: "Still waiting"), queuedAt: at))
        let whole = try String(contentsOfFile: path, encoding: .utf8)
        try Data(whole.dropLast(3).utf8).write(to: URL(fileURLWithPath: path))
        let reopened = Outbox(path: path, now: at)
        #expect(reopened.problem == .recovered(count: 1, unreadable: 0, keptAt: path + ".unreadable-1800000000"))
        #expect(reopened.all.map(\.draft.text) == ["Still waiting"])
        // What it published is still remembered, so reconciliation never takes that post again.
        #expect(reopened.publishedIDs == ["99"])
    }

    @Test func lookingAtADamagedFileShowsItsReadablePostsAndChangesNothing() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let opened = Outbox(path: path)
        let (damaged, _) = try Self.damagedOutbox(at: path)
        #expect(opened.all.map(\.draft.text) == ["First", "Third"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == damaged)
        #expect(opened.keptAsideCopies.isEmpty)
    }

    @Test func aChangeToAFileDamagedMeanwhileKeepsItsReadablePosts() throws {
        let outbox = Outbox(path: path)
        let (_, items) = try Self.damagedOutbox(at: path)
        try outbox.put(OutboxItem(draft: Draft(text: "Fourth"), queuedAt: at))
        #expect(Outbox(path: path).all.map(\.draft.text) == ["First", "Third", "Fourth"])
        #expect(outbox.item(id: items[1].id) == nil)
        #expect(outbox.keptAsideCopies.count == 1)
    }

    @Test func aPublishedPostsKeyIsRemembered() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outbox = Outbox(path: path)
        let item = OutboxItem(draft: Draft(text: "Out"), queuedAt: at)
        try outbox.put(item)
        try outbox.finish(id: item.id, statusID: "7")
        #expect(Outbox(path: path).publishedKeys == [item.id])
        #expect(Outbox(path: path).all.isEmpty)
    }
}
