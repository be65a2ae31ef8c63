import Foundation
import Testing

@testable import TweetEngine

/// Markers as mastodon-mock 0.6.1 answers them (microseconds and a `+00:00` offset), and as
/// a server with none answers (`{}`), both ways of decoding.
@Suite(.timeLimit(.minutes(5))) struct MarkerDecodingTests {
    @Test func theMocksAnswerDecodes() throws {
        let data = Data(#"{"home":{"last_read_id":"5","version":1,"updated_at":"2026-11-23T11:28:30.490189+00:00"}}"#.utf8)
        for markers in [try JSONDecoder().decode(Markers.self, from: data), try FastJSON.decode(Markers.self, from: data)] {
            #expect(markers.home?.lastReadID == "5")
            #expect(markers.home?.version == 1)
            let seconds = try #require(markers.home?.updatedAt?.timeIntervalSince1970)
            #expect(abs(seconds - 1_795_433_310.490189) < 0.001)
            #expect(markers.notifications == nil)
        }
    }

    @Test func noMarkersIsNothing() throws {
        let markers = try FastJSON.decode(Markers.self, from: Data("{}".utf8))
        #expect(markers.home == nil && markers.notifications == nil)
    }

    @Test func aHostileVersionIsClamped() throws {
        let data = Data(#"{"home":{"last_read_id":"5","version":-99999999999999999999,"updated_at":"nonsense"}}"#.utf8)
        let markers = try FastJSON.decode(Markers.self, from: data)
        #expect(markers.home?.version ?? -1 >= 0)
        #expect(markers.home?.updatedAt == nil)
    }
}
