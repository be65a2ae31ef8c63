import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Compose (issue 13, item 2): a content warning, who can see it and the language, above the
/// text as on Mastodon's own page; from the account's default, a reply never wider than its
/// post; kept with the draft; sent with Ctrl+S from any field.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComposeChoicesTests {
    typealias Post = FakeMastodon.Post

    /// The account's defaults, as the app knows them once it has asked (in the background, the
    /// first time a post is written in a session).
    static func knowingDefaults(_ app: AppHarness) async -> AppHarness {
        _ = try? await app.core.engine.preferences()
        return app
    }

    @Test func aWarningAVisibilityAndALanguageGoWithThePostInEnglish() async {
        let app = await Self.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("Plot twist inside")
        _ = app.said()
        await app.tab(to: "language")
        #expect(app.said().suffix(2) == [
            "say: Who can see it, options, Public, 1 of 4. Up and Down change the choice; the one you hear is the one sent.",
            "say: Language of the post, options, English, 1 of 3.",
        ])
        await app.press("Shift-Tab")
        #expect(app.said() == [
            "say: Who can see it, options, Public, 1 of 4."
        ])
        // The choice heard is the choice made: no Enter is needed.
        await app.press("Down")
        #expect(app.said() == ["say: Unlisted: not in public timelines, selected, 2 of 4"])
        await app.press("Shift-Tab")
        _ = app.said()
        await app.type("film spoilers")
        await app.press("Ctrl-S")
        // Not the account's default (public): the confirmation names it.
        #expect(app.said().contains("say (important): Sent, unlisted."))
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.count == 1)
        #expect(posted.first?["status"] == "Plot twist inside")
        #expect(posted.first?["spoiler_text"] == "film spoilers")
        #expect(posted.first?["sensitive"] == "true")
        #expect(posted.first?["visibility"] == "unlisted")
        #expect(posted.first?["language"] == "en")
    }

    /// A server without preferences is asked once a session, not at every post written.
    @Test func aServerWithoutPreferencesIsAskedOnce() async {
        let app = AppHarness()
        app.server.state.withLock { $0.noPreferences = true }
        await app.open()
        await app.press("n", "Escape", "n", "Escape", "n")
        #expect(app.requests.filter { $0 == "GET /api/v1/preferences" }.count == 1)
        await app.tab(to: "visibility")
        #expect(app.said().last == "say: Who can see it, options, Your account's default, 1 of 5. Up and Down change the choice; the one you hear is the one sent.")
    }

    @Test func theChoicesAreSaidInSpanish() async {
        let app = await Self.knowingDefaults(AppHarness(language: .spanish))
        await app.open()
        await app.press("n")
        await app.tab(to: "language")
        // The choices' hint comes with the first of them, who can see it.
        #expect(app.said().suffix(2) == [
            "say: Quién puede verla, opciones, Pública, 1 de 4. Arriba y Abajo cambian la opción; la que oyes es la que se envía.",
            "say: Idioma de la publicación, opciones, español, 2 de 3.",
        ])
        await app.press("Shift-Tab", "Up")
        #expect(app.said() == [
            "say: Quién puede verla, opciones, Pública, 1 de 4.",
            "say: Directa: solo las personas mencionadas, seleccionado, 4 de 4",
        ])
    }

    /// A reply to a followers-only post offers nothing wider, and takes its warning.
    @Test func aReplyIsNeverWiderThanItsPost() async {
        let app = await Self.knowingDefaults(AppHarness())
        app.server.state.withLock {
            $0.newPosts = [Post(id: "130", author: "2", html: "<p>Only for you all.</p>", minutesAgo: 1, spoiler: "family", visibility: "private")]
        }
        await app.open()
        await app.press("r")
        await app.tab(to: "visibility")
        #expect(app.said().last == "say: Who can see it, options, Followers only, 1 of 2. Up and Down change the choice; the one you hear is the one sent.")
        await app.press("Down")
        #expect(app.said() == ["say: Direct: only the people mentioned, selected, 2 of 2"])
        await app.press("Up")
        #expect(app.said() == ["say: Followers only, selected, 1 of 2"])
        await app.press("Shift-Tab")
        // Its hint was heard on the way to the visibility.
        #expect(app.said() == ["say: Content warning, text field, family, cursor at end."])
        await app.tab(to: "text")
        await app.type("See you there")
        await app.press("Ctrl-S")
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.first?["visibility"] == "private")
        #expect(posted.first?["spoiler_text"] == "family")
    }

    /// Leaving keeps the warning and the choices with the text, and they come back.
    @Test func theDraftKeepsTheWarningAndTheChoices() async {
        let app = await Self.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.tab(to: "visibility")
        await app.press("Down", "Enter", "Shift-Tab")
        await app.type("long thread")
        _ = app.said()
        await app.press("Escape")
        #expect(app.said().first == "say (important): Cancelled. Your text is kept as a draft; it comes back when you write here again.")
        let saved = app.core.drafts.draft(for: "new")
        #expect(saved?.choices == DraftChoices(contentWarning: "long thread", visibility: .unlisted, language: "en"))
        await app.press("n")
        await app.tab(to: "visibility")
        #expect(app.said().last?.hasPrefix("say: Who can see it, options, Unlisted: not in public timelines, 2 of 4.") == true)
        await app.press("Shift-Tab")
        // The hint was heard on this screen already this session.
        #expect(app.said() == ["say: Content warning, text field, long thread, cursor at end."])
    }

    /// Before the account's defaults are known (the first post of a session), nothing is
    /// chosen for the user: the server applies the account's own default.
    @Test func untilTheDefaultsAreKnownTheAccountsDefaultIsOffered() async {
        let app = AppHarness()
        await app.open()
        await app.press("n")
        await app.tab(to: "visibility")
        #expect(app.said().last == "say: Who can see it, options, Your account's default, 1 of 5. Up and Down change the choice; the one you hear is the one sent.")
        await app.press("Escape", "n")
        await app.tab(to: "visibility")
        // Asked in the background meanwhile: the next post starts from it.
        #expect(app.said().last == "say: Who can see it, options, Public, 1 of 4.")
        #expect(app.requests.filter { $0.contains("preferences") }.count == 1)
    }
}

