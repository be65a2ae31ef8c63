import Foundation
import Testing

@testable import TweetEngine

/// Issue 35, item 8: the temporary file of a write killed half-way is removed at the next
/// start; another loowi's write under way, and anything else in the folder, is left alone.
@Suite(.timeLimit(.minutes(5))) struct LeftoverTemporaryFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-leftovers-\(UUID().uuidString)").path

    @Test func aDeadWritersFileGoesALiveOnesAndOtherFilesStay() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // No process has a pid this large (Linux's pid_max is at most 4194304).
        let dead = ".drafts-@ada@host.json.2147483000-12345.tmp"
        let live = ".outbox-@ada@host.json.\(getpid())-678.tmp"
        let kept = ["drafts-@ada@host.json", ".hidden.tmp", ".name.notapid-1.tmp", "outbox.json.unreadable-1800000000"]
        for name in [dead, live] + kept { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        #expect(AtomicFile.removeLeftovers(in: folder) == [dead])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == Set([live] + kept))
    }

    @Test func theNameAWriteUsesIsTheNameRecognised() throws {
        #expect(AtomicFile.writerPID(ofTemporary: ".config.toml.4242-99.tmp") == 4242)
        #expect(AtomicFile.writerPID(ofTemporary: "config.toml.4242-99.tmp") == nil)
        #expect(AtomicFile.writerPID(ofTemporary: ".4242-99.tmp") == nil)
        // A real write leaves nothing behind once it is done.
        try AtomicFile.write("a = 1", to: folder + "/config.toml", permissions: .ownerOnly)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["config.toml"])
    }
}
