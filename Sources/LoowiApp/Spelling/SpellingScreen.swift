import AccessibleControls
import TextSafety

/// F6 in compose: the misspelt words one by one ("mispelt: misspelt, misspelled, 1 of 2"),
/// Down and Up through them; Enter puts the first suggestion in place of the word and goes
/// back to the text; Escape goes back with the text as it was. The compose field is only
/// changed when the word is still where it was checked, so nothing typed is lost.
@MainActor
final class SpellingScreen: AppScreen {
    enum ControlID: String {
        case mistakes
    }

    let screen: ControlScreen
    unowned let app: AppCore
    private let mistakes: [SpellChecker.Mistake]
    private let wheel: Wheel
    private let field: TextField

    init(app: AppCore, field: TextField, mistakes: [SpellChecker.Mistake]) {
        self.app = app
        self.field = field
        self.mistakes = mistakes
        let s = app.strings
        wheel = Wheel(
            id: ControlID.mistakes.rawValue, label: s(.spellingList), items: mistakes.map { Self.spoken($0, s) }, hint: s(.spellingHint))
        wheel.actsOnSelect = true
        screen = ControlScreen(title: s(.spellingTitle), controls: [wheel], withToolbar: false, settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in
            guard let self, case .selected(let index) = event.kind, self.mistakes.indices.contains(index) else { return .none }
            return self.replace(self.mistakes[index])
        }
    }

    /// "mispelt: misspelt, misspelled"; "wrod: no suggestions".
    static func spoken(_ mistake: SpellChecker.Mistake, _ s: AppStrings) -> String {
        let word = Sanitizer.clean(mistake.word.text, for: .line)
        guard !mistake.suggestions.isEmpty else { return s(.spellingNoSuggestions, word) }
        return word + ": " + mistake.suggestions.map { Sanitizer.clean($0, for: .line) }.joined(separator: ", ")
    }

    private func replace(_ mistake: SpellChecker.Mistake) -> ScreenOutcome {
        let s = app.strings
        guard let suggestion = mistake.suggestions.first else { return ScreenOutcome([.earcon(.softError), .say(s(.spellingNothingToPut))]) }
        guard field.replace(mistake.word.range, expecting: mistake.word.text, with: suggestion) else {
            return ScreenOutcome([.earcon(.softError), .say(s(.spellingTextChanged))], .pop)
        }
        return ScreenOutcome([.say(s(.spellingReplaced, Sanitizer.clean(mistake.word.text, for: .line), Sanitizer.clean(suggestion, for: .line)))], .pop)
    }
}