/// A poll written in compose (issue 13, item 4): choices in one field, its length and kind;
/// sent with the post once; a poll of one choice is refused before anything is sent.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComposePollTests {
    @Test func aPollIsWrittenAndSentInEnglish() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("Where shall we meet?")
        await app.tab(to: "pollKind")
        #expect(app.said().last == "say: Voters choose, options, one choice, 1 of 2.")
        await app.press("Down", "Enter", "Shift-Tab")
        #expect(app.said().last == "say: The poll stays open, options, 1 day, 2 of 4.")
        await app.press("Shift-Tab")
        // Its hint was heard on the way to the poll's kind.
        #expect(app.said().last == "say: Poll choices, separated by semicolons, text field, empty, cursor at end.")
        await app.type("Bakery")
        await app.press("Ctrl-S")
        #expect(app.said().last == "say: A poll needs 2 to 4 choices; this one has 1.")
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
        await app.type("; Station")
        await app.press("Ctrl-S")
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.count == 1)
        #expect(posted.first?["status"] == "Where shall we meet?")
        #expect(posted.first?["poll"] == "Bakery|Station 86400 multiple")
    }

    @Test func thePollIsSaidInSpanishAndKeptWithTheDraft() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: .spanish))
        await app.open()
        await app.press("n")
        await app.tab(to: "pollChoices")
        #expect(app.said().last == "say: Opciones de la encuesta, separadas por punto y coma, campo de texto, vacío, cursor al final. Opcional: de dos a cuatro opciones, como Té; Café.")
        await app.type("Té; Café")
        await app.press("Escape")
        #expect(app.core.drafts.draft(for: "new")?.choices.poll == PollDraft(options: ["Té", "Café"]))
    }
}

