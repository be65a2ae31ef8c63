import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 12, item 1: the settings screen (F9), heard the way a person uses it: Up and Down
/// choose a setting, Right and Left change it, each change heard at once with its preview.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SettingsScreenTests {
    func settings(_ language: Language = .english) async -> AppHarness {
        let app = AppHarness(language: language)
        app.core.voiceChoices = ["English_(Great_Britain)", "English_(America)"]
        await app.open()
        _ = app.heard()
        await app.press("F9")
        return app
    }

    @Test func rateVoiceAndVerbosityInEnglish() async {
        let app = await settings()
        #expect(app.heard() == [
            "sound: focus",
            "say: Settings. What you hear and see, settings list, Voice: the language's own voice, 1 of 35. Up and Down choose a setting, Right and Left change it, Enter goes round its values.",
        ])
        // The rate: each step is said (at the new rate, applied by the runner before it).
        await app.press("Down", "Right", "Right", "Left")
        #expect(app.heard() == [
            "say: Speech rate: 175 words a minute, 2 of 35", "say: 200 words a minute", "say: 225 words a minute", "say: 200 words a minute",
        ])
        #expect(app.core.config.rate == 200)
        #expect(app.core.settings.wordsPerMinute == 200)
        #expect(app.savedSettings() == [.rate, .rate, .rate])
        // The voice goes through the language's voices, the language's own first; an end says so.
        await app.press("Up", "Right", "Right", "Right", "Left", "Left", "Left")
        #expect(app.heard() == [
            "sound: boundary", "say: Voice: the language's own voice, 1 of 35",
            "say: English (Great Britain)", "say: English (America)", "sound: boundary", "say: English (America)",
            "say: English (Great Britain)", "say: the language's own voice", "sound: boundary", "say: the language's own voice",
        ])
        #expect(app.core.config.voice == nil)
        // Verbosity: the next thing focused is said at the new level (no hint at expert).
        await app.press("End", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up", "Up")
        _ = app.heard()
        await app.press("Right", "Right")
        #expect(app.heard() == ["say: intermediate", "say: expert"])
        #expect(app.core.settings.verbosity == .expert)
        await app.press("Escape")
        #expect(app.said() == ["say: Home timeline. Posts, Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4"])
        #expect(Set(app.savedSettings()) == [.voice, .verbosity])
    }

    @Test func rateAndVoiceInSpanish() async {
        let app = AppHarness(language: .spanish)
        app.core.voiceChoices = ["Spanish_(Spain)", "Spanish_(Latin_America)"]
        await app.open()
        _ = app.heard()
        await app.press("F9")
        #expect(app.said() == [
            "say: Ajustes. Lo que oyes y ves, lista de ajustes, Voz: la voz del idioma, 1 de 35. Arriba y Abajo eligen un ajuste, Derecha e Izquierda lo cambian, Intro recorre sus valores.",
        ])
        await app.press("Right", "Down", "Left", "Left")
        #expect(app.said() == [
            "say: Spanish (Spain)", "say: Velocidad de voz: 175 palabras por minuto, 2 de 35", "say: 150 palabras por minuto",
            "say: 125 palabras por minuto",
        ])
        #expect(app.core.config.voice == "Spanish_(Spain)")
        #expect(app.core.config.rate == 125)
        // Verbosity, in Spanish.
        for _ in 0..<6 { await app.press("Down") }
        _ = app.said()
        await app.press("Right")
        #expect(app.said() == ["say: intermedio"])
    }

    @Test func theLanguageChangesTheWordsAtOnceAndLetsGoOfTheOldVoice() async {
        let app = await settings()
        await app.press("Right")  // An English voice.
        for _ in 0..<9 { await app.press("Down") }
        #expect(app.said().last == "say: Language: English (UK), 10 of 35")
        await app.press("Right", "Right")
        #expect(app.said() == [
            "say: Language: English (US). Screens already open keep their titles until loowi starts again.",
            "say: Idioma: español. Las pantallas ya abiertas conservan sus títulos hasta que loowi vuelva a empezar.",
        ])
        #expect(app.core.config.language == .spanish)
        #expect(app.core.config.voice == nil)
        #expect(Set(app.savedSettings()) == [.voice, .language])
        // Every row is in Spanish now, and F9 opens the screen in Spanish.
        await app.press("Up")
        #expect(app.said() == ["say: Decir posiciones: activado, 9 de 35"])
        await app.press("Escape", "F9")
        #expect(app.said().last?.hasPrefix("say: Ajustes. Lo que oyes y ves, lista de ajustes, Voz: la voz del idioma, 1 de 35.") == true)
    }

    @Test func readingSettingsPreviewASample() async {
        let app = await settings()
        for _ in 0..<10 { await app.press("Down") }
        #expect(app.said().last == "say: Links: the site's name, 11 of 35")
        await app.press("Right", "Right", "Left")
        #expect(app.said() == [
            "say: the whole address. Read more at example.org/news/today", "say: left out. Read more at",
            "say: the whole address. Read more at example.org/news/today",
        ])
        // Runs counted is a new user's setting (issue 15).
        await app.press("Down", "Left", "Left", "Right")
        #expect(app.said() == [
            "say: Emoji: by name, runs counted, 12 of 35",
            "say: by name. Good morning sun, rainbow, party popper, party popper",
            "say: as the voice reads them. Good morning \u{2600}\u{FE0F}\u{1F308}\u{1F389}\u{1F389}",
            "say: by name. Good morning sun, rainbow, party popper, party popper",
        ])
        await app.press("Right")
        #expect(app.said() == ["say: by name, runs counted. Good morning 4 emoji: sun, and 3 more"])
        await app.press("Down", "Left", "Right")
        #expect(app.said() == [
            "say: Hashtags as words: on, 13 of 35", "say: off. #DogsOfMastodon #COVID19Vaccine",
            "say: on. Hashtags: dogs of mastodon, COVID 19 vaccine",
        ])
        #expect(app.core.textOptions.splitsHashtags)
        // Issue 15, item 3: a post in another language read by its voice, heard on a sample.
        await app.press("Down", "Left", "Right")
        #expect(app.said() == [
            "say: Posts in their own language: on, 14 of 35", "say: off. Buenos días a todos.",
            "say: on. ⟨es⟩Buenos días a todos.⟨/es⟩",
        ])
        #expect(app.core.textOptions.readsPostLanguage)
    }

    @Test func punctuationAndAnnouncementsPreviewInSpanish() async {
        let app = AppHarness(language: .spanish)
        await app.open()
        await app.press("F9", "Down", "Down", "Down", "Down")
        _ = app.heard()
        await app.press("Right")
        #expect(app.heard() == ["say: la mayoría. Ejemplo: (sí), no; ¡quizá! @ana #loowi"])
        #expect(app.core.config.punctuation == .most)
        for _ in 0..<10 { await app.press("Down") }
        #expect(app.heard().last == "say: Menciones: un sonido y palabras, 15 de 35")
        await app.press("Left")
        #expect(app.heard() == ["sound: mention", "say: un sonido"])
        #expect(app.core.config.announcements[.mention] == .sound)
    }

    /// Issue 15, items 5 and 6: a switch for the audio glance at each verbosity, and voices for
    /// people heard on a sample in a person's voice (Ana's, m7 at her pitch: made from her handle,
    /// worked out apart in Python).
    @Test(arguments: [
        (Language.english, "Audio glance at expert verbosity: on, 30 of 35", "say: off", "A voice for each person: off, 31 of 35",
         "say: on. ⟨en-gb-x-VOICE⟩This is how a person sounds in a voice of their own.⟨/en-gb-x-VOICE⟩"),
        (.spanish, "Vistazo sonoro en verbosidad experta: activado, 30 de 35", "say: desactivado", "Una voz para cada persona: desactivado, 31 de 35",
         "say: activado. ⟨es-x-VOICE⟩Así suena una persona con una voz propia.⟨/es-x-VOICE⟩"),
    ])
    func theGlanceAndPeoplesVoicesAreSettingsHeardInEachLanguage(
        language: Language, glance: String, glanceOff: String, voices: String, voicesOn: String
    ) async {
        let app = await settings(language)
        await app.press("End", "Up", "Up", "Up", "Up", "Up")
        #expect(app.said().last == "say: " + glance)
        await app.press("Left")
        #expect(app.said() == [glanceOff])
        #expect(app.core.config.glances.isEmpty)
        await app.press("Down")
        #expect(app.said().last == "say: " + voices)
        await app.press("Right")
        #expect(app.said() == [voicesOn.replacingOccurrences(of: "VOICE", with: "m7-p0")])
        #expect(app.core.config.voicesForPeople)
    }

    @Test func settingsThatNeedANewStartSaySo() async {
        let app = await settings()
        await app.press("End")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said() == ["say: speech-dispatcher. loowi uses it from its next start."])
        #expect(app.core.config.speechBackend == .speechDispatcher)
        await app.press("Enter")
        #expect(app.said() == ["say: eSpeak NG. loowi uses it from its next start."])
    }

    /// Issue 15, item 7: the full screen's colours, changed at once (the next frame is drawn
    /// whole in them) and saved.
    @Test func theColoursAreASettingHeardInEachLanguage() async {
        let app = await settings()
        await app.press("End", "Up", "Up")
        #expect(app.heard().last == "say: Colours: white on black, 33 of 35")
        await app.press("Right")
        #expect(app.said() == ["say: high contrast, yellow on black"])
        #expect(app.core.config.theme == .highContrast)
        await app.press("Right")
        #expect(app.said() == ["say: the terminal's own"])
        #expect(app.core.config.theme == .plain)
        for language in [Language.spanish, .catalan] {
            let strings = AppStrings(language)
            #expect(ConfigKey.theme.spokenItem(in: app.core.config, strings: strings) != ConfigKey.theme.spokenItem(in: app.core.config, strings: AppStrings(.english)))
        }
    }

    @Test func f9OpensTheSettingsFromAnyScreenAndInLineModeEveryKeyPrints() async {
        let app = AppHarness(config: LoowiConfig())
        await app.open()
        await app.press("n")
        _ = app.heard()
        await app.press("F9")
        #expect(app.said().first?.hasPrefix("say: Settings.") == true)
        app.lineMode = .english
        await app.press("Left")
        #expect(app.heard() == ["sound: boundary", "say: the language's own voice"])
        // F9 on the settings says where the user is; one Escape still leaves.
        await app.press("Down", "F9")
        #expect(app.heard() == [
            "say: Speech rate: 175 words a minute, 2 of 35", "sound: focus",
            "say: Settings. What you hear and see, settings list, Speech rate: 175 words a minute, 2 of 35.",
        ])
        await app.press("Escape")
        #expect(app.said().first?.hasPrefix("say: New post.") == true)
    }
}

