import FoundationEssentials
import LoowiSupport

/// A direct-message conversation as one line of the list: "With Grace Okafor, unread. Grace
/// Okafor wrote: Are you coming? 5 minutes ago." Mastodon's conversation carries no count
/// of messages, so none is said; only what the server gave.
public struct ConversationSpeech: Sendable, Equatable {
    /// "With Grace Okafor and Tom Walsh, unread"
    public var who: String
    /// "Grace Okafor wrote: …", "You wrote: …", or "No message to show."
    public var lastMessage: String
    public var time: String?

    /// Names beyond this many are said as "and N others".
    static let namesSaid = 4

    public init(_ conversation: Conversation, options: SpeakableTextOptions = SpeakableTextOptions(), now: Date) {
        let words = BufferWords(language: options.language)
        let names = conversation.accounts.map { NotificationSpeech.name($0, options: options, words: words, inside: true) }
        let listed =
            names.count > Self.namesSaid
            ? words.andOthers(names.prefix(Self.namesSaid - 1).joined(separator: ", "), names.count - (Self.namesSaid - 1))
            : words.list(names)
        who =
            names.isEmpty
            ? words.conversationAlone(unread: conversation.unreadByYou)
            : words.conversation(with: listed, unread: conversation.unreadByYou)
        guard let last = conversation.lastStatus else {
            lastMessage = words.noMessages
            time = nil
            return
        }
        // Mastodon lists the other people only: a last message by none of them is yours.
        let fromOther = conversation.accounts.contains { $0.id == last.account.id }
        let author = fromOther ? words.wrote(NotificationSpeech.name(last.account, options: options, words: words)) : words.youWrote
        let body = NotificationSpeech.body(last, options: options)
        lastMessage = body.isEmpty ? author.trimming { $0 == ":" } : "\(author) \(body)"
        time = last.createdAt.map { RelativeTime.phrase(for: $0, now: now, language: options.language) }
    }

    public var sentence: String {
        PostText.join([who, lastMessage] + (time.map { [$0] } ?? []))
    }
}
