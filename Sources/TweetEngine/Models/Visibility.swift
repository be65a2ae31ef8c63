import Foundation

public enum Visibility: String, Sendable, Hashable, Codable, CaseIterable {
    case `public`, unlisted, `private`, direct
}
