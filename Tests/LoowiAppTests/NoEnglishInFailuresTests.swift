import Foundation
import Localization
import SpeechAudio
import Testing
import TweetEngine

@testable import LoowiApp

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 36, item 6: every failure loowi speaks is worded from a catalogue, so no English word
/// (the system's "No space left on device", a library's "is not a WAV file") reaches a Spanish
/// or Catalan sentence. Each failure path's words are compared with English words that are
/// neither Spanish nor Catalan; the paths and names in them hold none.
@Suite(.timeLimit(.minutes(5))) struct NoEnglishInFailuresTests {
    /// Not "in" and "out" (the sox example keeps its own words), nor words Spanish or Catalan
    /// share ("error", "text", "full").
    static let english: Set<String> = [
        "the", "is", "are", "was", "cannot", "could", "not", "does", "did", "exist", "found", "using", "built", "of", "to",
        "file", "folder", "directory", "permission", "denied", "space", "left", "device", "read", "write", "written", "only",
        "such", "too", "many", "copies", "kept", "disk", "system", "samples", "compressed", "use", "for", "example",
        "it", "its", "and", "with", "this", "that", "server", "answer", "program", "started", "ended", "range",
        "one", "values", "allowed", "saved", "next", "time", "change", "post",
    ]

    /// Every failure's words in `language`, by path.
    static func failures(in language: Language) -> [String] {
        let strings = AppStrings(language)
        let reasons: [FileFailure] = [
            .system(ENOSPC), .system(EDQUOT), .system(EACCES), .system(EPERM), .system(EROFS), .system(ENOTDIR), .system(ENOENT),
            .system(EIO), .system(ENOMEM), .fileInTheWay, .notARegularFile, .unreadable, .cannotEncode, .tooManyCopies,
        ]
        var said = reasons.map { $0.spoken(in: language) }
        for reason in reasons {
            let write = AtomicFile.WriteError(path: "/p/q.json", reason: reason)
            said.append(strings(.settingNotSaved, write.spoken(in: language)))
            said.append(strings(.outboxNotSaved, reason.spoken(in: language)))
            said.append(strings(.draftNotSaved, reason.spoken(in: language)))
            said.append(strings(.outboxUntouchable, "/p/q.json", reason.spoken(in: language)))
            said.append(strings(.draftsUntouchable, "/p/q.json", reason.spoken(in: language)))
        }
        let packs: [SoundPackProblem] = [
            .folderMissing("/p/q"), .unreadable("/p/q.wav"), .file(.notWAV("/p/q.wav")), .file(.compressed("/p/q.wav")),
            .file(.sampleBits("/p/q.wav", 8)),
        ]
        said += packs.map { $0.spoken(in: language) }
        let browser: [LinkOpener.Failure] = [.notFound(program: "qb"), .exited(program: "qb", code: 3), .couldNotStart(program: "qb")]
        said += browser.map { $0.spoken(strings) }
        said += [SettingRefusal.outOfRange(.rate, 900, 80...450), .notAllowed(.punctuation, "loud", ["none", "some"])].map { $0.spoken(in: language) }
        return said
    }

    static func englishWords(in text: String) -> [String] {
        text.lowercased().split { !$0.isLetter }.map(String.init).filter { english.contains($0) }
    }

    @Test(arguments: [Language.spanish, .catalan])
    func noEnglishWordInAFailure(language: Language) {
        let said = Self.failures(in: language)
        #expect(said.count > 80)
        for text in said {
            #expect(Self.englishWords(in: text).isEmpty, "\(text)")
        }
    }

    /// The check can fail: the English sentences are full of such words.
    @Test func theEnglishWordsAreFoundInEnglish() {
        let said = Self.failures(in: .britishEnglish)
        #expect(said.filter { Self.englishWords(in: $0).isEmpty }.isEmpty)
        #expect(Self.englishWords(in: FileFailure.system(ENOSPC).description) == ["space", "left", "device"])
    }
}
