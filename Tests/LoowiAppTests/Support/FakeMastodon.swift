import Foundation
import Synchronization
import TweetEngine

/// A tiny Mastodon in memory behind a `StubTransport`: a few people, their posts, who follows
/// whom, and a record of what the app asked for. Real JSON goes through the real engine, so a
/// screen test exercises decoding and the engine's rules too.
final class FakeMastodon: Sendable {
    struct Person: Sendable {
        var id: String
        var username: String
        var name: String
        var locked = false
    }

    struct Post: Sendable {
        var id: String
        var author: String
        var html: String
        var minutesAgo: Int
        var spoiler = ""
        var boostOf: String?
        /// The boost's own id, when two people boost one post (else the post's id and "b").
        var boostID: String? = nil
        var visibility = "public"
        var inReplyTo: String?
        /// The people the post mentions, by id.
        var mentions: [String] = []
        var poll: PollSpec? = nil
        /// The preview card: its address (a link in the text) and title.
        var card: (url: String, title: String)? = nil
        var counts = (replies: 0, boosts: 0, favourites: 0)
        /// A server-side filter the post matches: its title and action (warn, hide).
        var filter: (title: String, action: String)? = nil
        /// The id of the post it quotes.
        var quotes: String? = nil
        /// One photo, marked sensitive.
        var sensitiveMedia = false
        /// The post's language tag ("es"); nil when the server does not know it.
        var language: String? = nil
        /// The shortcodes of the custom emoji the post uses (":blob_cat:").
        var customEmoji: [String] = []
        /// The hashtags the server lists for it (its `tags`), as written.
        var tags: [String] = []
    }

    /// A poll on a post; its id is the post's with "p" before it.
    struct PollSpec: Sendable {
        var options: [String]
        var multiple = false
        var votes: [Int] = []
        var expired = false
    }

    /// A direct conversation with any number of people (by id), above the fixed ones.
    struct Talk: Sendable {
        var id: String
        var unread: Bool
        var with: [String]
        var last: Post?
    }

    struct State: Sendable {
        var following: Set<String> = ["2", "3", "4"]
        var followedBy: Set<String> = ["2"]
        var requested: Set<String> = []
        var reblogged: Set<String> = []
        var favourited: Set<String> = []
        var bookmarked: Set<String> = []
        /// The account's own default visibility (`/api/v1/preferences`).
        var defaultVisibility = "public"
        /// A server without `/api/v1/preferences` (404).
        var noPreferences = false
        /// The user's lists: id → (title, member ids).
        var lists: [String: (title: String, members: Set<String>)] = ["L1": ("Friends", ["2"]), "L2": ("Kernel people", [])]
        /// Hashtags the user follows (lower-case names).
        var followedTags: Set<String> = []
        /// Votes by poll id (0-based, as sent), and what was done to people ("mute 2").
        var votes: [String: [Int]] = [:]
        var moderation: [String] = []
        var muted: Set<String> = []
        /// Descriptions of the files uploaded, in order.
        var uploads: [String] = []
        /// How many times an upload is asked for before it is processed (202 until then).
        var processingPolls = 0
        /// Posts edited, by id: the new text and warning.
        var edits: [String: (text: String, warning: String, sensitive: String?)] = [:]
        var blocked: Set<String> = []
        var posted: [[String: String]] = []
        /// Path suffix → HTTP status, answered once instead of the real thing.
        var failures: [String: Int] = [:]
        /// Path suffixes whose next answer is lost after the server acted (as behind a
        /// proxy that drops the connection): the post is made, the app hears nothing.
        var loseAnswer: Set<String> = []
        /// Path suffixes whose next request finds no server at all (nothing happens).
        var unreachable: Set<String> = []
        /// Path suffix → seconds to the reset: answered once with a 429 (nothing remaining).
        var rateLimits: [String: Int] = [:]
        var newPosts: [Post] = []
        /// What the user published, newest first (their own timeline shows them).
        var published: [Post] = []
        /// GoToSocial's way: home pages carry a `prev` link, and every answer repeats its
        /// newest post (for `min_id`, the newest is given again).
        var repeatsNewest = false
        /// Notifications that arrived since start, newest first, above the fixed ones.
        var newNotices: [Notice] = []
        /// Reading positions by timeline ("home"), as another client or an earlier run left them.
        var markers: [String: SavedMarker] = [:]
        /// Every marker the app wrote, in order.
        var markerWrites: [String] = []
        /// Home pages of this many posts with a `next` link (`max_id`), as a real server pages.
        var homePageSize: Int?
        /// While true, requests for a further page (`max_id`) wait: a test acts before they answer.
        var holdsNextPages = false
        /// Posts seen only in threads (replies), beside every other post the server knows.
        var replies: [Post] = []
        /// Posts deleted since they were listed: their thread is "Record not found".
        var deleted: Set<String> = []
        /// The conversations marked read, in order.
        var conversationsRead: [String] = []
        /// Mastodon 4.3's grouped notifications (`/api/v2/notifications`); without, v2 is a 404.
        var groupsNotifications = false
        /// Follow requests answered, as "authorize 4" or "reject 4".
        var followRequestAnswers: [String] = []
        /// Home and notifications page as Mastodon does: `limit`, `max_id` (older), `min_id`
        /// (just above it), with `next` and `prev` links.
        var pages = false
        /// Conversations that arrived since start, listed first.
        var newConversations: [Talk] = []
        /// People only an account search finds (Ada follows none of them).
        var strangers: [Person] = []
        /// Hashtags the server's search knows, matched by what they start with.
        var knownTags: [String] = []
        /// Every account search, as "q following" ("gra true").
        var accountSearches: [String] = []
    }

