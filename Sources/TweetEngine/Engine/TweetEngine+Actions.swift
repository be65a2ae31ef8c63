import FoundationEssentials
import LoowiSupport

/// One method per action of iLoowi's use cases (and the future-work ones).
extension TweetEngine {
    /// Page sizes: Mastodon's maximum per list (40 for statuses, 80 for accounts and
    /// notifications), so "up to N" takes the fewest requests.
    public enum PageSize {
        public static let statuses = 40
        public static let accounts = 80
        public static let notifications = 80
        public static let conversations = 40
    }

    // MARK: Account and server

    /// The logged-in account (also checks that the token still works).
    public func verifyCredentials() async throws -> Account {
        try await fetch(Account.self, AccountsEndpoint.verifyCredentials.endpoint)
    }

    /// The logged-in account, asked once per account and run: the start-up load and the
    /// command that identified the account share one answer.
    public func currentAccount() async throws -> Account {
        if let known = state.withLock({ $0.me }) { return known }
        let me = try await verifyCredentials()
        state.withLock { $0.me = me }
        return me
    }

    /// The server's posting limits, fetched once per server and then remembered; with an
    /// `instanceStore`, remembered for a day across runs too.
    public func instanceLimits(refresh: Bool = false) async throws -> InstanceLimits {
        if !refresh, let cached = state.withLock({ $0.instanceLimits }) { return cached }
        let server = credentials?.server
        let kept = server.flatMap { options.instanceStore?.load(server: $0) }
        if !refresh, let server, let kept, kept.isFresh(at: clock.now()) {
            adopt(kept.limits, streaming: kept.streaming, transport: kept.streamingTransport, server: server)
            return kept.limits
        }
        let info = try await fetch(InstanceInfo.self, InstanceEndpoint.instance.endpoint)
        // The transport that answered is not in the instance's answer: kept from the old snapshot.
        let transport = state.withLock { $0.streamingChoice } ?? kept?.streamingTransport
        adopt(info.limits, streaming: info.streaming, transport: transport, server: server)
        if let server {
            options.instanceStore?.save(
                InstanceSnapshot(limits: info.limits, streaming: info.streaming, fetchedAt: clock.now(), streamingTransport: transport),
                server: server)
        }
        return info.limits
    }

    private func adopt(_ limits: InstanceLimits, streaming: String?, transport: StreamingTransportChoice?, server: URL?) {
        let scheme = streaming.flatMap { URLComponents(string: $0)?.scheme?.lowercased() }
        state.withLock {
            $0.instanceLimits = limits
            $0.streamingDeclaredWebSocket = scheme == "ws" || scheme == "wss"
            if $0.streamingChoice == nil { $0.streamingChoice = transport }
            if let server { $0.streamingBase = Self.streamingBase(streaming, server: server) }
        }
    }

    /// The user's posting defaults (visibility, language) and reading preferences, asked
    /// once per account and session.
    public func preferences() async throws -> Preferences {
        if let known = state.withLock({ $0.preferences }) { return known }
        do {
            let preferences = try await fetch(Preferences.self, PreferencesEndpoint.preferences.endpoint)
            state.withLock { $0.preferences = preferences }
            return preferences
        } catch EngineError.http(let status, let message) where [404, 405, 501].contains(status) {
            // A server without the endpoint will not grow one this session: not asked again.
            state.withLock { $0.preferencesMissing = true }
            throw EngineError.http(status: status, message: message)
        }
    }

    /// The preferences, when asked already this session (no request).
    public var knownPreferences: Preferences? { state.withLock { $0.preferences } }

    /// Whether asking for the preferences is worth it: not known yet, and the server has not
    /// said it has none.
    public var preferencesWorthAsking: Bool { state.withLock { $0.preferences == nil && !$0.preferencesMissing } }

