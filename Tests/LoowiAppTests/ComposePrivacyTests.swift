import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// What the user hears is what is sent (issue 35, items 1 and 2): in compose the focused
/// choice of who can see it and of the language is the value, with no Enter; the confirmation
/// names a visibility that is not the account's default; a direct post must name someone; a
/// reply narrowed by its post, and the warning it took, are said as compose opens.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComposePrivacyTests {
    typealias Post = FakeMastodon.Post

    /// The issue's case: Down to "Direct", then Ctrl+S. It used to go out public.
    @Test func theVisibilityHeardIsTheOneSent() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("@grace lunch at one?")
        await app.press("Tab", "Tab", "Up")
        #expect(app.said().last == "say: Direct: only the people mentioned, selected, 4 of 4")
        await app.press("Ctrl-S")
        #expect(app.said().contains("say (important): Sent, direct: only the people mentioned."))
        let posted = app.server.state.withLock { $0.posted }
        #expect(posted.count == 1)
        #expect(posted.first?["visibility"] == "direct")
    }

    @Test func theLanguageHeardIsTheOneSent() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("Bon dia")
        await app.press("Tab", "Tab", "Tab", "Down", "Down")
        #expect(app.said().last == "say: català, selected, 3 of 3")
        await app.press("Ctrl-S")
        #expect(app.said().contains("say (important): Post sent."), "public is the account's default: nothing to name")
        #expect(app.server.state.withLock { $0.posted }.first?["language"] == "ca")
    }

    /// The draft keeps what was heard too: leaving right after moving brings it back.
    @Test func movingIsKeptWithTheDraft() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("later")
        await app.press("Tab", "Tab", "Down", "Down", "Escape")
        #expect(app.core.drafts.draft(for: "new")?.choices.visibility == .private)
    }

    /// Escape on a choice leaves compose (keeping the draft), as on any other field: it does
    /// not quietly put back an earlier choice.
    @Test func escapeOnAChoiceLeavesWithTheChoiceKept() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness())
        await app.open()
        await app.press("n")
        await app.type("quiet one")
        await app.press("Tab", "Tab", "Down")
        _ = app.said()
        await app.press("Escape")
        #expect(app.said().first == "say (important): Cancelled. Your text is kept as a draft; it comes back when you write here again.")
        #expect(app.core.drafts.draft(for: "new")?.choices.visibility == .unlisted)
    }

    @Test(arguments: [
        (Language.britishEnglish, "say: A direct message needs someone to mention: write @name."),
        (Language.spanish, "say: Un mensaje directo necesita a alguien mencionado: escribe @nombre."),
    ])
    func aDirectPostNamingNoOneIsNotSent(language: Language, refusal: String) async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: language))
        await app.open()
        await app.press("n")
        await app.type("just me, email@example.org")
        await app.press("Tab", "Tab", "Up")
        _ = app.said()
        await app.press("Ctrl-S")
        #expect(app.said() == [refusal])
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
        #expect(app.core.drafts.draft(for: "new")?.text == "just me, email@example.org")
    }

    @Test func theConfirmationNamesAVisibilityThatIsNotTheDefaultInSpanish() async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: .spanish))
        await app.open()
        await app.press("n")
        await app.type("Solo para vosotros")
        await app.press("Tab", "Tab", "Down", "Down", "Ctrl-S")
        #expect(app.said().contains("say (important): Enviada, solo para seguidores."))
        #expect(app.server.state.withLock { $0.posted }.first?["visibility"] == "private")
    }

    /// A reply to a followers-only post from a public account: narrower than the default and
    /// with the post's warning, both said as compose opens, in English and Spanish.
    @Test(arguments: [
        (Language.britishEnglish, [
            "say (queued): Who can see this reply: Followers only, as the post it answers.",
            "say (queued): Content warning kept: family.",
        ]),
        (Language.spanish, [
            "say (queued): Quién puede ver esta respuesta: Solo seguidores, como la publicación a la que responde.",
            "say (queued): Aviso de contenido conservado: family.",
        ]),
    ])
    func aNarrowedReplyAndItsWarningAreSaidAsComposeOpens(language: Language, expected: [String]) async {
        let app = await ComposeChoicesTests.knowingDefaults(AppHarness(language: language))
        app.server.state.withLock {
            $0.newPosts = [Post(id: "130", author: "2", html: "<p>Only for you all.</p>", minutesAgo: 1, spoiler: "family", visibility: "private")]
        }
        await app.open()
        _ = app.said()
        await app.press("r")
        let said = app.said()
        #expect(said.filter { $0.hasPrefix("say (queued)") } == expected, "\(app.transcript)")
    }

    /// Until the account's default is known, a reply to a followers-only post starts where the
    /// engine would narrow it, not at "your account's default", which would then go out narrower
    /// than heard.
    @Test func aReplyWithTheDefaultUnknownStartsWhereItWillGo() async {
        let app = AppHarness()
        app.server.state.withLock {
            $0.noPreferences = true
            $0.newPosts = [Post(id: "130", author: "2", html: "<p>Only for you all.</p>", minutesAgo: 1, visibility: "private")]
        }
        await app.open()
        await app.press("r", "Tab", "Tab")
        #expect(app.said().last == "say: Who can see it, options, Followers only, 1 of 2. Up and Down change the choice; the one you hear is the one sent.")
        await app.press("Shift-Tab", "Shift-Tab")
        await app.type("yes")
        await app.press("Ctrl-S")
        #expect(app.server.state.withLock { $0.posted }.first?["visibility"] == "private")
        // The default is not known: what went out is named.
        #expect(app.said().contains("say (important): Sent, followers only."))
    }

    @Test func mentionsAreFoundAtTheStartOfWordsOnly() {
        #expect(ComposeScreen.mentionsSomeone("@ana hi"))
        #expect(ComposeScreen.mentionsSomeone("hi (@ana@example.org)"))
        #expect(ComposeScreen.mentionsSomeone("hi\n@_x"))
        #expect(!ComposeScreen.mentionsSomeone("mail me: ana@example.org"))
        #expect(!ComposeScreen.mentionsSomeone("@ alone, and @"))
        #expect(!ComposeScreen.mentionsSomeone(""))
    }
}
