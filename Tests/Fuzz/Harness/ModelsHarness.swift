import Foundation
@testable import TweetEngine

/// The lenient models through both decoding paths. Differential oracle: whenever
/// `JSONDecoder` decodes a model, the fast path decodes the same value (the comparison
/// FastJSONTests makes on the fixtures). Every string in a decoded model is clean.
enum ModelsHarness {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        compare(Status.self, data)
        compare(LenientList<Status>.self, data)
        compare(Account.self, data)
        compare(LenientList<MastodonNotification>.self, data)
    }

    static func compare<T: JSONTopLevel & Decodable & Equatable>(_ type: T.Type, _ data: Data) {
        let slow = try? JSONDecoder().decode(T.self, from: data)
        let fast = try? FastJSON.decode(T.self, from: data)
        if let slow {
            guard let fast else { Oracle.fail("JSONDecoder decodes \(T.self) but the fast path fails") }
            if slow != fast { Oracle.fail("\(T.self) differs:\nJSONDecoder: \(slow)\nfast path:   \(fast)") }
        }
        if let slow { Oracle.requireCleanStrings(in: slow, path: "\(T.self)") }
        if let fast { Oracle.requireCleanStrings(in: fast, path: "\(T.self)") }
    }
}
