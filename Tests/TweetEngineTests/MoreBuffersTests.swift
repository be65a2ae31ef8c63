import Foundation
import Testing
@testable import TweetEngine

/// The public timelines, followed hashtags, mutes and blocks: the requests they build, and
/// each read end to end over real HTTP from mastodon-mock.
@Suite("More buffers: public timelines, followed hashtags, mutes, blocks", .timeLimit(.minutes(5)))
struct MoreBuffersTests {
    let server = URL(string: "https://mastodon.example")!

    func url(_ endpoint: Endpoint) -> String { endpoint.request(server: server).url.absoluteString }

    @Test func requests() {
        #expect(url(TimelinesEndpoint.publicPosts(localOnly: true, limit: 40).endpoint)
            == "https://mastodon.example/api/v1/timelines/public?local=true&limit=40")
        // Federated is the plain public timeline: no `local`, no `remote` (that would leave out
        // the user's own server).
        #expect(url(TimelinesEndpoint.publicPosts(localOnly: false, limit: 40).endpoint)
            == "https://mastodon.example/api/v1/timelines/public?limit=40")
        #expect(url(ModerationListsEndpoint.mutes(limit: 80).endpoint) == "https://mastodon.example/api/v1/mutes?limit=80")
        #expect(url(ModerationListsEndpoint.blocks(limit: 80).endpoint) == "https://mastodon.example/api/v1/blocks?limit=80")
        #expect(url(ModerationListsEndpoint.followedTags(limit: 200).endpoint)
            == "https://mastodon.example/api/v1/followed_tags?limit=200")
        #expect(url(ModerationListsEndpoint.mutes(limit: 0).endpoint).hasSuffix("limit=1"))
    }

    @Test func localAndFederatedTimelinesPageByLinkHeaders() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let ada = mock.engine(token: "ada_token")
            let local = try await ada.localTimeline(upTo: 200)
            let federated = try await ada.federatedTimeline(upTo: 200)
            #expect(!local.items.isEmpty)
            // Local posts are by accounts of this server: their acct has no domain.
            #expect(local.items.allSatisfy { !$0.account.acct.contains("@") })
            #expect(Set(local.items.map(\.id)).isSubset(of: Set(federated.items.map(\.id))))
            let ids = federated.items.compactMap { Int($0.id) }
            #expect(ids == ids.sorted(by: >))

            // One short page, then the next by its Link header: older posts, none repeated.
            let first = try await ada.federatedTimeline(upTo: 2)
            #expect(first.items.count == 2)
            #expect(first.requests == 1)
            let older = try await ada.more(after: first, upTo: 2)
            #expect(older.items.count == 2)
            let firstIDs = first.items.compactMap { Int($0.id) }
            #expect(older.items.compactMap { Int($0.id) }.allSatisfy { $0 < firstIDs.min()! })
        }
    }

    @Test func followedHashtagsListWhatTheUserFollows() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let ada = mock.engine(token: "ada_token")
            _ = try await ada.followHashtag("knitting")
            let followed = try await ada.followedHashtags()
            #expect(followed.items.contains { $0.name.lowercased() == "knitting" && $0.following == true })
            _ = try await ada.unfollowHashtag("knitting")
            let after = try await ada.followedHashtags()
            #expect(!after.items.contains { $0.name.lowercased() == "knitting" })
        }
    }

    @Test func mutedAndBlockedAccountsAndTakingThemBack() async throws {
        try await withServer({ try await LocalServer.startMock() }) { mock in
            let ada = mock.engine(token: "ada_token")
            let grace = try await ada.account(handle: "grace")
            let alan = try await ada.account(handle: "alan")
            #expect(try await ada.mutedAccounts().items.isEmpty)
            #expect(try await ada.blockedAccounts().items.isEmpty)

            _ = try await ada.mute(grace.id)
            _ = try await ada.block(alan.id)
            #expect(try await ada.mutedAccounts().items.map(\.id) == [grace.id])
            #expect(try await ada.blockedAccounts().items.map(\.id) == [alan.id])

            let unmuted = try await ada.unmute(grace.id)
            #expect(!unmuted.muting)
            let unblocked = try await ada.unblock(alan.id)
            #expect(!unblocked.blocking)
            #expect(try await ada.mutedAccounts().items.isEmpty)
            #expect(try await ada.blockedAccounts().items.isEmpty)
        }
    }
}
