import AccessibleControls
import TweetEngine

/// Every sentence the app's screens speak. Placeholders are `{0}`, `{1}`.
public enum AppText: String, Sendable, CaseIterable, Hashable {
    case cachedOnly, settingNotSaved
    case homeTitle, accountTimelineTitle, homeWhere, accountWhere, whereLabel, postsList, wheelHint, author
    case authorHint, time, postText, boost, unboost, reply, refresh, details
    case newPost, about, noPosts, noPostSelected, noWarningHere, boosting, unboosting, boosted
    case boostRemoved, favouriting, unfavouriting, favourited, favouriteRemoved, refreshing, newPosts, oneNewPost
    case noNewPosts, loadingHome, loadingPostsOf, loadingFailed, templateBoosted, templateBoostedBy, templateDirect, templateWarning
    case templateHidden, aboutTitle, aboutWhat, aboutVersionLabel, aboutVersion, aboutHelpLabel, aboutHelp, detailsTitle
    case handle, name, postsCount, followersCount, followingCount, relationship, youFollowThem, youRequested
    case youDoNotFollow, theyFollowYou, theyDoNotFollow, thisIsYou, followers, following, directMessage, follow
    case unfollow, newPostMentioning, dmNeedsFollower, dmToYourself, loadingDetails, loadingFollowers, loadingFollowing, followingProgress
    case followRequestWithdrawn, wereNotFollowing
    case unfollowing, nowFollowing, followRequested, stoppedFollowing, checkingDM, followersOfTitle, followingOfTitle, peopleList
    case peopleHint, personItem, nobodyHere, composeTitle, replyTitle, mentionTitle, directTitle, postField
    case keypad, wordLeft, wordRight, cancel, send, charactersLeftLabel, charactersLeft, charactersOver
    case nothingToSend, tooLongToSend, sending, sendingMessage, postSent, messageSent, notSentKept, keptAsDraft
    case composeCancelled, draftRestored, draftNotSaved, draftOffered, draftsOffered, unexpectedError
    case draftsMovedAside, draftsPartlyUnreadable, draftsUntouchable
    // Info's names for the timeline's keys.
    case timelineKeys, actionReply, actionBoost, actionFavourite, actionNewPost, actionRefresh, actionOpenAuthor
    case actionAuthorDetails, actionDirectMessage, actionExpand
    case alreadyPublished, postMayBeOut, postWaits, outboxNotSaved, alreadySending, waitingPostPublished, waitingPostsPublished, textKept
    case rateLimitWait, rateLimitWaitBackground, busyRateLimited, alreadyUnderWay
    case savingPosition, newSinceMarker, oneNewSinceMarker
}

/// The words of one interface language, with English behind every table: a missing string
/// is said in English, never as its key. American English differs only where the spelling does.
public struct AppStrings: Sendable {
    public let language: AppLanguage

    public init(_ language: AppLanguage) { self.language = language }

    public func callAsFunction(_ key: AppText, _ arguments: String...) -> String {
        let template = table[key] ?? Self.english[key] ?? ""
        var text = template
        for (index, argument) in arguments.enumerated() {
            text = text.replacing("{\(index)}", with: argument)
        }
        return text
    }

    var table: [AppText: String] {
        switch language {
        case .britishEnglish: Self.english
        case .americanEnglish: Self.american
        case .spanish: Self.spanish
        case .catalan: Self.catalan
        }
    }

    /// The engine's words (relative times, error messages) in the same language.
    public var engineLanguage: EngineLanguage {
        switch language.interface {
        case .english: .english
        case .spanish: .spanish
        case .catalan: .catalan
        }
    }

    /// A count with the right noun: "1 post", "3 posts".
    func count(_ n: Int, _ one: AppText, _ many: AppText) -> String {
        n == 1 ? self(one) : self(many, String(n))
    }
}