/// Attachments written in compose (issue 13, item 3): "file = description", read and
/// recognised before anything is sent, uploaded once, then the post goes with them.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComposeAttachmentTests {
    static func png() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-loaf-\(UUID().uuidString).png").path
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aFileWithItsDescriptionGoesWithThePostInEnglish() async throws {
        let image = try Self.png()
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("Fresh bread")
        await app.tab(to: "attachments")
        #expect(app.said().last?.hasPrefix("say: Attachments: a file, an equals sign, its description; separate them with semicolons, text field, empty") == true)
        await app.type("\(image)")
        await app.press("Ctrl-S")
        #expect(app.said().last == "say: \(image) has no description: write it after an equals sign, as \(image) = what it shows. Nothing was sent.")
        await app.type(" = A round loaf")
        await app.press("Ctrl-S")
        #expect(app.server.state.withLock { $0.uploads } == ["A round loaf"])
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.count == 1)
        #expect(posted.first?["media_ids[]"] == "m1")
        #expect(posted.first?["status"] == "Fresh bread")
    }

    @Test func whatCannotBeAttachedIsSaidInSpanishAndNothingIsSent() async throws {
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-notes-\(UUID().uuidString).txt").path
        try "words".write(toFile: text, atomically: true, encoding: .utf8)
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: .spanish))
        await app.open()
        await app.press("n")
        await app.type("Hola")
        await app.tab(to: "attachments")
        await app.type("\(text) = notas")
        await app.press("Ctrl-S")
        #expect(app.said().last == "say: \(text) no es una imagen, un vídeo ni un sonido. No se ha enviado nada.")
        await app.press("Ctrl-U")
        await app.type("/nowhere/pan.png = pan")
        await app.press("Ctrl-S")
        #expect(app.said().last == "say: No existe el archivo /nowhere/pan.png. No se ha enviado nada.")
        #expect(app.server.state.withLock { $0.uploads }.isEmpty)
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
    }

    /// Issue 35, item 10: a photo over the server's limit is refused before any upload, both
    /// sizes said in the user's language.
    @Test(arguments: [
        (Language.english, "The photo is 60 MB; this server takes up to 10 MB. Attach a smaller file; nothing was sent."),
        (Language.spanish, "La foto ocupa 60 MB; este servidor admite hasta 10 MB. Adjunta un archivo más pequeño; no se ha enviado nada."),
    ])
    func aPhotoOverTheServersLimitIsSaidAndNotSent(language: Language, sentence: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-huge-\(UUID().uuidString).png").path
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileHandle(forWritingTo: URL(fileURLWithPath: path)).truncate(atOffset: 60 * 1024 * 1024)  // sparse
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: language))
        await app.open()
        await app.press("n")
        await app.type("Big bread")
        await app.tab(to: "attachments")
        await app.type("\(path) = A huge loaf")
        await app.press("Ctrl-S")
        #expect(app.said().contains { $0.hasSuffix(sentence) }, "\(app.said().suffix(3))")
        #expect(app.server.state.withLock { $0.uploads }.isEmpty)
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
    }

    /// A file the server still processes (202) is said once, in the user's language; the busy
    /// indicator then answers any key with it.
    @Test(arguments: [
        (Language.english, "say (queued): The server is processing loowi-loaf.png; it takes a moment.", "say: Waiting for the server to process loowi-loaf.png, 0 seconds so far."),
        (Language.spanish, "say (queued): El servidor está procesando loowi-loaf.png; tarda un momento.", "say: Esperando a que el servidor procese loowi-loaf.png, llevamos 0 segundos."),
    ])
    func aFileStillProcessingIsSaid(language: Language, processing: String, status: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(to: URL(fileURLWithPath: folder + "/loowi-loaf.png"))
        var config = LoowiConfig()
        config.language = language
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(config: config, holdsSleeps: true))
        app.server.state.withLock { $0.processingPolls = 1 }
        await app.open()
        await app.press("n")
        await app.type("Bread")
        await app.tab(to: "attachments")
        await app.type("\(folder)/loowi-loaf.png = A loaf")
        // Not waiting for the upload: it sleeps until the test lets it go on.
        app.pressNow("Ctrl-S")
        #expect(await app.clock.waitForHeldSleeps())
        #expect(await app.waitUntil { app.lines.contains("    " + processing) }, "\(app.transcript)")
        _ = app.said()
        app.pressNow("x")
        #expect(app.said() == [status])
        app.clock.releaseSleeps()
        await app.core.settle()
        #expect(app.server.state.withLock { $0.posted.count } == 1, "\(app.transcript)")
    }

    @Test func theAttachmentsCanBeMarkedSensitiveWithoutAWarning() async throws {
        let image = try Self.png()
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("Surgery went well")
        await app.tab(to: "attachments")
        await app.type("\(image) = My stitched knee")
        await app.press("Tab")
        #expect(app.said().last == "say: Mark the attachments as sensitive, hidden until opened, options, no, 1 of 2.")
        await app.press("Down")
        #expect(app.said() == ["say: yes, selected, 2 of 2"])
        await app.press("Ctrl-S")
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.count == 1)
        #expect(posted.first?["sensitive"] == "true")
        #expect(posted.first?["spoiler_text"] == nil)
        #expect(posted.first?["media_ids[]"] == "m1")
    }

    @Test func theSensitiveSwitchIsSaidInSpanishAndKeptWithTheDraft() async throws {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: .spanish))
        await app.open()
        await app.press("n")
        await app.type("Rodilla")
        await app.tab(to: "sensitive")
        #expect(app.said().last == "say: Marcar los adjuntos como sensibles, ocultos hasta abrirlos, opciones, no, 1 de 2.")
        await app.press("Down", "Enter", "Escape")
        await app.press("n")
        await app.tab(to: "sensitive")
        #expect(app.said().last?.hasPrefix("say: Marcar los adjuntos como sensibles, ocultos hasta abrirlos, opciones, sí, 2 de 2") == true)
    }
}

