import Localization

/// Every word the buffers say (notifications, direct messages, threads, "in reply to"): the
/// sentences come from `BufferText`, the one catalogue mechanism; this adds the little
/// grammar they need (joining names, plural verbs).
struct BufferWords {
    let language: Language
    private var text: Catalogue<BufferText> { Catalogue(language) }

    // MARK: Names

    /// Said for an account that is missing, or whose name is empty: at the start of a
    /// sentence, or inside one.
    var someone: String { text(.someone) }
    var someoneInside: String { text(.someoneInside) }

    /// "Ana", "Ana and Tom", "Ana, Tom and Grace" (Spanish "y" becomes "e" before an "i" sound).
    func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        guard names.count > 1 else { return last }
        let head = names.dropLast().joined(separator: ", ")
        return "\(head) \(and(before: last)) \(last)"
    }

    private func and(before word: String) -> String {
        switch language {
        case .britishEnglish, .americanEnglish: return "and"
        case .catalan: return "i"
        case .spanish:
            let lower = word.lowercased()
            let iSound = (lower.hasPrefix("i") || lower.hasPrefix("hi")) && !lower.hasPrefix("hie") && !lower.hasPrefix("hia")
            return iSound ? "e" : "y"
        }
    }

    /// "Ana Ruiz and 3 others" (a group of more than two).
    func andOthers(_ name: String, _ others: Int) -> String {
        others == 1 ? text(.andOne, name) : text(.andOthers, name, String(others))
    }

    // MARK: Notifications

    /// The head of a notification's sentence; `plural` when a group of people did it.
    func notification(_ type: NotificationType, _ name: String, plural: Bool, direct: Bool) -> String {
        switch type {
        case .mention where direct: return text(.sentYouDirect, name)
        case .mention: return text(.mentionedYou, name)
        case .status: return text(.posted, name)
        case .reblog: return text(plural ? .boostedYourPostPlural : .boostedYourPost, name)
        case .favourite: return text(plural ? .favouritedYourPostPlural : .favouritedYourPost, name)
        case .follow: return text(plural ? .followedYouPlural : .followedYou, name)
        case .followRequest: return text(.asksToFollow, name)
        case .poll: return text(.pollEnded, name)
        case .update: return text(.editedAPost, name)
        case .quote: return text(.quotedYourPost, name)
        case .adminSignUp: return text(.signedUp, name)
        case .adminReport: return text(.filedAReport, name)
        case .severedRelationships: return text(.relationshipsSevered)
        case .moderationWarning: return text(.moderationWarning)
        }
    }

    /// A type loowi does not know yet, said with its name so it can be looked up.
    func unknownNotification(_ type: String, from name: String?) -> String {
        name.map { text(.unknownNotificationFrom, type, $0) } ?? text(.unknownNotification, type)
    }

    var postUnavailable: String { text(.postUnavailable) }

    // MARK: Direct messages

    /// "With Grace Okafor and Tom Walsh", with ", unread" when there is something new.
    func conversation(with names: String, unread: Bool) -> String {
        text(.conversationWith, names) + (unread ? text(.unread) : "")
    }

    func conversationAlone(unread: Bool) -> String { text(.onlyYou) + (unread ? text(.unread) : "") }

    func wrote(_ name: String) -> String { text(.wrote, name) }
    var youWrote: String { text(.youWrote) }
    var noMessages: String { text(.noMessages) }

    // MARK: Replies

    func inReplyTo(_ name: String) -> String { text(.inReplyTo, name) }
    var inReplyToAPost: String { text(.inReplyToAPost) }
    var inReplyToYou: String { text(.inReplyToYou) }

    // MARK: Empty lists

    func empty(_ list: BufferList) -> String {
        switch list {
        case .notifications: text(.noNotifications)
        case .conversations: text(.noConversations)
        case .favourites: text(.noFavourites)
        case .bookmarks: text(.noBookmarks)
        case .thread: text(.noThread)
        case .hashtag: text(.noHashtagPosts)
        case .search: text(.noSearchResults)
        }
    }
}

/// The buffers' lists, for what is said when one is empty.
public enum BufferList: Sendable, CaseIterable {
    case notifications, conversations, favourites, bookmarks, thread, hashtag, search

    /// "No notifications." in the user's language.
    public func emptyMessage(in language: Language) -> String { BufferWords(language: language).empty(self) }
}
