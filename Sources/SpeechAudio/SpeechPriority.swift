/// How an utterance relates to whatever is already being said, after speech-dispatcher's
/// priorities (see DECISIONS.md, "Speech priorities").
public enum SpeechPriority: String, Sendable, Hashable, CaseIterable {
    /// A focus change or any direct answer to a key: cuts off what is being said or
    /// synthesised at once and drops queued announcements. An important message that is
    /// playing is let finish first; a queued one stays queued.
    case interrupt
    /// Something the user did not cause (a new post arrived): waits its turn, never cuts in.
    /// A later interrupting utterance drops it, because the user has moved on.
    case announcement
    /// An error or anything the user must hear: never dropped by an interrupt, only by an
    /// explicit hush.
    case important
}
