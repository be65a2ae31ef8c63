import Foundation
import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct ISO8601Tests {
    @Test func parsesTheFormsServersSend() {
        #expect(ISO8601.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(ISO8601.parse("2017-06-26T21:00:00.001Z")?.timeIntervalSince1970 == 1_498_510_800.001)
        #expect(ISO8601.parse("2026-11-22T05:21:50.573080+00:00")?.timeIntervalSince1970.rounded() == 1_795_324_911)
        #expect(ISO8601.parse("2026-11-22T06:21:50+01:00") == ISO8601.parse("2026-11-22T05:21:50Z"))
        #expect(ISO8601.parse("2019-11-24") == ISO8601.parse("2019-11-24T00:00:00Z"))
        #expect(ISO8601.parse("2000-02-29T12:00:00Z")?.timeIntervalSince1970 == 951_825_600)
    }

    @Test func rejectsGarbage() {
        for text in ["", "yesterday", "2026-13-01", "2026-11-22T25:00:00Z", "2026-11-22T05:21:50.Z", "2026-11-22T05:21:50Zjunk", "1795324911"] {
            #expect(ISO8601.parse(text) == nil, "\(text)")
        }
    }
}

/// `format` writes dates in the calendar `parse` reads, so a date survives the timeline
/// cache. Fuzzing found `0482-02-29T23:59.163` (482 is not a leap year, so it is 1 March)
/// came back as 28 February: Foundation's formatter is Julian before 1582.
@Suite(.timeLimit(.minutes(5))) struct ISO8601FormatTests {
    @Test func formatIsTheInverseOfParse() throws {
        let old = try #require(ISO8601.parse("0482-02-29T23:59.163"))
        #expect(ISO8601.format(old) == "0482-03-01T23:59:00.163Z")
        #expect(ISO8601.parse(ISO8601.format(old)) == old)
        for text in ["2017-06-26T21:00:00.001Z", "1970-01-01T00:00:00.000Z", "2000-02-29T12:00:00.500Z", "1969-12-31T23:59:59.999Z", "1582-10-10T00:00:00.000Z"] {
            #expect(ISO8601.format(try #require(ISO8601.parse(text))) == text)
        }
    }

    @Test func absurdDatesFromAServerAreClamped() {
        #expect(ISO8601.format(Date(timeIntervalSinceReferenceDate: 1e300)) == "9999-12-31T23:59:59.999Z")
        #expect(ISO8601.format(Date(timeIntervalSinceReferenceDate: -1e300)) == "0000-01-01T00:00:00.000Z")
        #expect(ISO8601.format(Date(timeIntervalSinceReferenceDate: .infinity)) == "9999-12-31T23:59:59.999Z")
    }
}