    /// A draft with what the user left open filled in from their preferences: the default
    /// visibility and language. A reply is never wider than the post it answers. When the
    /// preferences cannot be read, visibility stays unset and the server applies the
    /// account's own default, so nothing is ever made more public than the user chose.
    public func applyingDefaults(to draft: Draft, replyingTo parent: Status? = nil) async -> Draft {
        var draft = draft
        if draft.visibility == nil || draft.language == nil, let preferences = try? await preferences() {
            draft.visibility = draft.visibility ?? preferences.defaultVisibility.known
            draft.language = draft.language ?? preferences.defaultLanguage
        }
        if let parentVisibility = parent?.visibility.known { draft = Self.narrowingReply(draft, to: parentVisibility) }
        return draft
    }

    /// A reply never wider than its parent. With the account's default unknown (nothing
    /// chosen), a public parent leaves it to the server; a narrower one is followed, but never
    /// wider than followers-only, since the unknown default might be narrower still.
    static func narrowingReply(_ draft: Draft, to parentVisibility: Visibility) -> Draft {
        var draft = draft
        draft.visibility = replyVisibility(draft.visibility, parent: parentVisibility)
        return draft
    }

    /// Who can see a reply to a post seen by `parent`, from what was chosen (nil: the
    /// account's default, unknown); nil leaves it to the server. Compose starts its choice here
    /// too, so what is heard there is what this sends.
    public static func replyVisibility(_ chosen: Visibility?, parent: Visibility) -> Visibility? {
        if let chosen { return chosen.narrowed(to: parent) }
        return parent == .public ? nil : parent.narrowed(to: .private)
    }

    // MARK: Timelines

