/// The short word line mode prints in brackets for a sound ("[no action]", "[top]"), so that
/// someone reading a braille display can tell "not understood" from "nothing happened".
/// Never spoken: the sound is already heard.
public enum SoundWord: String, Sendable, Hashable, CaseIterable {
    case noAction, top, end, edge, wrapped, error, newPost, mention, directMessage
    case boost, favourite, follow, sent, full, ready, silenced

    /// The word a sound stands for when nothing more precise is known; nil for the sounds that
    /// always come with words that already say what happened (focus moved: the control is
    /// said) or that only mark time (the busy tick, the keypad's centre, a capital letter).
    public init?(sound earcon: Earcon) {
        switch earcon {
        case .softError: self = .noAction
        // Which edge is not known here; a list says it with `.soundWord(.top)` or `.end`.
        case .boundary: self = .edge
        case .wrap: self = .wrapped
        case .error: self = .error
        case .newPost: self = .newPost
        case .mention: self = .mention
        case .directMessage: self = .directMessage
        case .boost: self = .boost
        case .favourite: self = .favourite
        case .follow: self = .follow
        case .postSent: self = .sent
        case .limitReached: self = .full
        case .ready: self = .ready
        case .focus, .activate, .busyTick, .keypadCentre, .capital: return nil
        }
    }

    var key: StringKey {
        switch self {
        case .noAction: .wordNoAction
        case .top: .wordTop
        case .end: .wordEnd
        case .edge: .wordEdge
        case .wrapped: .wordWrapped
        case .error: .wordError
        case .newPost: .wordNewPost
        case .mention: .wordMention
        case .directMessage: .wordDirectMessage
        case .boost: .wordBoost
        case .favourite: .wordFavourite
        case .follow: .wordFollow
        case .sent: .wordSent
        case .full: .wordFull
        case .ready: .wordReady
        case .silenced: .wordSilenced
        }
    }

    /// As line mode prints it, on a line of its own: "[no action]", "[sin acción]".
    public func printed(in language: Language) -> String {
        "[" + Strings(language)(key) + "]"
    }
}

extension Array where Element == Feedback {
    /// This batch (one key's answer, or one answer that arrived later) as line mode gives it:
    /// each sound whose meaning would otherwise not be printed is followed by
    /// `.soundWord(word)`, and every other `.soundWord` is taken out.
    ///
    /// Which sounds get a word:
    /// - one a control marked itself (`.soundWord(.top)` after the boundary sound of a list's
    ///   first item: the item said again does not tell that it is the edge); a mark of nil
    ///   means a sentence about this sound is on its way in a later batch (a live event's
    ///   words, which line mode always prints, gathered at the next tick: see `Announcer`),
    ///   so a word now would say it twice;
    /// - otherwise a sound alone: a batch that says nothing gets the word of its first sound
    ///   that has one. A sound with a sentence of its own ("Boosted.", "Nothing to send.",
    ///   "start" at the start of a text) needs no word: the sentence already says it.
    /// - Hush (which says nothing, on purpose) gets "[silenced]", so it is not taken for a key
    ///   that was lost.
    public func withSoundWords() -> [Feedback] {
        let marked = contains { if case .soundWord = $0 { true } else { false } }
        var result = filter { if case .soundWord(nil) = $0 { false } else { true } }
        guard !marked, !contains(where: \.isSpeech) else { return result }
        let worded = result.indices.lazy.compactMap { at in
            if case .earcon(let earcon) = result[at], let word = SoundWord(sound: earcon) { (at, word) } else { nil }
        }.first
        if let (at, word) = worded {
            result.insert(.soundWord(word), at: at + 1)
        } else if let at = result.firstIndex(of: .hush) {
            result.insert(.soundWord(.silenced), at: at + 1)
        }
        return result
    }

    /// The transcript of this batch as line mode prints it (`print: [no action]` for a word),
    /// the way `transcriptLines` writes the rest.
    public func lineTranscript(in language: Language) -> [String] {
        withSoundWords().flatMap { item -> [String] in
            if case .soundWord(let word?) = item { return ["print: " + word.printed(in: language)] }
            return [item].transcriptLines
        }
    }
}

extension Feedback {
    /// Whether this is speech (any priority).
    public var isSpeech: Bool {
        if case .speak = self { true } else { false }
    }
}
