import FoundationEssentials
import LoowiSupport

public enum Visibility: String, Sendable, Hashable, Codable, CaseIterable {
    case `public`, unlisted, `private`, direct
}

extension Visibility {
    /// How widely a post is seen: public 3, unlisted 2, followers only 1, direct 0.
    var reach: Int {
        switch self {
        case .public: 3
        case .unlisted: 2
        case .private: 1
        case .direct: 0
        }
    }

    /// The narrower of two: a reply is never seen more widely than the post it answers.
    public func narrowed(to other: Visibility) -> Visibility { other.reach < reach ? other : self }
}
