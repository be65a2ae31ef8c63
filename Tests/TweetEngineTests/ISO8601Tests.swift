import Foundation
import Testing
@testable import TweetEngine

@Suite struct ISO8601Tests {
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