/// Down and Up in the attachments field (issue 13, item 3, "with completion"): the media files
/// and folders that start with what was typed, written into the field as they are said.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct AttachmentCompletionTests {
    /// A folder with two images, a text file, a hidden image and a folder.
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-pics-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/Lunch", withIntermediateDirectories: true)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        for name in ["loaf.png", "leaf.jpg", ".lid.png", "Lunch/soup.png"] { try png.write(to: URL(fileURLWithPath: folder + "/" + name)) }
        try "words".write(toFile: folder + "/list.txt", atomically: true, encoding: .utf8)
        return folder
    }

    static func inAttachments(_ app: AppHarness) async {
        await app.open()
        await app.press("n")
        await app.type("Lunch")
        await app.tab(to: "attachments")
        _ = app.said()
    }

    @Test func downAndUpGoThroughTheMatchingFilesInEnglish() async throws {
        let folder = try Self.folder()
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await Self.inAttachments(app)
        await app.type("\(folder)/l")
        _ = app.said()
        await app.press("Down", "Down", "Down")
        #expect(app.said() == ["say: leaf.jpg, 1 of 3", "say: loaf.png, 2 of 3", "say: Lunch, folder, 3 of 3"])
        await app.press("Down")
        #expect(app.heard() == ["sound: boundary", "say: Lunch, folder, 3 of 3"])
        await app.press("Up")
        #expect(app.said() == ["say: loaf.png, 2 of 3"])
        await app.type(" = A round loaf")
        await app.press("Ctrl-S")
        #expect(app.server.state.withLock { $0.uploads } == ["A round loaf"])
        #expect(app.server.state.withLock { $0.posted }.count == 1)
    }

    @Test func aChosenFolderIsEnteredByTheNextRound() async throws {
        let folder = try Self.folder()
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await Self.inAttachments(app)
        await app.type("\(folder)/Lu")
        await app.press("Down")
        #expect(app.said().last == "say: Lunch, folder, 1 of 1")
        // A slash typed after it goes in: Down then lists inside the folder.
        await app.type("/")
        await app.press("Down")
        #expect(app.said().last == "say: soup.png, 1 of 1")
        await app.press("Ctrl-A")
        _ = app.said()
        await app.press("Ctrl-K")
        #expect(app.said().last == "say: \(folder)/Lunch/soup.png deleted")
    }

    @Test func nothingToCompleteIsSaidInSpanish() async throws {
        let folder = try Self.folder()
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: .spanish))
        await Self.inAttachments(app)
        await app.type("\(folder)/x")
        _ = app.said()
        await app.press("Down")
        #expect(app.heard() == ["sound: soft-error", "say: Ningún archivo multimedia ni carpeta empieza por x."])
        await app.press("Backspace", "Down")
        #expect(app.said().last == "say: leaf.jpg, 1 de 3")
        await app.type(" = ")
        _ = app.said()
        await app.press("Down")
        #expect(app.heard() == ["sound: soft-error", "say: Abajo y Arriba completan el archivo, antes de su signo igual."])
        await app.press("Ctrl-U")
        await app.type("/nowhere/at/all/")
        _ = app.said()
        await app.press("Down")
        #expect(app.heard() == ["sound: soft-error", "say: No hay ninguna carpeta /nowhere/at/all/."])
        // Anywhere else Down and Up move the focus, as on every screen without a list.
        await app.tab(to: "text")
        let before = app.said().last
        await app.press("Down")
        let down = app.heard()
        await app.press("Up")
        #expect(!down.contains("sound: soft-error") && down.last != before)
        #expect(app.said().last == before)
    }

    @Test func onlyMediaAndFoldersAreOfferedHiddenOnesWhenAskedFor() {
        let entries: [PathCompleter.Candidate] = [
            .init(name: "b.PNG", isFolder: false), .init(name: "a.txt", isFolder: false), .init(name: "C", isFolder: true),
            .init(name: ".hidden.png", isFolder: false), .init(name: "noextension", isFolder: false), .init(name: "A.mp3", isFolder: false),
        ]
        #expect(PathCompleter.matching(entries, typed: "").map(\.name) == ["A.mp3", "b.PNG", "C"])
        #expect(PathCompleter.matching(entries, typed: ".").map(\.name) == [".hidden.png"])
        #expect(PathCompleter.matching(entries, typed: "c").map(\.name) == ["C"])
    }
}