    struct SavedMarker: Sendable {
        var id: String
        var version: Int
        var updatedAt: Date
    }

    static let server = URL(string: "https://fake.social")!
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let people: [Person] = [
        Person(id: "1", username: "ada", name: "Ada Lovelace"),
        Person(id: "2", username: "grace", name: "Grace Hopper"),
        Person(id: "3", username: "linus", name: "Linus"),
        Person(id: "4", username: "carme", name: "Carme Riera", locked: true),
    ]
    let posts: [Post] = [
        Post(id: "105", author: "2", html: "<p>Compilers are <b>fun</b>.</p>", minutesAgo: 5),
        Post(id: "104", author: "3", html: "<p>Kernel time.</p>", minutesAgo: 20, spoiler: "long rant"),
        Post(id: "103", author: "4", html: "<p>Bon dia!</p>", minutesAgo: 60, boostOf: "2"),
        Post(id: "102", author: "2", html: "<p>Hello <a href=\"https://fake.social/@ada\">@ada</a></p>", minutesAgo: 120),
    ]
    let state = Mutex(State())
    /// Display names changed since start, by account id (apart from `state`: accounts are
    /// written while it is held).
    let renamed = Mutex<[String: String]>([:])

    /// What reaches Ada (the user), newest first: a mention, a favourite and a boost of one
    /// post (grouped), a follow, a favourite whose post is gone, and a type loowi does not know.
    struct Notice: Sendable {
        var id: String
        var type: String
        var from: String
        var post: Post?
    }
    static let adaPost = Post(id: "301", author: "1", html: "<p>Tea time.</p>", minutesAgo: 30)
    let notifications: [Notice] = [
        Notice(id: "16", type: "mention", from: "2", post: Post(id: "201", author: "2", html: "<p>@ada Are you coming?</p>", minutesAgo: 2)),
        Notice(id: "15", type: "favourite", from: "3", post: FakeMastodon.adaPost),
        Notice(id: "14", type: "favourite", from: "2", post: FakeMastodon.adaPost),
        Notice(id: "13", type: "follow", from: "4"),
        Notice(id: "12", type: "favourite", from: "3"),
        Notice(id: "11", type: "annual_report", from: "2"),
        Notice(id: "10", type: "mention", from: "3", post: Post(id: "202", author: "3", html: "<p>@ada Patch sent.</p>", minutesAgo: 90)),
    ]
    /// Ada's direct conversations: one unread with Grace, one with Linus whose last post is gone.
    let conversations: [(id: String, unread: Bool, with: String, last: Post?)] = [
        ("c1", true, "2", Post(id: "401", author: "2", html: "<p>@ada Lunch at one?</p>", minutesAgo: 10, visibility: "direct")),
        ("c2", false, "3", nil),
    ]

    func person(_ id: String) -> Person? { people.first { $0.id == id } }

