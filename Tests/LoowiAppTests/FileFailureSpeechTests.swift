import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 36, item 6: why a file could not be written is said in the user's language: a
/// setting not saved, a post the outbox could not keep, drafts and outbox files in the way.
/// The system's English ("Not a directory") never sits inside a Spanish sentence.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FileFailureSpeechTests {
    @Test func theCommonSystemErrorsAreSaidByWhatTheyMean() {
        #expect(FileFailure.system(ENOSPC).spoken(in: .english) == "the disk is full")
        #expect(FileFailure.system(ENOSPC).spoken(in: .spanish) == "el disco está lleno")
        #expect(FileFailure.system(EACCES).spoken(in: .catalan) == "loowi no té permís per escriure-hi")
        #expect(FileFailure.system(EROFS).spoken(in: .spanish) == "el disco es de solo lectura")
        // The rest by number, in the sentence's language; printed, the system's words.
        #expect(FileFailure.system(ENOMEM).spoken(in: .spanish) == "error del sistema \(ENOMEM)")
        #expect(FileFailure.system(ENOSPC).description == "No space left on device")
    }

    /// A file where the configuration folder should be: the change is used, and why it was
    /// not kept is said in the user's words.
    @Test(arguments: [
        (Language.britishEnglish, "Your change is used now but could not be saved for next time: Cannot write in {dir}/loowi: a file stands where a folder should be."),
        (.spanish, "El cambio se aplica ya, pero no se ha podido guardar para la próxima vez: No se puede escribir en {dir}/loowi: hay un archivo donde debería haber una carpeta."),
    ])
    func aSettingNotSavedSaysWhyInTheUsersLanguage(language: Language, expected: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-unsaved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("not a folder".utf8).write(to: root.appendingPathComponent("loowi"))
        let file = ConfigFile(paths: AppPaths(environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": root.path]))
        var config = LoowiConfig()
        config.rate = 300
        let error = try #require(throws: ConfigError.self) { try file.persist([.rate], from: config) }
        #expect(AppStrings(language)(.settingNotSaved, error.spoken(in: language)) == expected.replacingOccurrences(of: "{dir}", with: root.path))
        #expect(!error.spoken(in: language).contains("Not a directory"))
    }

    /// The drafts and the outbox live under a file, not a folder: opening says so, and a post
    /// that cannot be kept safe is not sent, in Spanish words throughout.
    @Test func anOutboxThatCannotBeWrittenIsSaidInSpanish() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-in-the-way-\(UUID().uuidString)")
        try Data("in the way".utf8).write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        var config = LoowiConfig()
        config.language = .spanish
        let app = AppHarness(config: config, folder: folder)
        await app.open()
        let opening = app.transcript
        #expect(opening.contains("(hay un archivo donde debería haber una carpeta)"), "\(opening)")
        await app.press("n")
        await app.type("Pan recién hecho")
        // The draft that cannot be kept is said once, not at every letter.
        let draft = "No se ha podido guardar tu texto como borrador: hay un archivo donde debería haber una carpeta. Deja esta pantalla abierta."
        #expect(app.said().filter { $0.contains(draft) }.count == 1, "\(app.transcript)")
        await app.press("Ctrl-S")
        let said = app.said().joined(separator: "\n")
        #expect(said.contains("loowi no ha podido guardar tu publicación antes de enviarla (hay un archivo donde debería haber una carpeta), así que no se ha enviado."), "\(said)")
        #expect(!app.transcript.contains("Not a directory"))
        #expect(app.server.state.withLock { $0.posted.isEmpty })
    }
}
