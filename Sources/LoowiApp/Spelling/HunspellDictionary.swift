/// One Hunspell handle (one language's .aff and .dic, read once: several MB). Not thread-safe,
/// as Hunspell's handles are not: only `SpellChecker`, under its lock, uses it.
final class HunspellDictionary {
    private let library: HunspellLibrary
    private let handle: OpaquePointer

    /// nil when Hunspell could not make a handle of the two files.
    init?(library: HunspellLibrary, aff: String, dic: String) {
        guard let handle = library.create(aff, dic) else { return nil }
        self.library = library
        self.handle = handle
    }

    deinit { library.destroy(handle) }

    func isCorrect(_ word: String) -> Bool {
        library.spell(handle, word) != 0
    }

    /// Hunspell's suggestions, best first, at most `limit`.
    func suggestions(for word: String, limit: Int) -> [String] {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = Int(library.suggest(handle, &list, word))
        guard count > 0, let words = list else { return [] }
        defer { library.freeList(handle, &list, Int32(count)) }
        return (0..<min(count, limit)).compactMap { words[$0].map { String(cString: $0) } }
    }
}
