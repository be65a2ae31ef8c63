import Foundation
import SpeechAudio
import Testing

@testable import LoowiApp

/// The app keeps, in its cache folder, the voice eSpeak NG chose for the configured setting and
/// its list of voices, so that the next start reads none of eSpeak NG's voice files but the
/// one it speaks with (`Tests/e2e/test-voice-memo.sh` hears and counts that across processes).
@Suite(.timeLimit(.minutes(5))) struct VoiceMemoFileTests {
    @Test func checkingTheVoiceKeepsWhatEspeakChose() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-voices-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let memo = VoiceMemoFile(folder: folder)
        try await memo.validate(SpeechSettings(voice: "en-gb"), on: .shared)
        let kept = try #require(memo.load())
        #expect(kept.chosen["en-gb"]?.identifier == "gmw/en")
        #expect(kept.chosen["en-gb"]?.name == "English (Great Britain)")
        #expect(kept.installed.count > 50)
        #expect(kept.signature.hasPrefix("espeak-ng "))
    }

    @Test func aVoiceThatIsNotThereIsStillRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-voices-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let memo = VoiceMemoFile(folder: folder)
        try await memo.validate(SpeechSettings(voice: "en-gb"), on: .shared)
        await #expect(throws: SpeechError.self) { try await memo.validate(SpeechSettings(voice: "no-such-voice"), on: .shared) }
    }

    @Test func aFolderThatCannotBeWrittenCostsOnlyTheMemo() async throws {
        // A file where the folder should be: nothing can be kept, the voice still loads.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-voices-\(UUID().uuidString)")
        try Data("x".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let memo = VoiceMemoFile(folder: blocker)
        try await memo.validate(SpeechSettings(voice: "es"), on: .shared)
        #expect(memo.load() == nil)
    }
}