    /// Up to `limit` posts of the home timeline (200 posts: 5 requests of 40).
    public func homeTimeline(upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) { TimelinesEndpoint.home(limit: $0).endpoint }
    }

    /// The first page of the home timeline, one request whatever the server's page size, so a
    /// start can read the first post before the rest arrives (`more(after:upTo:)`).
    public func homeTimelineFirstPage() async throws -> Page<Status> {
        try await collect(
            upTo: PageSize.statuses, pageSize: PageSize.statuses, firstPage: { TimelinesEndpoint.home(limit: $0).endpoint },
            singleRequest: true)
    }

    /// Up to `limit` posts of one account.
    public func accountTimeline(accountID: String, upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) {
            AccountsEndpoint.statuses(id: accountID, limit: $0).endpoint
        }
    }

    /// Up to `limit` posts the user favourited, most recently favourited first.
    public func favourites(upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) { TimelinesEndpoint.favourites(limit: $0).endpoint }
    }

    /// Up to `limit` posts the user bookmarked.
    public func bookmarks(upTo limit: Int = 200) async throws -> Page<Status> {
        try await collect(upTo: limit, pageSize: PageSize.statuses) { TimelinesEndpoint.bookmarks(limit: $0).endpoint }
    }

    /// The thread around a post.
    public func thread(of statusID: String) async throws -> StatusContext {
        try await fetch(StatusContext.self, StatusesEndpoint.context(id: statusID).endpoint)
    }

    public func status(id: String) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.status(id: id).endpoint)
    }

    // MARK: Posting

    /// Publishes a draft. The draft's idempotency key goes with it, so calling this again
    /// with the same draft after a failure returns the same post instead of a second one.
    /// Checks the length first (Mastodon's rule, the server's limits).
    public func post(_ draft: Draft) async throws -> Status {
        let limits = (try? await instanceLimits()) ?? .mastodonDefault
        let count = draft.characterCount(limits: limits)
        guard count <= limits.maxCharacters else {
            throw EngineError.postTooLong(count: count, maximum: limits.maxCharacters)
        }
        return try await fetch(Status.self, StatusesEndpoint.post(draft).endpoint, idempotencyKey: draft.idempotencyKey)
    }

    /// A direct message: a `direct` post that mentions the recipient. By default only to
    /// someone who follows you (iLoowi's rule); otherwise `directMessageNotAllowed`.
    public func sendDirectMessage(_ draft: Draft, to recipient: Account) async throws -> Status {
        try await checkDirectMessageAllowed(to: recipient.id, handle: recipient.acct)
        return try await post(Self.directMessage(draft, to: recipient))
    }

    /// iLoowi's rule, when on: a direct message only to someone who follows you.
    func checkDirectMessageAllowed(to accountID: String, handle: String) async throws {
        guard options.directMessagesOnlyToFollowers else { return }
        let relationship = try await relationships(with: [accountID]).first
        guard relationship?.followedBy == true else { throw EngineError.directMessageNotAllowed(handle: handle) }
    }

    /// Whether `text` mentions exactly this handle: "@ann" is not in "@annabel" nor in
    /// "@ann@other.host", whose message would go to someone else.
    static func mentions(_ text: String, _ mention: String) -> Bool {
        var searchStart = text.startIndex
        while let range = text.firstRangeIgnoringCase(of: mention, from: searchStart) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let rest = text[range.upperBound...]
            let startsWord = before.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@") } ?? true
            // The handle goes on with a letter, digit, "_", "@" or a dot before more letters.
            let goesOn: Bool
            if let next = rest.first {
                goesOn = next.isLetter || next.isNumber || next == "_" || next == "@"
                    || (next == "." && rest.dropFirst().first.map { $0.isLetter || $0.isNumber } == true)
            } else {
                goesOn = false
            }
            let endsHandle = !goesOn
            if startsWord && endsHandle { return true }
            searchStart = range.upperBound
        }
        return false
    }

    /// The post a direct message is: `direct`, mentioning the recipient.
    static func directMessage(_ draft: Draft, to recipient: Account) -> Draft {
        var message = draft
        message.visibility = .direct
        let mention = "@\(recipient.acct)"
        if !mentions(message.text, mention) { message.text = "\(mention) \(message.text)" }
        return message
    }

    public func reblog(_ statusID: String) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.reblog(id: statusID).endpoint)
    }

    public func unreblog(_ statusID: String) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.unreblog(id: statusID).endpoint)
    }

    public func favourite(_ statusID: String) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.favourite(id: statusID).endpoint)
    }

    public func unfavourite(_ statusID: String) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.unfavourite(id: statusID).endpoint)
    }

    /// Keeps the post among the user's bookmarks (private: nobody is told).
    public func bookmark(_ statusID: String) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.bookmark(id: statusID).endpoint)
    }

    public func unbookmark(_ statusID: String) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.unbookmark(id: statusID).endpoint)
    }

    // MARK: People

    public func account(id: String) async throws -> Account {
        try await fetch(Account.self, AccountsEndpoint.account(id: id).endpoint)
    }

    /// By handle: `@ada`, `ada@mastodon.social` or `@ada@mastodon.social`.
    public func account(handle: String) async throws -> Account {
        try await fetch(Account.self, AccountsEndpoint.lookup(acct: handle).endpoint)
    }

    /// Relationships with many accounts in one call.
    public func relationships(with accountIDs: [String]) async throws -> [Relationship] {
        guard !accountIDs.isEmpty else { return [] }
        return try await fetch(LenientList<Relationship>.self, AccountsEndpoint.relationships(ids: accountIDs).endpoint)
            .elements
    }

    /// Follows an account; a locked account answers "requested" until it approves.
    public func follow(_ accountID: String) async throws -> FollowResult {
        let relationship = try await fetch(Relationship.self, AccountsEndpoint.follow(id: accountID).endpoint)
        return relationship.requested && !relationship.following ? .requested(relationship) : .following(relationship)
    }

    /// Follows after asking the server how things stand, as `stopFollowing` does: someone
    /// already followed (or already asked) is said so, and nothing is sent. The follow
    /// endpoint answers "following" either way, and a list's relationship may be stale.
    public func startFollowing(_ accountID: String) async throws -> FollowResult {
        if let before = try await relationships(with: [accountID]).first(where: { $0.id == accountID }) {
            if before.following { return .alreadyFollowing(before) }
            if before.requested { return .alreadyRequested(before) }
        }
        return try await follow(accountID)
    }

    public func unfollow(_ accountID: String) async throws -> Relationship {
        try await fetch(Relationship.self, AccountsEndpoint.unfollow(id: accountID).endpoint)
    }

    /// Unfollows after asking the server how things stand, so the answer says what really
    /// happened: the unfollow endpoint answers "not following" whether or not you were, and
    /// the app's cached relationship may be stale. Nothing is sent when you were not
    /// following and had no request waiting.
    public func stopFollowing(_ accountID: String) async throws -> UnfollowResult {
        let before = try await relationships(with: [accountID]).first { $0.id == accountID }
        if let before, !before.following, !before.requested { return .wasNotFollowing(before) }
        let after = try await unfollow(accountID)
        if let before, before.requested, !before.following { return .withdrewRequest(after) }
        return .stopped(after)
    }

    public func followers(of accountID: String, upTo limit: Int = 200) async throws -> Page<Account> {
        try await collect(upTo: limit, pageSize: PageSize.accounts) {
            AccountsEndpoint.followers(id: accountID, limit: $0).endpoint
        }
    }

    public func following(of accountID: String, upTo limit: Int = 200) async throws -> Page<Account> {
        try await collect(upTo: limit, pageSize: PageSize.accounts) {
            AccountsEndpoint.following(id: accountID, limit: $0).endpoint
        }
    }

    // MARK: Notifications and direct messages

    public func notifications(upTo limit: Int = 80, types: [NotificationType] = []) async throws
        -> Page<MastodonNotification>
    {
        try await collect(upTo: limit, pageSize: PageSize.notifications) {
            NotificationsEndpoint.list(limit: $0, types: types).endpoint
        }
    }

    public func conversations(upTo limit: Int = 40) async throws -> Page<Conversation> {
        try await collect(upTo: limit, pageSize: PageSize.conversations) {
            ConversationsEndpoint.list(limit: $0).endpoint
        }
    }

    public func markConversationRead(_ conversationID: String) async throws -> Conversation {
        try await fetch(Conversation.self, ConversationsEndpoint.markRead(id: conversationID).endpoint)
    }

    // MARK: Discovery

    public func trendingTags(limit: Int = 10) async throws -> [Tag] {
        try await fetch(LenientList<Tag>.self, TrendsEndpoint.tags(limit: limit).endpoint).elements
    }

    /// Accounts, posts and hashtags; `resolve` asks the server to look up remote handles.
    public func search(_ query: String, type: SearchType? = nil, limit: Int = 20, resolve: Bool = true) async throws
        -> SearchResults
    {
        try await fetch(
            SearchResults.self, SearchEndpoint.search(query: query, type: type, limit: limit, resolve: resolve).endpoint)
    }

    // MARK: Reading position

    public func markers() async throws -> Markers {
        try await fetch(Markers.self, MarkersEndpoint.get.endpoint)
    }

    /// Saves where the user stopped reading (either or both).
    @discardableResult
    public func setMarkers(home: String? = nil, notifications: String? = nil) async throws -> Markers {
        try await fetch(Markers.self, MarkersEndpoint.set(home: home, notifications: notifications).endpoint)
    }
}

