import Foundation
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct ModelDecodingTests {
    let now = ISO8601.parse("2026-11-22T05:15:01Z")!

    @Test func boostHoldsTheOriginalAndReadsAsABoost() throws {
        let status = try Fixtures.decode(Status.self, "status-boost.json")
        #expect(status.isBoost)
        #expect(status.id == "113527499999999999")
        let original = try #require(status.reblog)
        #expect(original.id == "113527423456789012")
        #expect(original.account.acct == "grace@hachyderm.example")
        #expect(status.displayed.id == original.id)
        let speech = StatusSpeech(status, now: now)
        #expect(speech.booster == "Ada Lovelace :verified:")
        #expect(speech.author == "Grace Hopper")
        #expect(speech.sentence(language: .english).hasPrefix("Ada Lovelace :verified: boosted Grace Hopper: Hello @grace"))
        #expect(speech.time == "5 minutes ago")
    }

    @Test func contentWarningAndMediaDescriptions() throws {
        let status = try Fixtures.decode(Status.self, "status-content-warning.json")
        #expect(status.hasContentWarning)
        #expect(status.spoilerText == "Spoilers for the finale")
        #expect(status.sensitive)
        #expect(status.mediaAttachments.count == 2)
        #expect(status.mediaAttachments[0].description == "A butler holding a candlestick in a dark hallway.")
        #expect(status.mediaAttachments[1].description == nil)
        let hidden = StatusSpeech(status, now: now, hideTextBehindWarning: true)
        #expect(hidden.text.isEmpty)
        let sentence = StatusSpeech(status, now: now).sentence(language: .english)
        #expect(sentence.contains("Content warning: Spoilers for the finale."))
        #expect(sentence.contains("Image: A butler holding a candlestick in a dark hallway."))
        #expect(sentence.contains("Image without description."))
        let spanish = StatusSpeech(status, options: .init(language: .spanish), now: now).sentence(language: .spanish)
        #expect(spanish.contains("Aviso de contenido: Spoilers for the finale."))
        #expect(spanish.contains("hace 5 minutos"))
    }

    @Test func directMessageIsMarked() throws {
        let status = try Fixtures.decode(Status.self, "status-direct.json")
        #expect(status.visibility == .known(.direct))
        #expect(status.mentions.map(\.acct) == ["ada"])
        let sentence = StatusSpeech(status, now: now).sentence(language: .catalan)
        #expect(sentence.contains("Missatge directe."))
        #expect(sentence.contains("@ada are the punch-card notes ready?"))
    }

    @Test func pollIsReadAsText() throws {
        let status = try Fixtures.decode(Status.self, "status-poll.json")
        let poll = try #require(status.poll)
        #expect(poll.options.map(\.title) == ["Difference", "Analytical"])
        #expect(poll.votesCount == 10)
        let speech = StatusSpeech(status, now: now)
        #expect(speech.poll == "Poll, one choice: Difference, 3 votes; Analytical, 7 votes. Closes in 23 hours.")
    }

    @Test func unknownFieldsAreIgnored() throws {
        let status = try Fixtures.decode(Status.self, "status-unknown-field.json")
        #expect(status.text() == "Posted from the future.")
        // 05:11:30.5 at +01:00 is 04:11:30.5 UTC.
        #expect(status.editedAt == ISO8601.parse("2026-11-22T04:11:30.500Z"))
    }

    @Test func unknownEnumValuesAreKeptNotFatal() throws {
        let status = try Fixtures.decode(Status.self, "status-unknown-enum.json")
        #expect(status.visibility == .unknown("local"))
        #expect(status.visibility.known == nil)
        #expect(status.mediaAttachments.first?.type == .unknown("3d-model"))
        #expect(StatusSpeech(status, now: now).media == ["Attachment: A teapot"])
    }

    @Test func timelineSurvivesABrokenElement() throws {
        let list = try Fixtures.decode(LenientList<Status>.self, "timeline-home.json")
        #expect(list.elements.count == 6)
        #expect(list.skipped == 1)
        #expect(list.elements.map(\.visibility.rawValue) == ["public", "public", "direct", "public", "public", "local"])
    }

    @Test func notificationsWithAnUnknownType() throws {
        let list = try Fixtures.decode(LenientList<MastodonNotification>.self, "notifications.json")
        #expect(list.elements.count == 4)
        #expect(list.elements.map(\.type) == [
            .known(.mention), .known(.followRequest), .unknown("annual_report"), .known(.reblog),
        ])
        #expect(list.elements[1].status == nil)
        #expect(list.elements[3].status?.poll != nil)
    }

    @Test func instanceLimitsAndRelationships() throws {
        let instance = try Fixtures.decode(InstanceInfo.self, "instance-v2.json")
        // The fixture states an image limit (16 MB) and no video limit.
        #expect(instance.limits == InstanceLimits(maxCharacters: 1000, charactersReservedPerURL: 23, imageBytes: 16_777_216))
        #expect(instance.version == "4.3.2")
        let missing = try JSONDecoder().decode(InstanceInfo.self, from: Data(#"{"domain":"x"}"#.utf8))
        #expect(missing.limits == .mastodonDefault)
        let relationships = try Fixtures.decode([Relationship].self, "relationships.json")
        #expect(relationships[0].following && relationships[0].followedBy)
        #expect(relationships[1].requested && !relationships[1].following)
        #expect(relationships[1].note == "met at a conference")
    }

    @Test func preferencesWithColonKeys() throws {
        let json = #"{"posting:default:visibility":"unlisted","posting:default:sensitive":false,"posting:default:language":"ca","reading:expand:media":"default","reading:expand:spoilers":true}"#
        let preferences = try JSONDecoder().decode(Preferences.self, from: Data(json.utf8))
        #expect(preferences.defaultVisibility == .known(.unlisted))
        #expect(preferences.defaultLanguage == "ca")
        #expect(preferences.expandSpoilers)
        #expect(try FastJSON.decode(Preferences.self, from: Data(json.utf8)) == preferences)
        let empty = try JSONDecoder().decode(Preferences.self, from: Data("{}".utf8))
        #expect(empty.defaultVisibility.known == nil)
        #expect(empty.defaultLanguage == nil)
    }

    @Test func numericIdsAndStringCountsAreAccepted() throws {
        let json = #"{"id": 42, "username": "x", "acct": "x", "followers_count": "12", "locked": "true"}"#
        let account = try JSONDecoder().decode(Account.self, from: Data(json.utf8))
        #expect(account.id == "42")
        #expect(account.followersCount == 12)
        #expect(account.locked)
    }

    @Test func encodingRoundTrips() throws {
        let status = try Fixtures.decode(Status.self, "status-boost.json")
        let again = try JSONDecoder().decode(Status.self, from: JSONEncoder().encode(status))
        #expect(again == status)
    }

    @Test func hostileServerTextIsSanitisedOnDecode() throws {
        let status = try Fixtures.decode(Status.self, "status-hostile.json")
        let visible = [
            status.account.displayName, status.account.username, status.spoilerText, status.text(),
            StatusSpeech(status, now: now).sentence(language: .english),
        ]
        for text in visible {
            for scalar in text.unicodeScalars {
                #expect(scalar.value >= 0x20 || scalar.value == 0x0A, "control U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)")
                #expect(!(0x7F...0x9F).contains(scalar.value))
                #expect(![0x202E, 0x202C, 0x2066, 0x2069, 0x200B].contains(scalar.value))
            }
            #expect(!text.contains("[31m"))
            #expect(!text.contains("2J"))
            #expect(!text.contains("8;;"))
            #expect(!text.contains("alert"))
            #expect(!text.contains("secret"))
            #expect(!text.contains("pwned"))
        }
        #expect(status.account.displayName == "Eve REDevilisolink")
        #expect(status.spoilerText == "Blink warning")
        #expect(status.text() == "Safe red reversed hidden \u{FFFD} \u{FFFD} \u{FFFD}. Title")
    }
}
