import Foundation
import Synchronization
import Testing
@testable import TweetEngine

/// The user's filters applied by loowi to posts a server sent without `filtered`.
@Suite(.timeLimit(.minutes(5))) struct ClientFilterTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let filtersJSON = #"""
        [{"id":"1","title":"Politics","context":["home","notifications"],"expires_at":null,"filter_action":"hide",
          "keywords":[{"id":"1","keyword":"election","whole_word":true}],"statuses":[]},
         {"id":"2","title":"Spoilers","context":["home"],"expires_at":"2030-01-01T00:00:00.000Z","filter_action":"warn",
          "keywords":[{"id":"2","keyword":"finale","whole_word":false}],"statuses":[]},
         {"id":"3","title":"Old","context":["home"],"expires_at":"2020-01-01T00:00:00.000Z","filter_action":"hide",
          "keywords":[{"id":"3","keyword":"bread","whole_word":false}],"statuses":[]},
         {"id":"4","title":"Public only","context":["public"],"expires_at":null,"filter_action":"hide",
          "keywords":[{"id":"4","keyword":"bread","whole_word":false}],"statuses":[]}]
        """#

    static func filters() throws -> ClientFilters {
        ClientFilters(filters: try JSONDecoder().decode([AccountFilter].self, from: Data(filtersJSON.utf8)))
    }

    static func status(_ html: String, id: Int = 7) throws -> Status {
        let json = StubServer.statusJSON(id: id).replacingOccurrences(of: "<p>Post number \(id)</p>", with: html)
        return try JSONDecoder().decode(Status.self, from: Data(json.utf8))
    }

    @Test func wholeWordsAndParts() {
        #expect(AccountFilter.contains("The Election is near", "election", wholeWord: true))
        #expect(!AccountFilter.contains("Re-elections", "election", wholeWord: true))
        #expect(!AccountFilter.contains("electionday", "election", wholeWord: true))
        #expect(AccountFilter.contains("electionday", "election", wholeWord: false))
        #expect(AccountFilter.contains("(election)", "election", wholeWord: true))
        #expect(AccountFilter.contains("#election!", "#election", wholeWord: true))
        #expect(!AccountFilter.contains("", "x", wholeWord: false))
    }

    @Test func keywordContextExpiryAndAction() throws {
        let filters = try Self.filters()
        let hidden = filters.mark(try Self.status("<p>Vote in the <b>ELECTION</b> today</p>"), context: "home", now: Self.now)
        #expect(hidden.isHiddenByFilter)
        #expect(hidden.filtered.map(\.keywordMatches) == [["election"]])
        let warned = filters.mark(try Self.status("<p>The finale tonight</p>"), context: "home", now: Self.now)
        #expect(!warned.isHiddenByFilter)
        #expect(warned.warningFilters == ["Spoilers"])
        // "Spoilers" is for home only; the expired and the public-only filters never apply here.
        #expect(filters.mark(try Self.status("<p>The finale tonight</p>"), context: "notifications", now: Self.now).filtered.isEmpty)
        #expect(filters.mark(try Self.status("<p>Fresh bread</p>"), context: "home", now: Self.now).filtered.isEmpty)
        // After its expiry, a filter is gone.
        let later = Date(timeIntervalSince1970: 1_900_000_000)
        #expect(filters.mark(try Self.status("<p>The finale tonight</p>"), context: "home", now: later).filtered.isEmpty)
    }

    @Test func onlyPostsWithoutFilteredAreUnmarked() {
        #expect(ServerSentEvent(name: "update", data: #"{"id":"1","content":"x"}"#).lacksFilterMarks)
        #expect(!ServerSentEvent(name: "update", data: #"{"id":"1","filtered" : []}"#).lacksFilterMarks)
        // The word in a post's text is escaped, never a key.
        #expect(ServerSentEvent(name: "update", data: #"{"id":"1","content":"\"filtered\": yes"}"#).lacksFilterMarks)
        #expect(!ServerSentEvent(name: "delete", data: "1").lacksFilterMarks)
    }

    @Test func liveUpdatesApplyTheFiltersToUnmarkedPostsAndAskForThemOnlyThen() async throws {
        let marked = StubServer.statusJSON(id: 8).replacingOccurrences(of: #""emojis":[]}"#, with: #""emojis":[],"filtered":[]}"#)
            .replacingOccurrences(of: "Post number 8", with: "election 8")
        let unmarked = StubServer.statusJSON(id: 9).replacingOccurrences(of: "Post number 9", with: "election 9")
        let stream = ":connected\n\nevent: update\ndata: \(marked)\n\nevent: update\ndata: \(unmarked)\n\n"
        let transport = StubTransport(streamScript: { request, _ in
            guard request.url.path == "/api/v1/streaming/user" else { return ([.head(status: 404, headers: [])], nil) }
            return ([.head(status: 200, headers: []), .bytes(Data(stream.utf8))], nil)
        }) { request in
            request.url.path == "/api/v2/filters" ? .json(Self.filtersJSON, url: request.url) : .json("[]", url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        var updates: [Status] = []
        for await event in engine.liveUpdates(since: LiveCursor(home: "1", notifications: "1")) {
            if case .update(let status) = event { updates.append(status) }
            if updates.count == 2 { break }
        }
        // The server marked 8 (no match): trusted as it is. 9 came unmarked: loowi hid it.
        #expect(updates.map(\.id) == ["8", "9"])
        #expect(!updates[0].isHiddenByFilter)
        #expect(updates[1].isHiddenByFilter)
        #expect(transport.requests.filter { $0.url.path == "/api/v2/filters" }.count == 1)
    }
}
