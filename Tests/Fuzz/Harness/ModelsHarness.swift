import Foundation
@testable import TweetEngine

/// The lenient models through both decoding paths. Differential oracle: whenever
/// `JSONDecoder` decodes a model from valid JSON (`isStrictJSON`), the fast path decodes
/// the same value (the comparison FastJSONTests makes on the fixtures). Every string in a
/// decoded model is clean.
enum ModelsHarness {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let strict = isStrictJSON(bytes)
        compare(Status.self, data, strict: strict)
        compare(LenientList<Status>.self, data, strict: strict)
        compare(Account.self, data, strict: strict)
        compare(LenientList<MastodonNotification>.self, data, strict: strict)
    }

    static func compare<T: JSONTopLevel & Decodable & Equatable>(_ type: T.Type, _ data: Data, strict: Bool) {
        let slow = try? JSONDecoder().decode(T.self, from: data)
        let fast = try? FastJSON.decode(T.self, from: data)
        if strict, let slow {
            guard let fast else { Oracle.fail("JSONDecoder decodes \(T.self) but the fast path fails") }
            if slow != fast { Oracle.fail("\(T.self) differs:\nJSONDecoder: \(slow)\nfast path:   \(fast)") }
        }
        if let slow { Oracle.requireCleanStrings(in: slow, path: "\(T.self)") }
        if let fast { Oracle.requireCleanStrings(in: fast, path: "\(T.self)") }
    }
}