/// The answer to a follow: following at once, or a request a locked account must approve.
/// What `stopFollowing` did.
public enum UnfollowResult: Sendable, Equatable {
    case stopped(Relationship)
    /// A follow request that was waiting was withdrawn.
    case withdrewRequest(Relationship)
    /// You were not following them: nothing was sent.
    case wasNotFollowing(Relationship)

    public var relationship: Relationship {
        switch self {
        case .stopped(let relationship), .withdrewRequest(let relationship), .wasNotFollowing(let relationship): relationship
        }
    }
}

public enum FollowResult: Sendable, Equatable {
    case following(Relationship)
    case requested(Relationship)
    /// Already followed (`startFollowing`): nothing was sent.
    case alreadyFollowing(Relationship)
    /// A follow request already waits for them (`startFollowing`): nothing was sent.
    case alreadyRequested(Relationship)

    public var relationship: Relationship {
        switch self {
        case .following(let relationship), .requested(let relationship), .alreadyFollowing(let relationship),
            .alreadyRequested(let relationship):
            relationship
        }
    }

    /// "Following." / "Follow requested." in the user's language.
    public func spoken(in language: Language) -> String {
        let words = Catalogue<EngineText>(language)
        switch self {
        case .following: return words(.following)
        case .requested: return words(.followRequested)
        case .alreadyFollowing: return words(.alreadyFollowing)
        case .alreadyRequested: return words(.alreadyRequested)
        }
    }
}