/// The settings screen and `loowi config` share one declaration of each setting.
@Suite(.timeLimit(.minutes(5))) struct SettingDeclarationTests {
    @Test func everySettingOnTheScreenHasANameAndWordsForEveryValue() {
        for key in ConfigKey.onScreen { #expect(key.spokenName != nil, "\(key)") }
        #expect(ConfigKey.unnamedChoices.isEmpty)
        #expect(Set(ConfigKey.onScreen).count == ConfigKey.onScreen.count)
        for key in ConfigKey.allCases where !ConfigKey.onScreen.contains(key) {
            // Only what does not shape what is heard or shown is left to `loowi config`.
            #expect([.postTemplate, .keypadPace, .selectorPace, .dmFollowersOnly, .caFile, .bufferLimit, .pollSeconds, .altTextRequired].contains(key), "\(key)")
        }
    }

    @Test func stepsStayInTheDeclaredRangeAndEnterGoesRound() {
        var config = LoowiConfig()
        config.rate = 450
        #expect(ConfigKey.rate.stepped(1, from: config, texts: [nil]) == nil)
        #expect(ConfigKey.rate.stepped(-1, from: config, texts: [nil]) == .some(.integer(425)))
        #expect(ConfigKey.rate.stepped(0, from: config, texts: [nil]) == .some(.integer(80)))
        #expect(ConfigKey.verbosity.stepped(0, from: LoowiConfig(), texts: [nil]) == .some(.string("intermediate")))
        config.verbosity = .expert
        #expect(ConfigKey.verbosity.stepped(0, from: config, texts: [nil]) == .some(.string("beginner")))
        #expect(ConfigKey.sounds.stepped(1, from: LoowiConfig(), texts: [nil]) == nil)
        #expect(ConfigKey.sounds.stepped(0, from: LoowiConfig(), texts: [nil]) == .some(.boolean(false)))
        #expect(ConfigKey.soundPack.stepped(1, from: LoowiConfig(), texts: [nil]) == nil)
        #expect(ConfigKey.soundPack.stepped(1, from: LoowiConfig(), texts: [nil, "soft"]) == .some(.string("soft")))
        config.soundPack = "soft"
        #expect(ConfigKey.soundPack.stepped(-1, from: config, texts: [nil, "soft"]) == .some(nil))
    }
}
