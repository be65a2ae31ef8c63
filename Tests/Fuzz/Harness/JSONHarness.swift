import Foundation
@testable import TweetEngine

/// The tape parser alone: no crash on any bytes, every node readable, and no valid JSON
/// (see `isStrictJSON`) is rejected (below the parser's own nesting limit).
enum JSONHarness {
    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        guard let document = try? JSONDocument(data: data) else {
            if isStrictJSON(bytes), let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
                depth(of: object) < JSONDocument.maximumDepth
            {
                Oracle.fail("JSONSerialization accepts what JSONDocument rejects")
            }
            return
        }
        for index in document.nodes.indices {
            switch document.nodes[index].kind {
            case .string: _ = document.string(at: index)
            case .number: _ = (document.int(at: index), document.double(at: index))
            case .array: _ = document.elements(of: index)
            case .object: _ = (document.member("id", in: index), document.member("", in: index))
            case .true, .false, .null: break
            }
        }
    }

    static func depth(of object: Any) -> Int {
        switch object {
        case let array as [Any]: 1 + (array.map(depth).max() ?? 0)
        case let dictionary as [String: Any]: 1 + (dictionary.values.map(depth).max() ?? 0)
        default: 0
        }
    }
}
