import Foundation
import Testing
@testable import TweetEngine

/// The fast decoding path must give exactly what JSONDecoder gives, on every fixture.
@Suite(.timeLimit(.minutes(5))) struct FastJSONTests {
    func both<T: JSONTopLevel & Decodable & Equatable>(_ type: T.Type, _ data: Data) throws -> (T, T) {
        (try JSONDecoder().decode(T.self, from: data), try FastJSON.decode(T.self, from: data))
    }

    @Test(arguments: [
        "status-boost.json", "status-content-warning.json", "status-direct.json", "status-poll.json",
        "status-unknown-field.json", "status-unknown-enum.json", "status-hostile.json",
    ])
    func statusesDecodeTheSameBothWays(name: String) throws {
        let (slow, fast) = try both(Status.self, Fixtures.data(name))
        #expect(slow == fast)
    }

    @Test func listsDecodeTheSameBothWays() throws {
        let (slowTimeline, fastTimeline) = try both(LenientList<Status>.self, Fixtures.data("timeline-home.json"))
        #expect(slowTimeline.elements == fastTimeline.elements)
        #expect(slowTimeline.skipped == fastTimeline.skipped)
        let (slowNotes, fastNotes) = try both(LenientList<MastodonNotification>.self, Fixtures.data("notifications.json"))
        #expect(slowNotes.elements == fastNotes.elements)
        let (slowRelations, fastRelations) = try both(LenientList<Relationship>.self, Fixtures.data("relationships.json"))
        #expect(slowRelations.elements == fastRelations.elements)
        let benchmark = Data(BenchmarkTimeline.json(ids: (1...60).reversed()).utf8)
        let (slowBench, fastBench) = try both(LenientList<Status>.self, benchmark)
        #expect(slowBench.elements == fastBench.elements)
        #expect(fastBench.elements.count == 60)
    }

    @Test func onePersonsPostsInAPageShareOneAccount() throws {
        // 60 posts by five people (and five more in the boosts), as the benchmark's pages are.
        let page = try FastJSON.decode(LenientList<Status>.self, from: Data(BenchmarkTimeline.json(ids: (1...60).reversed()).utf8)).elements
        func storage(_ text: String) -> UnsafeRawPointer? {
            text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        let byPerson = Dictionary(grouping: page.map(\.account), by: \.id)
        #expect(byPerson.count > 1 && byPerson.values.allSatisfy { $0.count > 1 })
        for accounts in byPerson.values {
            // The same values, and the same text in memory: read once, shared by every post.
            #expect(Set(accounts).count == 1)
            #expect(Set(accounts.map { storage($0.note) }).count == 1)
            #expect(storage(accounts[0].note) != nil)
        }
        // Another page reads its people afresh.
        let again = try FastJSON.decode(LenientList<Status>.self, from: Data(BenchmarkTimeline.json(ids: (1...60).reversed()).utf8)).elements
        #expect(storage(again[0].account.note) != storage(page[0].account.note))
        // One id written two ways (the fuzzer's case: another date) is read as each is written.
        let twoWays = #"[{"id":"1","account":{"id":"7","username":"ada","acct":"ada","created_at":"2022-11-09"}},{"id":"2","account":{"id":"7","username":"ada","acct":"ada","created_at":"2021-11-09"}},{"id":"3","account":{"id":"7","username":"ada","acct":"ada","created_at":"2022-11-09"}}]"#
        let (slowTwoWays, fastTwoWays) = try both(LenientList<Status>.self, Data(twoWays.utf8))
        #expect(slowTwoWays.elements == fastTwoWays.elements)
        #expect(fastTwoWays.elements[0].account.createdAt != fastTwoWays.elements[1].account.createdAt)
        // A post whose author is missing is still refused, as before.
        let noAuthor = #"[{"id":"1","content":"x"},{"id":"2","content":"y","account":{"id":"7","username":"ada","acct":"ada"}}]"#
        let kept = try FastJSON.decode(LenientList<Status>.self, from: Data(noAuthor.utf8))
        #expect(kept.elements.map(\.id) == ["2"] && kept.skipped == 1)
    }

    @Test func lenientValuesDecodeTheSameBothWays() throws {
        let json = #"{"id": 42, "username": "x\u001b[31m", "acct": "x", "followers_count": "12", "following_count": 3.0, "locked": "true", "bot": 1, "group": null, "created_at": 5000.5, "emojis": [{"shortcode": "a"}, 7, null, {"shortcode": "b\u00e9\ud83d\ude00"}], "fields": "nope"}"#
        let (slow, fast) = try both(Account.self, Data(json.utf8))
        #expect(slow == fast)
        #expect(fast.id == "42")
        #expect(fast.username == "x")
        #expect(fast.followersCount == 12 && fast.followingCount == 3)
        #expect(fast.locked && fast.bot && !fast.group)
        #expect(fast.emojis.map(\.shortcode) == ["a", "bé😀"])
    }

    /// A flag sent as a fractional number reads as its whole part, non-zero, both ways (the
    /// fuzzer's differential oracle found `"bot": 5000.5` read as false by one and true by the
    /// other).
    @Test(arguments: [("5000.5", true), ("0.5", false), ("-2.0", true), ("0", false)])
    func aFlagSentAsANumberDecodesTheSameBothWays(number: String, expected: Bool) throws {
        let json = #"{"id": "1", "username": "x", "acct": "x", "bot": "# + number + "}"
        let (slow, fast) = try both(Account.self, Data(json.utf8))
        #expect(slow == fast)
        #expect(fast.bot == expected)
    }

    @Test func escapesAndUnicode() throws {
        let json = #"{"id":"1","username":"a\"b\\c\/d\n\te","acct":"\u00e9\ud83d\ude00\u0041"}"#
        let (slow, fast) = try both(Account.self, Data(json.utf8))
        #expect(slow == fast)
        #expect(fast.username == "a\"b\\c/d  e")
        #expect(fast.acct == "é😀A")
    }

    @Test(arguments: [
        "", "{", "[", #"{"error": "truncated"#, "{not json", #"{"a":1,}"#, "[1,]", "[1 2]", #"{"a" 1}"#, "tru", "[] x",
        #"{"a":"\#u{01}"}"#, String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000),
    ])
    func malformedInputIsRejected(text: String) {
        #expect(throws: (any Error).self) { _ = try JSONDocument(data: Data(text.utf8)) }
    }

    @Test func wellFormedOddities() throws {
        for text in ["[]", "{}", " [ {} , [ ] , null , true , false , -1.5e3 , \"x\" ] ", #"{"a":{"b":{"c":[1,{"d":[]}]}},"e":0}"#] {
            let document = try JSONDocument(data: Data(text.utf8))
            #expect(!document.nodes.isEmpty, "\(text)")
        }
        let document = try JSONDocument(data: Data(#"{"a":{"b":[1,2,{"c":3}]},"z":"last"}"#.utf8))
        let z = try #require(document.member("z", in: 0))
        #expect(document.string(at: z) == "last")
        let a = try #require(document.member("a", in: 0))
        let b = try #require(document.member("b", in: a))
        #expect(document.elements(of: b).count == 3)
        #expect(document.member("missing", in: 0) == nil)
    }
}
