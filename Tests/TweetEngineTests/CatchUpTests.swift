import Foundation
import Testing

@testable import TweetEngine

/// The catch-up (issue 15): boosts of one post merged, each author's posts grouped, items
/// oldest first, the summary's counts, and how far reading has caught up.
@Suite(.timeLimit(.minutes(5))) struct CatchUpTests {
    static func account(_ id: String, _ name: String) -> [String: Any] {
        ["id": id, "username": name.lowercased(), "acct": name.lowercased(), "display_name": name]
    }

    static var lucia: [String: Any] { account("1", "Lucia") }
    static var jordi: [String: Any] { account("2", "Jordi") }
    static var grace: [String: Any] { account("3", "Grace") }
    static var me: [String: Any] { account("9", "Demo") }

    static func post(
        _ id: String, by author: [String: Any], replyTo: String? = nil, boostOf original: [String: Any]? = nil, mentionsMe: Bool = false
    ) -> [String: Any] {
        var status: [String: Any] = ["id": id, "uri": "https://x.social/s/\(id)", "account": author, "content": "<p>Post \(id)</p>"]
        if let replyTo { status["in_reply_to_id"] = replyTo }
        if let original { status["reblog"] = original }
        if mentionsMe { status["mentions"] = [["id": "9", "username": "demo", "acct": "demo"]] }
        return status
    }

    static func statuses(_ objects: [[String: Any]]) throws -> [Status] {
        try objects.map { try JSONDecoder().decode(Status.self, from: JSONSerialization.data(withJSONObject: $0)) }
    }

    static func meAccount() throws -> Account {
        try JSONDecoder().decode(Account.self, from: JSONSerialization.data(withJSONObject: me))
    }

    /// Describes items as "post 10", "shared 5 by Jordi,Grace", "author Grace: 11,13".
    static func shape(_ catchUp: CatchUp) -> [String] {
        catchUp.items.map { item in
            switch item {
            case .post(let post): "post \(post.id)"
            case .shared(let post, let boosters, _): "shared \(post.id) by \(boosters.map(\.displayName).joined(separator: ","))"
            case .author(let account, let posts): "author \(account.displayName): \(posts.map(\.id).joined(separator: ","))"
            }
        }
    }

    @Test func boostsOfOnePostAreOneItemAndAnAuthorsPostsOneGroupOldestFirst() throws {
        let concert = Self.post("5", by: Self.lucia)
        // Newest first, as the home timeline holds them.
        let timeline = try Self.statuses([
            Self.post("14", by: Self.jordi),
            Self.post("13", by: Self.grace),
            Self.post("12", by: Self.grace, boostOf: concert),
            Self.post("11", by: Self.grace),
            Self.post("10", by: Self.jordi, boostOf: concert),
            Self.post("8", by: Self.lucia, boostOf: Self.post("7", by: Self.jordi)),
        ])
        let catchUp = CatchUp(newestFirst: timeline, me: nil)
        #expect(Self.shape(catchUp) == ["post 8", "shared 5 by Jordi,Grace", "author Grace: 11,13", "post 14"])
        // The shared item stands for both boosts; the group for both of Grace's own posts.
        #expect(catchUp.items[1].entries.map(\.id) == ["10", "12"])
        #expect(catchUp.items[2].post.id == "11")
    }

    @Test func aPostAndItsBoostAreOneItemNamingOnlyTheBooster() throws {
        let original = Self.post("20", by: Self.lucia)
        let timeline = try Self.statuses([Self.post("21", by: Self.grace, boostOf: original), original])
        #expect(Self.shape(CatchUp(newestFirst: timeline, me: nil)) == ["shared 20 by Grace"])
    }

    @Test func oneBoostAndOnePostEachStayThemselves() throws {
        let timeline = try Self.statuses([Self.post("31", by: Self.grace), Self.post("30", by: Self.jordi, boostOf: Self.post("3", by: Self.grace))])
        // Grace wrote one and Jordi boosted one of hers: no group, no merging.
        #expect(Self.shape(CatchUp(newestFirst: timeline, me: nil)) == ["post 30", "post 31"])
    }

    @Test func theSummaryCountsPostsPeopleMentionsAndThreads() throws {
        let timeline = try Self.statuses([
            Self.post("46", by: Self.grace, replyTo: "40"),  // a sibling of 41: the same conversation
            Self.post("45", by: Self.lucia, mentionsMe: true),
            Self.post("44", by: Self.jordi, replyTo: "43"),
            Self.post("43", by: Self.grace, replyTo: "42"),
            Self.post("42", by: Self.lucia, mentionsMe: true),
            Self.post("41", by: Self.jordi, replyTo: "40"),
            Self.post("39", by: Self.grace, boostOf: Self.post("38", by: Self.jordi, mentionsMe: true)),
            Self.post("37", by: Self.me, mentionsMe: true),  // the user's own: not a mention of them
            Self.post("36", by: Self.grace, replyTo: "1"),  // answers something not new, alone
        ])
        let summary = CatchUp(newestFirst: timeline, me: try Self.meAccount()).summary
        #expect(summary == CatchUpSummary(posts: 9, people: 4, mentions: 3, threads: 2))
        #expect(summary.onlyPerson == nil)
    }

    @Test func aPostAndItsBoostMentioningTheUserCountOnce() throws {
        let original = Self.post("50", by: Self.lucia, mentionsMe: true)
        let timeline = try Self.statuses([Self.post("51", by: Self.grace, boostOf: original), original])
        let summary = CatchUp(newestFirst: timeline, me: try Self.meAccount()).summary
        #expect(summary.mentions == 1)
        #expect(summary.people == 2)
    }

    @Test func onePersonIsNamedNotCounted() throws {
        let timeline = try Self.statuses([Self.post("61", by: Self.grace), Self.post("60", by: Self.grace)])
        let summary = CatchUp(newestFirst: timeline, me: nil).summary
        #expect(summary.people == 1)
        #expect(summary.onlyPerson?.displayName == "Grace")
    }

    @Test func aServerThatAnswersItselfOrLoopsDoesNotHang() throws {
        // Hostile ids: a post answering itself, two answering each other.
        let timeline = try Self.statuses([
            Self.post("72", by: Self.grace, replyTo: "71"), Self.post("71", by: Self.grace, replyTo: "72"),
            Self.post("70", by: Self.jordi, replyTo: "70"),
        ])
        #expect(CatchUp(newestFirst: timeline, me: nil).summary.threads == 1)
    }

    @Test func nothingNewIsAnEmptyCatchUp() {
        let catchUp = CatchUp(newestFirst: [], me: nil)
        #expect(catchUp.items.isEmpty)
        #expect(catchUp.summary == CatchUpSummary(posts: 0, people: 0, mentions: 0, threads: 0))
    }
}
