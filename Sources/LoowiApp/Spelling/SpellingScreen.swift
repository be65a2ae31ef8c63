import AccessibleControls
import TextSafety

/// F6 in compose: the misspelt words one by one ("mispelt: misspelt, misspelled, 1 of 2"),
/// Down and Up through them; Right and Left choose among a word's suggestions ("misspelled,
/// 2 of 5"); Enter puts the one chosen (the first until another is) in place of the word and
/// goes back to the text; Escape goes back with the text as it was. The compose field is only
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
    /// For each mistake, the suggestion Enter puts: what Right and Left last said.
    private var chosen: [Int]

    init(app: AppCore, field: TextField, mistakes: [SpellChecker.Mistake]) {
        self.app = app
        self.field = field
        self.mistakes = mistakes
        chosen = Array(repeating: 0, count: mistakes.count)
        let s = app.strings
        wheel = Wheel(
            id: ControlID.mistakes.rawValue, label: s(.spellingList), items: mistakes.map { Self.spoken($0, s) }, hint: s(.spellingHint))
        wheel.actsOnSelect = true
        screen = ControlScreen(title: s(.spellingTitle), controls: [wheel], withToolbar: false, settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in
            guard let self, case .selected(let index) = event.kind, self.mistakes.indices.contains(index) else { return .none }
            return self.replace(self.mistakes[index], with: self.chosen[index])
        }
        screen.takesKeyFirst = { [weak self] key, context in self?.choose(key, context) }
    }

    /// "mispelt: misspelt, misspelled"; "wrod: no suggestions".
    static func spoken(_ mistake: SpellChecker.Mistake, _ s: AppStrings) -> String {
        let word = Sanitizer.clean(mistake.word.text, for: .line)
        guard !mistake.suggestions.isEmpty else { return s(.spellingNoSuggestions, word) }
        return word + ": " + mistake.suggestions.map { Sanitizer.clean($0, for: .line) }.joined(separator: ", ")
    }

    /// Right and Left on a mistake: the next or previous suggestion with its place; past either
    /// end the boundary and the one chosen again, as a list says its last item.
    private func choose(_ key: Key, _ context: ControlContext) -> ScreenOutcome? {
        guard key.modifiers.isEmpty, key.code == .right || key.code == .left, mistakes.indices.contains(wheel.index) else { return nil }
        let index = wheel.index
        let suggestions = mistakes[index].suggestions
        guard !suggestions.isEmpty else { return ScreenOutcome([.earcon(.boundary), .say(app.strings(.spellingNothingToPut))]) }
        let next = chosen[index] + (key.code == .right ? 1 : -1)
        guard suggestions.indices.contains(next) else {
            return ScreenOutcome([.earcon(.boundary), .say(Sanitizer.clean(suggestions[chosen[index]], for: .line))])
        }
        chosen[index] = next
        let place = context.strings(.positionOf, String(next + 1), String(suggestions.count))
        return ScreenOutcome([.say(Sanitizer.clean(suggestions[next], for: .line) + ", " + place)])
    }

    private func replace(_ mistake: SpellChecker.Mistake, with choice: Int) -> ScreenOutcome {
        let s = app.strings
        guard mistake.suggestions.indices.contains(choice) else { return ScreenOutcome([.earcon(.softError), .say(s(.spellingNothingToPut))]) }
        let suggestion = mistake.suggestions[choice]
        guard field.replace(mistake.word.range, expecting: mistake.word.text, with: suggestion) else {
            return ScreenOutcome([.earcon(.softError), .say(s(.spellingTextChanged))], .pop)
        }
        return ScreenOutcome([.say(s(.spellingReplaced, Sanitizer.clean(mistake.word.text, for: .line), Sanitizer.clean(suggestion, for: .line)))], .pop)
    }
}