    func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        if request.url.query?.contains("max_id") == true {
            while state.withLock({ $0.holdsNextPages }) { usleep(1000) }
        }
        let down = state.withLock { state -> Bool in
            guard let key = state.unreachable.first(where: { request.url.path.hasSuffix($0) }) else { return false }
            state.unreachable.remove(key)
            return true
        }
        if down { throw TransportError.couldNotConnect }
        let response = try act(request)
        let lost = state.withLock { state -> Bool in
            guard let key = state.loseAnswer.first(where: { request.url.path.hasSuffix($0) }) else { return false }
            state.loseAnswer.remove(key)
            return true
        }
        if lost { throw TransportError.connectionLost }
        return response
    }

    private func act(_ request: HTTPRequest) throws -> HTTPResponse {
        let path = request.url.path
        let method = request.method.rawValue
        if let failure = state.withLock({ state -> Int? in
            guard let key = state.failures.keys.first(where: { path.hasSuffix($0) }) else { return nil }
            return state.failures.removeValue(forKey: key)
        }) {
            return json(["error": "Injected failure"], status: failure, request)
        }
        if let seconds = state.withLock({ state -> Int? in
            guard let key = state.rateLimits.keys.first(where: { path.hasSuffix($0) }) else { return nil }
            return state.rateLimits.removeValue(forKey: key)
        }) {
            let reset = ISO8601.format(now.addingTimeInterval(Double(seconds)))
            return .json(#"{"error":"Too many requests"}"#, status: 429, headers: [
                HTTPHeader(name: "X-RateLimit-Limit", value: "300"), HTTPHeader(name: "X-RateLimit-Remaining", value: "0"),
                HTTPHeader(name: "X-RateLimit-Reset", value: reset),
            ], url: request.url)
        }
        let parts = path.split(separator: "/").map(String.init)
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if parts.count == 4, parts[2] == "accounts", parts[3] == "search", method == "GET" {
            let query = (items.first { $0.name == "q" }?.value ?? "").lowercased()
            let following = items.contains { $0.name == "following" && $0.value == "true" }
            let (followed, strangers) = state.withLock { state in
                state.accountSearches.append("\(query) \(following)")
                return (state.following, state.strangers)
            }
            let found = (people.dropFirst() + (following ? [] : strangers)).filter { person in
                (person.username.hasPrefix(query) || person.name.lowercased().contains(query)) && (!following || followed.contains(person.id))
            }
            return json(found.map(account), request)
        }
        if parts.count == 3, parts[2] == "custom_emojis", method == "GET" {
            return json(["blobcat", "blobheart", "mastodon", "bad code"].map { ["shortcode": $0, "url": "https://fake.social/e/\($0).png"] }, request)
        }
        if parts.count == 3, parts[1] == "v2", parts[2] == "notifications" {
            guard state.withLock({ $0.groupsNotifications }) else { return json(["error": "Not found"], status: 404, request) }
            return json(grouped(state.withLock { $0.newNotices } + notifications), request)
        }
        if parts.count == 5, parts[2] == "follow_requests", method == "POST" {
            guard let who = person(parts[3]) else { return json(["error": "Record not found"], status: 404, request) }
            state.withLock { state in
                state.followRequestAnswers.append("\(parts[4]) \(who.id)")
                if parts[4] == "authorize" { state.followedBy.insert(who.id) }
            }
            return json(relationship(who.id), request)
        }
        if parts.count == 5, parts[2] == "polls", parts[4] == "votes", method == "POST",
            let post = allPosts().first(where: { "p" + $0.id == parts[3] }), let poll = post.poll
        {
            let choices = Self.formValues(request.body, "choices[]").compactMap(Int.init)
            guard !choices.isEmpty, choices.allSatisfy(poll.options.indices.contains) else {
                return json(["error": "Validation failed"], status: 422, request)
            }
            state.withLock { $0.votes[parts[3]] = choices }
            return json(pollJSON(post), request)
        }
        if parts.count == 5, parts[2] == "accounts", ["mute", "unmute", "block", "unblock"].contains(parts[4]), method == "POST",
            let who = person(parts[3])
        {
            state.withLock { state in
                state.moderation.append("\(parts[4]) \(who.id)")
                switch parts[4] {
                case "mute": state.muted.insert(who.id)
                case "unmute": state.muted.remove(who.id)
                case "block": state.blocked.insert(who.id)
                default: state.blocked.remove(who.id)
                }
            }
            return json(relationship(who.id), request)
        }
        if parts.count == 3, parts[1] == "v2", parts[2] == "media", method == "POST" {
            // The multipart body's description part, as text.
            // An upload's description is in the head of its file body (the file follows it).
            let body = String(decoding: request.body ?? request.fileBody?.head ?? Data(), as: UTF8.self)
            let description = body.components(separatedBy: "name=\"description\"\r\n\r\n").dropFirst().first?.components(separatedBy: "\r\n").first ?? ""
            let (id, processing) = state.withLock { state -> (String, Bool) in
                state.uploads.append(description)
                return ("m\(state.uploads.count)", state.processingPolls > 0)
            }
            let url: Any = processing ? NSNull() : "https://fake.social/\(id).png"
            return json(["id": id, "type": "image", "url": url, "description": description], status: processing ? 202 : 200, request)
        }
        if parts.count == 4, parts[2] == "media", method == "GET" {
            let ready = state.withLock { state -> Bool in
                state.processingPolls -= 1
                return state.processingPolls <= 0
            }
            let url: Any = ready ? "https://fake.social/\(parts[3]).png" : NSNull()
            return json(["id": parts[3], "type": "image", "url": url, "description": ""], status: ready ? 200 : 206, request)
        }
        if parts.count == 3, parts[2] == "reports", method == "POST" {
            let form = Self.form(request.body)
            let posts = Self.formValues(request.body, "status_ids[]")
            state.withLock { $0.moderation.append("report \(form["account_id"] ?? "") [\(posts.joined(separator: ","))] \(form["comment"] ?? "")") }
            return json(["id": "r1", "action_taken": false, "comment": form["comment"] ?? ""], request)
        }
        if parts.count == 5, parts[2] == "statuses", parts[4] == "source", method == "GET",
            let post = allPosts().first(where: { $0.id == parts[3] })
        {
            let edit = state.withLock { $0.edits[post.id] }
            let text = edit?.text ?? post.html.replacingOccurrences(of: "<p>", with: "").replacingOccurrences(of: "</p>", with: "")
            return json(["id": post.id, "text": text, "spoiler_text": edit?.warning ?? post.spoiler], request)
        }
        if parts.count == 4, parts[2] == "statuses", method == "PUT", let post = allPosts().first(where: { $0.id == parts[3] }) {
            guard post.author == "1" else { return json(["error": "This action is not allowed"], status: 403, request) }
            let form = Self.form(request.body)
            state.withLock { $0.edits[post.id] = (form["status"] ?? "", form["spoiler_text"] ?? "", form["sensitive"]) }
            return json(status(post), request)
        }
        if parts.count == 4, parts[2] == "statuses", method == "DELETE" {
            guard let post = allPosts().first(where: { $0.id == parts[3] }) else { return json(["error": "Record not found"], status: 404, request) }
            guard post.author == "1" else { return json(["error": "This action is not allowed"], status: 403, request) }
            state.withLock { _ = $0.deleted.insert(post.id) }
            return json(status(post), request)
        }
        if parts.count == 3, parts[2] == "lists", method == "GET" {
            let lists = state.withLock { $0.lists }
            return json(lists.keys.sorted().map { ["id": $0, "title": lists[$0]!.title] }, request)
        }
        if parts.count == 5, parts[2] == "accounts", parts[4] == "lists", method == "GET" {
            let lists = state.withLock { $0.lists }
            return json(lists.keys.sorted().filter { lists[$0]!.members.contains(parts[3]) }.map { ["id": $0, "title": lists[$0]!.title] }, request)
        }
        if parts.count == 5, parts[2] == "lists", parts[4] == "accounts", method == "POST" || method == "DELETE" {
            let ids = method == "POST" ? Self.formValues(request.body, "account_ids[]")
                : URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.filter { $0.name == "account_ids[]" }.compactMap(\.value) ?? []
            state.withLock { state in
                for id in ids {
                    if method == "POST" { state.lists[parts[3]]?.members.insert(id) } else { state.lists[parts[3]]?.members.remove(id) }
                }
            }
            return json([String: String](), request)
        }
        if parts.count == 5, parts[2] == "timelines", parts[3] == "list", method == "GET" {
            let members = state.withLock { $0.lists[parts[4]]?.members } ?? []
            return json(allPosts().filter { members.contains($0.author) }.map(status), request)
        }
        if parts.count == 5, parts[2] == "timelines", parts[3] == "tag", method == "GET" {
            let name = parts[4].lowercased()
            return json(allPosts().filter { $0.html.lowercased().contains("#" + name) }.map(status), request)
        }
        if parts.count >= 4, parts[2] == "tags" {
            let name = parts[3].lowercased()
            if parts.count == 5, method == "POST" {
                state.withLock { state in
                    if parts[4] == "follow" { state.followedTags.insert(name) } else { state.followedTags.remove(name) }
                    return
                }
            }
            return json(tagJSON(name), request)
        }
        if parts.count == 3, parts[1] == "v2", parts[2] == "search", method == "GET" {
            let query = (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "q" }?.value ?? "").lowercased()
            let word = query.drop { $0 == "#" || $0 == "@" }
            let people = self.people.filter { $0.username.contains(word) || $0.name.lowercased().contains(word) }
            let found = allPosts().filter { $0.boostOf == nil && $0.html.lowercased().contains(word) }
            let known = state.withLock { $0.knownTags }.filter { $0.hasPrefix(word) }
            let tags = !known.isEmpty ? known.map(tagJSON) : found.contains { $0.html.lowercased().contains("#" + word) } ? [tagJSON(String(word))] : []
            return json(["accounts": people.map(account), "statuses": found.map(status), "hashtags": tags], request)
        }
        switch (method, parts.dropFirst(2).joined(separator: "/")) {
        case ("GET", "accounts/verify_credentials"):
            return json(account(people[0]), request)
        case ("GET", "preferences"):
            if state.withLock({ $0.noPreferences }) { return json(["error": "Not found"], status: 404, request) }
            return json(["posting:default:visibility": state.withLock { $0.defaultVisibility }, "posting:default:sensitive": false,
                         "posting:default:language": NSNull(), "reading:expand:media": "default", "reading:expand:spoilers": false], request)
        case ("GET", "instance"):
            return json(["domain": "fake.social", "title": "Fake", "version": "4.3.0",
                         "configuration": ["statuses": ["max_characters": 500, "characters_reserved_per_url": 23],
                                           "media_attachments": ["image_size_limit": 10_485_760, "video_size_limit": 41_943_040]]], request)
        case ("GET", "timelines/home") where state.withLock({ $0.pages }):
            return paged(state.withLock { $0.newPosts } + posts, id: \.id, request, status)
        case ("GET", "notifications") where state.withLock({ $0.pages }):
            let types = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                .filter { $0.name == "types[]" }.compactMap(\.value) ?? []
            let list = (state.withLock { $0.newNotices } + notifications).filter { types.isEmpty || types.contains($0.type) }
            return paged(list, id: \.id, request, notification)
        case ("GET", "timelines/home"):
            let (fresh, repeats, pageSize) = state.withLock { ($0.newPosts, $0.repeatsNewest, $0.homePageSize) }
            if let pageSize {
                let maxID = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "max_id" }?.value
                let all = fresh + posts
                let start = maxID.flatMap { id in all.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
                let answer = Array(all[start...].prefix(pageSize))
                let data = try! JSONSerialization.data(withJSONObject: answer.map(status))
                let more = start + answer.count < all.count
                let next = #"<https://fake.social/api/v1/timelines/home?max_id=\#(answer.last!.id)>; rel="next""#
                let link = more ? [HTTPHeader(name: "Link", value: next)] : []
                return .json(String(decoding: data, as: UTF8.self), headers: link, url: request.url)
            }
            guard repeats else { return json((fresh + posts).map(status), request) }
            let minID = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                .first { $0.name == "min_id" }?.value
            var answer = (fresh + posts).filter { post in minID.map { post.id > $0 } ?? true }
            if let newest = answer.first ?? (fresh + posts).first(where: { $0.id == minID }) { answer.append(newest) }
            let top = answer.first?.id ?? minID ?? "0"
            let data = try! JSONSerialization.data(withJSONObject: answer.map(status))
            return .json(
                String(decoding: data, as: UTF8.self),
                headers: [HTTPHeader(name: "Link", value: #"<https://fake.social/api/v1/timelines/home?min_id=\#(top)>; rel="prev""#)],
                url: request.url)
        case ("GET", "notifications"):
            let types = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
                .filter { $0.name == "types[]" }.compactMap(\.value) ?? []
            let list = (state.withLock { $0.newNotices } + notifications).filter { types.isEmpty || types.contains($0.type) }
            return json(list.map(notification), request)
        case ("GET", "conversations"):
            let read = state.withLock { Set($0.conversationsRead) }
            let talks = state.withLock { $0.newConversations }.map { talk in
                conversation((talk.id, talk.unread && !read.contains(talk.id), talk.with[0], talk.last), with: talk.with)
            }
            return json(talks + conversations.map { item in
                var item = item
                if read.contains(item.id) { item.unread = false }
                return conversation(item)
            }, request)
        case ("GET", "timelines/public"):
            // Local: Grace's and Linus's own posts here; Federated: everything, boosts aside.
            let local = items.contains { $0.name == "local" && $0.value == "true" }
            return json(posts.filter { $0.boostOf == nil && (!local || $0.author != "4") }.map(status), request)
        case ("GET", "followed_tags"):
            // As they were followed (the names are kept as written: #BreadMaking).
            return json(state.withLock { $0.followedTags }.sorted().map(tagJSON), request)
        case ("GET", "mutes"):
            return onePerPage(state.withLock { $0.muted }.sorted(), request)
        case ("GET", "blocks"):
            return onePerPage(state.withLock { $0.blocked }.sorted(), request)
        case ("GET", "favourites"):
            return json(posts.filter { ["104", "102"].contains($0.id) }.map(status), request)
        case ("GET", "bookmarks"):
            return json(posts.filter { $0.id == "105" }.map(status), request)
        case ("GET", "markers"):
            let saved = state.withLock { $0.markers }
            var answer: [String: Any] = [:]
            for (timeline, marker) in saved { answer[timeline] = Self.json(marker) }
            return json(answer, request)
        case ("POST", "markers"):
            let form = Self.form(request.body)
            let saved = state.withLock { state -> [String: SavedMarker] in
                for timeline in ["home", "notifications"] {
                    guard let id = form["\(timeline)[last_read_id]"] else { continue }
                    let version = (state.markers[timeline]?.version ?? 0) + 1
                    state.markers[timeline] = SavedMarker(id: id, version: version, updatedAt: now)
                    state.markerWrites.append(id)
                }
                return state.markers
            }
            return json(saved.mapValues(Self.json), request)
        case ("GET", "accounts/relationships"):
            let ids = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.compactMap(\.value) ?? []
            return json(ids.map(relationship), request)
        case ("POST", "statuses"):
            let form = request.header("Content-Type") == "application/json" ? Self.jsonForm(request.body) : Self.form(request.body)
            let post = state.withLock { state -> Post in
                state.posted.append(form)
                let post = Post(
                    id: String(900 + state.posted.count), author: "1", html: "<p>\(form["status"] ?? "")</p>", minutesAgo: 0,
                    visibility: form["visibility"] ?? "public", inReplyTo: form["in_reply_to_id"])
                state.published.insert(post, at: 0)
                return post
            }
            return json(status(post), request)
        default:
            break
        }
        if parts.count == 5, parts[2] == "accounts", let who = person(parts[3]) {
            switch (method, parts[4]) {
            case ("GET", "statuses"):
                let own = who.id == "1" ? state.withLock { $0.published } : []
                return json((own + posts.filter { $0.author == who.id }).map(status), request)
            case ("GET", "followers"): return json(people.filter { $0.id != who.id }.map(account), request)
            case ("GET", "following"): return json(people.filter { $0.id != who.id && $0.id != "1" }.map(account), request)
            case ("POST", "follow"):
                state.withLock { state in
                    if who.locked { state.requested.insert(who.id) } else { state.following.insert(who.id) }
                    return
                }
                return json(relationship(who.id), request)
            case ("POST", "unfollow"):
                state.withLock { state in
                    state.following.remove(who.id)
                    state.requested.remove(who.id)
                }
                return json(relationship(who.id), request)
            default: break
            }
        }
        if parts.count == 5, parts[2] == "statuses", parts[4] == "context", method == "GET" {
            guard let post = allPosts().first(where: { $0.id == parts[3] }), !state.withLock({ $0.deleted.contains(parts[3]) }) else {
                return json(["error": "Record not found"], status: 404, request)
            }
            return json(context(of: post), request)
        }
        if parts.count == 5, parts[2] == "conversations", parts[4] == "read", method == "POST",
            let item = conversations.first(where: { $0.id == parts[3] })
        {
            state.withLock { $0.conversationsRead.append(item.id) }
            return json(conversation((item.id, false, item.with, item.last)), request)
        }
        if parts.count == 4, parts[2] == "accounts", method == "GET", let who = person(parts[3]) {
            return json(account(who), request)
        }
        let known = allPosts()
        if parts.count == 5, parts[2] == "statuses", method == "POST", let post = known.first(where: { $0.id == parts[3] }) {
            state.withLock { state in
                switch parts[4] {
                case "reblog": state.reblogged.insert(post.id)
                case "unreblog": state.reblogged.remove(post.id)
                case "favourite": state.favourited.insert(post.id)
                case "unfavourite": state.favourited.remove(post.id)
                case "bookmark": state.bookmarked.insert(post.id)
                case "unbookmark": state.bookmarked.remove(post.id)
                default: break
                }
            }
            return json(status(post), request)
        }
        return json(["error": "Record not found"], status: 404, request)
    }

    /// Every post the server knows, once each.
    func allPosts() -> [Post] {
        let (fresh, published, replies, notices) = state.withLock { ($0.newPosts, $0.published, $0.replies, $0.newNotices) }
        var seen = Set<String>()
        let everything = fresh + posts + published + replies + (notices + notifications).compactMap(\.post) + conversations.compactMap(\.last)
        return everything.filter { seen.insert($0.id).inserted }
    }

    /// What the post answers (top first) and every reply under it, as Mastodon's context.
    func context(of post: Post) -> [String: Any] {
        let all = allPosts()
        var ancestors: [Post] = []
        var parent = post.inReplyTo
        while let id = parent, let found = all.first(where: { $0.id == id }), !ancestors.contains(where: { $0.id == id }) {
            ancestors.insert(found, at: 0)
            parent = found.inReplyTo
        }
        var descendants: [Post] = []
        var below: Set<String> = [post.id]
        var grew = true
        while grew {
            grew = false
            for reply in all where reply.inReplyTo.map(below.contains) == true && !below.contains(reply.id) {
                descendants.append(reply)
                below.insert(reply.id)
                grew = true
            }
        }
        return ["ancestors": ancestors.map(status), "descendants": descendants.map(status)]
    }

    // MARK: Paging

    /// `count` new posts by Linus above everything, numbered on from the newest ("Post 106").
    func addPosts(_ count: Int) {
        state.withLock { state in
            let top = Int(state.newPosts.first?.id ?? posts[0].id)!
            let added = (1...count).reversed().map { Post(id: String(top + $0), author: "3", html: "<p>Post \(top + $0)</p>", minutesAgo: 1) }
            state.newPosts = added + state.newPosts
        }
    }

    /// `count` new mentions of Ada by Linus, each with its post ("Mention 17", post 517).
    func addMentions(_ count: Int) {
        state.withLock { state in
            let top = Int(state.newNotices.first?.id ?? notifications[0].id)!
            let added = (1...count).reversed().map { n in
                Notice(id: String(top + n), type: "mention", from: "3", post: Post(id: String(500 + top + n), author: "3", html: "<p>Mention \(top + n)</p>", minutesAgo: 1))
            }
            state.newNotices = added + state.newNotices
        }
    }

    /// The people `ids`, one a page with a `next` Link header (`max_id`), so a list of two
    /// is whole only when the app follows the link.
    private func onePerPage(_ ids: [String], _ request: HTTPRequest) -> HTTPResponse {
        let maxID = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "max_id" }?.value
        let start = maxID.flatMap { id in ids.firstIndex(of: id).map { $0 + 1 } } ?? 0
        let page = Array(ids[min(start, ids.count)...].prefix(1))
        let data = try! JSONSerialization.data(withJSONObject: page.compactMap(person).map(account))
        guard let last = page.last, start + 1 < ids.count else { return .json(String(decoding: data, as: UTF8.self), url: request.url) }
        let next = "<https://fake.social\(request.url.path)?max_id=\(last)>; rel=\"next\""
        return .json(String(decoding: data, as: UTF8.self), headers: [HTTPHeader(name: "Link", value: next)], url: request.url)
    }

    /// Mastodon's paging over `all` (newest first, numeric ids).
    private func paged<Item>(_ all: [Item], id: @escaping (Item) -> String, _ request: HTTPRequest, _ json: (Item) -> [String: Any]) -> HTTPResponse {
        var parts = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!
        let query = parts.queryItems ?? []
        let value = { (name: String) in query.first { $0.name == name }?.value.flatMap { Int($0) } }
        let limit = value("limit") ?? 20
        let number = { (item: Item) in Int(id(item)) ?? 0 }
        let answer: [Item]
        if let minID = value("min_id") {
            answer = Array(all.filter { number($0) > minID }.suffix(limit))
        } else {
            answer = Array(all.filter { number($0) < (value("max_id") ?? Int.max) }.prefix(limit))
        }
        var links: [String] = []
        let kept = query.filter { !["limit", "max_id", "min_id"].contains($0.name) }
        func link(_ name: String, _ item: Item, _ rel: String) {
            parts.queryItems = kept + [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: name, value: id(item))]
            links.append("<\(parts.url!.absoluteString)>; rel=\"\(rel)\"")
        }
        if let last = answer.last, all.contains(where: { number($0) < number(last) }) { link("max_id", last, "next") }
        if let first = answer.first { link("min_id", first, "prev") }
        let data = try! JSONSerialization.data(withJSONObject: answer.map(json))
        return .json(String(decoding: data, as: UTF8.self), headers: links.isEmpty ? [] : [HTTPHeader(name: "Link", value: links.joined(separator: ", "))], url: request.url)
    }

    // MARK: JSON

    func notification(_ notice: Notice) -> [String: Any] {
        var object: [String: Any] = [
            "id": notice.id, "type": notice.type, "account": account(person(notice.from)!),
            "created_at": ISO8601DateFormatter().string(from: now.addingTimeInterval(-600)),
        ]
        if let post = notice.post { object["status"] = status(post) }
        return object
    }

    /// The v2 container, grouped as Mastodon (and mastodon-mock) do: favourites, boosts and
    /// follows of one target are one group; everything else is its own.
    func grouped(_ list: [Notice]) -> [String: Any] {
        var order: [String] = []
        var members: [String: [Notice]] = [:]
        for notice in list {
            let key = ["favourite", "reblog", "follow"].contains(notice.type) ? "\(notice.type)-\(notice.post?.id ?? "self")" : "ungrouped-\(notice.id)"
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(notice)
        }
        let groups: [[String: Any]] = order.map { key in
            let notices = members[key]!
            var seen = Set<String>()
            var group: [String: Any] = [
                "group_key": key, "notifications_count": notices.count, "type": notices[0].type,
                "most_recent_notification_id": notices[0].id, "page_min_id": notices.last!.id, "page_max_id": notices[0].id,
                "latest_page_notification_at": ISO8601DateFormatter().string(from: now.addingTimeInterval(-600)),
                "sample_account_ids": notices.map(\.from).filter { seen.insert($0).inserted },
            ]
            if let post = notices[0].post { group["status_id"] = post.id }
            return group
        }
        var accounts = Set<String>()
        var posts: [String: Post] = [:]
        for notice in list {
            accounts.insert(notice.from)
            if let post = notice.post { posts[post.id] = post }
        }
        return [
            "accounts": accounts.sorted().compactMap(person).map(account), "statuses": posts.values.map(status),
            "notification_groups": groups,
        ]
    }

    func conversation(_ item: (id: String, unread: Bool, with: String, last: Post?), with people: [String]? = nil) -> [String: Any] {
        let accounts = (people ?? [item.with]).compactMap(person).map(account)
        var object: [String: Any] = ["id": item.id, "unread": item.unread, "accounts": accounts]
        if let last = item.last { object["last_status"] = status(last) }
        return object
    }

    static func json(_ marker: SavedMarker) -> [String: Any] {
        ["last_read_id": marker.id, "version": marker.version, "updated_at": ISO8601.format(marker.updatedAt)]
    }

    func account(_ person: Person) -> [String: Any] {
        // Carme writes a bio and has a profile field; the others leave theirs empty.
        let carme = person.id == "4"
        return ["id": person.id, "username": person.username, "acct": person.username,
         "display_name": renamed.withLock { $0[person.id] } ?? person.name,
         "locked": person.locked, "note": carme ? "<p>Escriptora. Barcelona.</p>" : "", "followers_count": 3, "following_count": 2,
         "statuses_count": 12, "url": "https://fake.social/@\(person.username)", "emojis": [],
         "fields": carme ? [["name": "Web", "value": "<a href=\"https://carme.example\">carme.example</a>"]] : []]
    }

    func relationship(_ id: String) -> [String: Any] {
        state.withLock { state in
            ["id": id, "following": state.following.contains(id), "followed_by": state.followedBy.contains(id),
             "requested": state.requested.contains(id), "blocking": state.blocked.contains(id), "muting": state.muted.contains(id)]
        }
    }

    func status(_ post: Post) -> [String: Any] {
        let date = ISO8601DateFormatter().string(from: now.addingTimeInterval(Double(-post.minutesAgo * 60)))
        let edit = state.withLock { $0.edits[post.id] }
        var original: [String: Any] = [
            "id": post.id, "uri": "https://fake.social/s/\(post.id)", "content": edit.map { "<p>\($0.text)</p>" } ?? post.html,
            "created_at": date, "visibility": post.visibility, "spoiler_text": edit?.warning ?? post.spoiler,
            "sensitive": post.sensitiveMedia || !(edit?.warning ?? post.spoiler).isEmpty, "edited_at": edit == nil ? NSNull() : date,
            "account": account(person(post.author)!),
            "media_attachments": post.sensitiveMedia
                ? [["id": "m\(post.id)", "type": "image", "url": "https://fake.social/m/\(post.id).png", "description": "A photo"]] : [],
            "tags": post.tags.map { ["name": $0, "url": "https://fake.social/tags/\($0)"] }, "language": post.language ?? NSNull(),
            "emojis": post.customEmoji.map { ["shortcode": $0, "url": "https://fake.social/e/\($0).png", "static_url": "https://fake.social/e/\($0).png", "visible_in_picker": true] },
            "mentions": post.mentions.compactMap(person).map { ["id": $0.id, "username": $0.username, "acct": $0.username, "url": "https://fake.social/@\($0.username)"] },
            "reblogs_count": 0, "favourites_count": 0, "replies_count": 0, "in_reply_to_id": post.inReplyTo ?? NSNull(),
            "in_reply_to_account_id": post.inReplyTo.flatMap { id in allPosts().first { $0.id == id }?.author } ?? NSNull(),
            "reblogged": state.withLock { $0.reblogged.contains(post.id) },
            "favourited": state.withLock { $0.favourited.contains(post.id) },
            "bookmarked": state.withLock { $0.bookmarked.contains(post.id) },
            "poll": post.poll == nil ? NSNull() : pollJSON(post),
            "card": post.card.map { ["url": $0.url, "title": $0.title, "description": ""] as [String: Any] } ?? NSNull(),
        ]
        if let filter = post.filter {
            original["filtered"] = [["filter": ["id": "f1", "title": filter.title, "filter_action": filter.action, "context": ["home"]],
                                     "keyword_matches": [filter.title]]]
        }
        if let quoted = post.quotes.flatMap({ id in allPosts().first { $0.id == id } }) {
            original["quote"] = ["state": "accepted", "quoted_status": status(quoted)]
        }
        original["replies_count"] = post.counts.replies
        original["reblogs_count"] = post.counts.boosts
        original["favourites_count"] = post.counts.favourites
        guard let booster = post.boostOf.flatMap(person) else { return original }
        return ["id": post.boostID ?? post.id + "b", "uri": "https://fake.social/s/\(post.boostID ?? post.id)/boost", "content": "", "created_at": date,
                "visibility": "public", "spoiler_text": "", "account": account(booster), "reblog": original,
                "media_attachments": [], "mentions": [], "tags": [], "emojis": []]
    }

    private func json(_ object: Any, status: Int = 200, _ request: HTTPRequest) -> HTTPResponse {
        let data = try! JSONSerialization.data(withJSONObject: object)
        return .json(String(decoding: data, as: UTF8.self), status: status, url: request.url)
    }

    /// A poll as the server has it now, with the user's vote once made.
    func pollJSON(_ post: Post) -> [String: Any] {
        let spec = post.poll!
        let mine = state.withLock { $0.votes["p" + post.id] } ?? []
        let options: [[String: Any]] = spec.options.enumerated().map { index, title in
            ["title": title, "votes_count": (spec.votes.indices.contains(index) ? spec.votes[index] : 0) + (mine.contains(index) ? 1 : 0)]
        }
        return ["id": "p" + post.id, "expired": spec.expired, "multiple": spec.multiple, "votes_count": spec.votes.reduce(0, +) + mine.count,
                "expires_at": ISO8601.format(now.addingTimeInterval(3 * 3600)), "voted": !mine.isEmpty, "own_votes": mine,
                "options": options]
    }

    func tagJSON(_ name: String) -> [String: Any] {
        ["name": name, "url": "https://fake.social/tags/\(name)", "following": state.withLock { $0.followedTags.contains(name) },
         "history": [["day": "1800000000", "uses": "4", "accounts": "3"]]]
    }

    /// Every value of a repeated form field (`choices[]`).
    static func formValues(_ body: Data?, _ name: String) -> [String] {
        guard let body, let text = String(data: body, encoding: .utf8) else { return [] }
        return text.split(separator: "&").compactMap { pair in
            let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            return kv.count == 2 && kv[0] == name ? kv[1] : nil
        }
    }

    /// A JSON post body as the form fields it holds; a poll as "poll": "Tea|Coffee 86400 multiple".
    static func jsonForm(_ body: Data?) -> [String: String] {
        guard let body, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [:] }
        var form: [String: String] = [:]
        for (key, value) in object {
            if let poll = value as? [String: Any] {
                let options = (poll["options"] as? [String] ?? []).joined(separator: "|")
                form[key] = "\(options) \(poll["expires_in"] ?? "") \((poll["multiple"] as? Bool) == true ? "multiple" : "single")"
            } else if let bool = value as? Bool {
                form[key] = bool ? "true" : "false"
            } else {
                form[key] = "\(value)"
            }
        }
        return form
    }

    static func form(_ body: Data?) -> [String: String] {
        guard let body, let text = String(data: body, encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            if kv.count == 2 { result[kv[0]] = kv[1] }
        }
        return result
    }
}
