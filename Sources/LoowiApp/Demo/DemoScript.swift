import FoundationEssentials
import LoowiSupport
import TweetEngine

/// `Demo/live.json`: what the demo does through the API once the server is up, because
/// mastodon-mock's seed cannot express it (boosts, content warnings), the demo user, and what
/// the community does during the app's first minute (`DemoFirstMinute`). Written by
/// `Demo/make_seed.py`.
public struct DemoScript: Sendable, Decodable, Equatable {
    public struct Post: Sendable, Decodable, Equatable {
        public var ref: String
        public var account: String
        public var text: String
        public var spoilerText: String?
        public var replyTo: String?
        public var visibility: String?
        /// The language the post is written in, as an app sends it ("es").
        public var language: String?

        enum CodingKeys: String, CodingKey {
            case ref, account, text, visibility, language
            case spoilerText = "spoiler_text"
            case replyTo = "reply_to"
        }
    }

    public struct Boost: Sendable, Decodable, Equatable {
        public var account: String
        public var ref: String
    }

    /// The username the demo logs in as.
    public var demoUser: String
    /// Mock tokens by username (for a server that only exists on 127.0.0.1).
    public var tokens: [String: String]
    public var posts: [Post]
    public var boosts: [Boost]
    /// In time order; empty when the file has none.
    public var firstMinute: [Event]

    enum CodingKeys: String, CodingKey {
        case tokens, posts, boosts
        case demoUser = "demo_user"
        case firstMinute = "first_minute"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        demoUser = try container.decode(String.self, forKey: .demoUser)
        tokens = try container.decode([String: String].self, forKey: .tokens)
        posts = try container.decode([Post].self, forKey: .posts)
        boosts = try container.decode([Boost].self, forKey: .boosts)
        firstMinute = try container.decodeIfPresent([Event].self, forKey: .firstMinute) ?? []
    }

    public static func load(from url: URL) throws -> DemoScript {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DemoError.seedUnreadable("cannot read \(url.path)")
        }
        let script: DemoScript
        do {
            script = try JSONDecoder().decode(DemoScript.self, from: data)
        } catch {
            throw DemoError.seedUnreadable("not the expected JSON")
        }
        try script.check()
        return script
    }

    /// Every author has a token and every reference is to an earlier post.
    func check() throws {
        guard tokens[demoUser] != nil else { throw DemoError.seedUnreadable("no token for the demo user \(demoUser)") }
        var refs = Set<String>()
        for post in posts {
            guard tokens[post.account] != nil else { throw DemoError.seedUnreadable("no token for \(post.account)") }
            if let replyTo = post.replyTo, !refs.contains(replyTo) {
                throw DemoError.seedUnreadable("\(post.ref) replies to \(replyTo), which is not an earlier post")
            }
            if let visibility = post.visibility, Visibility(rawValue: visibility) == nil {
                throw DemoError.seedUnreadable("\(post.ref) has an unknown visibility \(visibility)")
            }
            refs.insert(post.ref)
        }
        for boost in boosts {
            guard tokens[boost.account] != nil else { throw DemoError.seedUnreadable("no token for \(boost.account)") }
            guard refs.contains(boost.ref), boost.ref != posts.last?.ref else {
                throw DemoError.seedUnreadable("a boost of \(boost.ref), which is not one of the posts before the last")
            }
        }
        try checkFirstMinute()
    }

    /// The demo user's credentials on this server (id and handle filled by the caller's
    /// `AccountSession.identify()`).
    public func demoCredentials(server: URL) -> Credentials {
        Credentials(server: server, accessToken: tokens[demoUser] ?? "")
    }

    /// Posts and boosts through the API, each with its author's token: every post but the
    /// last, then the boosts, then the last post (the welcome), so the home timeline opens on
    /// the welcome, then boosts, then posts with content warnings. Returns the posts' ids by
    /// `ref`, which the first minute's actions aim at.
    @discardableResult
    public func perform(on server: URL, transport: any HTTPTransport = CurlTransport.shared) async throws -> [String: String] {
        var engines: [String: TweetEngine] = [:]
        func engine(for username: String) -> TweetEngine {
            if let existing = engines[username] { return existing }
            let engine = TweetEngine(transport: transport, tokenStore: InMemoryTokenStore())
            engine.use(Credentials(server: server, accessToken: tokens[username] ?? ""))
            engines[username] = engine
            return engine
        }
        var ids: [String: String] = [:]
        func publish(_ post: Post) async throws {
            let draft = Draft(
                text: post.text, inReplyToID: post.replyTo.flatMap { ids[$0] },
                visibility: post.visibility.flatMap(Visibility.init(rawValue:)) ?? .public,
                contentWarning: post.spoilerText, language: post.language)
            ids[post.ref] = try await engine(for: post.account).post(draft).id
        }
        for post in posts.dropLast() { try await publish(post) }
        for boost in boosts {
            guard let id = ids[boost.ref] else { continue }
            _ = try await engine(for: boost.account).reblog(id)
        }
        if let last = posts.last { try await publish(last) }
        return ids
    }
}
