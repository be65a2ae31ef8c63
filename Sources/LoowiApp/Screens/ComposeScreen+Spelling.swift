import AccessibleControls

/// F6: the text's spelling, in the post's language (compose's language choice), checked off
/// the main actor behind the busy indicator ("Checking spelling"): the first check of a
/// language reads its dictionary, and suggestions take a fifth of a second a word.
extension ComposeScreen {
    func checkSpelling() -> [Feedback] {
        let s = app.strings
        guard let name = SpellingDictionaryName(postLanguage: language.chosen, interface: s.language) else {
            return [.earcon(.softError), .say(s(.spellingNoDictionaryFor, language.chosen ?? ""))]
        }
        let text = field.text
        let checker = app.spellChecker
        return app.perform(
            s(.spellingChecking), { _ in checker.check(text, with: name) },
            then: { [weak self] outcome in
                guard let self else { return .none }
                return self.showSpelling(outcome)
            })
    }

    private func showSpelling(_ outcome: SpellChecker.Outcome) -> ScreenOutcome {
        let s = app.strings
        switch outcome {
        case .noLibrary:
            return ScreenOutcome([.earcon(.softError), .say(s(.spellingNoLibrary, HunspellLibrary.package))])
        case .noDictionary(let name):
            let language = name.language.map { s(Self.languageName($0)) } ?? name.file
            return ScreenOutcome([.earcon(.softError), .say(s(.spellingNoDictionary, language, name.package))])
        case .checked(let mistakes) where mistakes.isEmpty:
            return ScreenOutcome([.say(s(.spellingNoMistakes))])
        case .checked(let mistakes):
            return app.push(SpellingScreen(app: app, field: field, mistakes: mistakes))
        }
    }

    private static func languageName(_ language: Language) -> AppText {
        switch language {
        case .britishEnglish, .americanEnglish: .spellingEnglish
        case .spanish: .spellingSpanish
        case .catalan: .spellingCatalan
        }
    }
}
