import Foundation
import Testing

@testable import TweetEngine
import struct TweetEngine.Tag

/// Issue 39, items 2 and 10: `#` completion offers the followed hashtags that start with the
/// word first, then the server's search, a name once whatever its case, at most `limit`.
@Suite(.timeLimit(.minutes(5))) struct HashtagCompletionTests {
    func tags(_ names: String...) throws -> [Tag] {
        try names.map { try JSONDecoder().decode(Tag.self, from: Data(#"{"name":"\#($0)","history":[]}"#.utf8)) }
    }

    @Test func followedFirstThenFoundEachOnce() throws {
        let followed = try tags("linux", "BreadMaking", "bread")
        let found = try tags("bread", "breadmaking", "breakfast", "BREAD")
        let merged = TweetEngine.hashtags(matching: "Bre", yours: followed, found: found, limit: 10)
        #expect(merged.map(\.name) == ["BreadMaking", "bread", "breakfast"])
    }

    @Test func theLimitCountsTheFollowedToo() throws {
        let merged = TweetEngine.hashtags(matching: "b", yours: try tags("bread", "bees"), found: try tags("books", "bikes"), limit: 3)
        #expect(merged.map(\.name) == ["bread", "bees", "books"])
    }
}
