#if canImport(Glibc)
    import Glibc
#endif

import Synchronization

/// The one owner of the Hunspell handles. Reading a dictionary takes tens of milliseconds
/// (see the spelling decisions' measurements), so it is done the first time F6 asks for that
/// language, off the main actor, and kept: at most one handle per dictionary (four in all),
/// never freed before the process ends. Hunspell's handles are not thread-safe: every use is
/// under the lock, so two checks never share a handle at once.
final class SpellChecker: Sendable {
    struct Mistake: Equatable, Sendable {
        let word: SpellingWord
        let suggestions: [String]
    }

    enum Outcome: Equatable, Sendable {
        case checked([Mistake])
        case noLibrary
        case noDictionary(SpellingDictionaryName)
    }

    /// How many suggestions a mistake reads: Hunspell's best, a short line to listen to.
    static let suggestionLimit = 5

    private let directory: String
    private let libraryName: String
    private struct State {
        var library: HunspellLibrary??
        var dictionaries: [SpellingDictionaryName: HunspellDictionary] = [:]
    }
    private let state = Mutex(State())

    init(directory: String = "/usr/share/hunspell", libraryName: String = HunspellLibrary.soname) {
        self.directory = directory
        self.libraryName = libraryName
    }

    /// The misspelt words of `text`, in order, each with its suggestions.
    func check(_ text: String, with name: SpellingDictionaryName) -> Outcome {
        let words = SpellingWords.words(in: text)
        return state.withLock { state -> Outcome in
            if state.library == nil { state.library = .some(HunspellLibrary.load(libraryName)) }
            guard let library = state.library ?? nil else { return .noLibrary }
            let dictionary: HunspellDictionary
            if let known = state.dictionaries[name] {
                dictionary = known
            } else {
                let aff = directory + "/" + name.file + ".aff", dic = directory + "/" + name.file + ".dic"
                // Hunspell makes an empty handle of missing files rather than failing.
                guard Self.exists(aff), Self.exists(dic), let made = HunspellDictionary(library: library, aff: aff, dic: dic) else {
                    return .noDictionary(name)
                }
                state.dictionaries[name] = made
                dictionary = made
            }
            return .checked(
                words.filter { !dictionary.isCorrect($0.text) }.map {
                    Mistake(word: $0, suggestions: dictionary.suggestions(for: $0.text, limit: Self.suggestionLimit))
                })
        }
    }

    private static func exists(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }
}
