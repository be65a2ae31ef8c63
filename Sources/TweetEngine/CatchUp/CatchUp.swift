/// What came into a timeline since the user last read it, arranged to be heard in less time
/// (issue 15, "Catch-up"): the same post boosted by several people is one item, and two or
/// more posts by one author are one group, opened on request. Items come oldest first, so
/// reading down goes forward in time from where the user stopped.
public struct CatchUp: Sendable {
    public enum Item: Sendable {
        /// A post, or one boost of it, heard as on the timeline.
        case post(Status)
        /// One post that came more than once (boosted by several, or written and boosted):
        /// heard once, with everyone who boosted it. `entries` are the timeline's items it
        /// stands for; `boosters` each once, in the order they boosted.
        case shared(Status, boosters: [Account], entries: [Status])
        /// Two or more posts by one author, oldest first.
        case author(Account, posts: [Status])

        /// The timeline items this one stands for (a group's are heard one by one, as opened).
        public var entries: [Status] {
            switch self {
            case .post(let post): [post]
            case .shared(_, _, let entries): entries
            case .author(_, let posts): posts
            }
        }

        /// The post actions act on: the shared post, or a group's first.
        public var post: Status {
            switch self {
            case .post(let post): post
            case .shared(let post, _, _): post
            case .author(_, let posts): posts[0]
            }
        }
    }

    public let items: [Item]
    public let summary: CatchUpSummary

    /// `newestFirst`: the new items as the timeline holds them; `me`: the user, for mentions.
    public init(newestFirst: [Status], me: Account?) {
        let posts = Array(newestFirst.reversed())
        summary = CatchUpSummary(posts, me: me)
        items = Self.arrange(posts)
    }

    /// Boosts of one post merged, then each author's own posts grouped; an item sits where
    /// its oldest entry was.
    private static func arrange(_ posts: [Status]) -> [Item] {
        var byShown: [String: [Status]] = [:]
        var byAuthor: [String: [Status]] = [:]
        for post in posts {
            byShown[post.displayed.id, default: []].append(post)
        }
        for post in posts where !post.isBoost && byShown[post.id]?.count == 1 {
            byAuthor[post.account.id, default: []].append(post)
        }
        var items: [Item] = []
        var placed = Set<String>()
        for post in posts {
            let shown = post.displayed
            if let entries = byShown[shown.id], entries.count > 1 {
                guard placed.insert("s" + shown.id).inserted else { continue }
                var boosters: [Account] = []
                for entry in entries where entry.isBoost && !boosters.contains(where: { $0.id == entry.account.id }) {
                    boosters.append(entry.account)
                }
                items.append(.shared(shown, boosters: boosters, entries: entries))
            } else if !post.isBoost, let own = byAuthor[post.account.id], own.count > 1 {
                guard placed.insert("a" + post.account.id).inserted else { continue }
                items.append(.author(post.account, posts: own))
            } else {
                items.append(.post(post))
            }
        }
        return items
    }
}

/// The catch-up's one line: how many new posts, from how many people, how many mention the
/// user, and how many threads (conversations with two or more of the new posts).
public struct CatchUpSummary: Sendable, Equatable {
    public var posts: Int
    public var people: Int
    public var mentions: Int
    public var threads: Int
    /// The one person, when only one posted or boosted: named instead of counted.
    public var onlyPerson: Account?

    public init(posts: Int, people: Int, mentions: Int, threads: Int, onlyPerson: Account? = nil) {
        self.posts = posts
        self.people = people
        self.mentions = mentions
        self.threads = threads
        self.onlyPerson = onlyPerson
    }

    init(_ posts: [Status], me: Account?) {
        self.posts = posts.count
        var people: [String: Account] = [:]
        for post in posts { people[post.account.id] = post.account }
        self.people = people.count
        onlyPerson = people.count == 1 ? people.values.first : nil
        // A post and a boost of it mention the user once.
        var mentioning = Set<String>()
        if let me {
            for post in posts where post.displayed.account.id != me.id && post.displayed.mentions.contains(where: { $0.id == me.id }) {
                mentioning.insert(post.displayed.id)
            }
        }
        mentions = mentioning.count
        threads = Self.threads(in: posts)
    }

    /// Conversations among the new posts: posts joined by what they answer (siblings answering
    /// one post, even one not new, are one conversation); those holding two or more count.
    static func threads(in posts: [Status]) -> Int {
        var parent: [String: String] = [:]
        func root(_ id: String) -> String {
            var id = id
            while let up = parent[id], up != id { id = up }
            return id
        }
        func join(_ a: String, _ b: String) {
            let (ra, rb) = (root(a), root(b))
            if ra != rb { parent[ra] = rb }
        }
        let own = posts.filter { !$0.isBoost }
        var seen = Set<String>()
        let unique = own.filter { seen.insert($0.id).inserted }
        for post in unique {
            if let answered = post.inReplyToID { join(post.id, answered) }
        }
        var sizes: [String: Int] = [:]
        for post in unique { sizes[root(post.id), default: 0] += 1 }
        return sizes.values.count { $0 >= 2 }
    }
}
