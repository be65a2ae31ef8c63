import FoundationEssentials
import LoowiSupport

/// What a user does to a post of their own or to someone: delete, vote, mute, block, report.
extension TweetEngine {
    /// Deletes one of the user's own posts; the server answers with the post as it was.
    public func delete(_ statusID: String) async throws {
        _ = try await perform(StatusesEndpoint.delete(id: statusID).endpoint)
    }

    /// Gives one of your posts new text (the server keeps the earlier versions); the post as
    /// it is now comes back, marked edited.
    public func edit(_ statusID: String, to draft: Draft) async throws -> Status {
        try await fetch(Status.self, StatusesEndpoint.edit(id: statusID, draft).endpoint)
    }

    /// What the user typed for one of their posts (its text and warning before HTML), to edit.
    public func source(of statusID: String) async throws -> StatusSource {
        try await fetch(StatusSource.self, Endpoint(.get, "/api/v1/statuses/\(PathSegment.escape(statusID))/source"))
    }

    /// Votes in a poll. `choices` are 1-based, as people count them; a number outside the
    /// poll, a second choice in a single-choice poll, or a closed poll throws `PollVoteError`
    /// and nothing is sent.
    public func vote(in poll: Poll, choices: [Int]) async throws -> Poll {
        try PollVoteError.check(choices, in: poll)
        let zeroBased = Array(Set(choices)).sorted().map { $0 - 1 }
        return try await fetch(Poll.self, StatusesEndpoint.vote(pollID: poll.id, choices: zeroBased).endpoint)
    }

    public func mute(_ accountID: String) async throws -> Relationship {
        try await fetch(Relationship.self, AccountsEndpoint.mute(id: accountID).endpoint)
    }

    public func unmute(_ accountID: String) async throws -> Relationship {
        try await fetch(Relationship.self, AccountsEndpoint.unmute(id: accountID).endpoint)
    }

    public func block(_ accountID: String) async throws -> Relationship {
        try await fetch(Relationship.self, AccountsEndpoint.block(id: accountID).endpoint)
    }

    public func unblock(_ accountID: String) async throws -> Relationship {
        try await fetch(Relationship.self, AccountsEndpoint.unblock(id: accountID).endpoint)
    }

    /// Reports an account (and the posts named) to the server's moderators.
    public func report(_ accountID: String, statusIDs: [String], comment: String) async throws {
        _ = try await perform(AccountsEndpoint.report(id: accountID, statusIDs: statusIDs, comment: comment).endpoint)
    }
}

/// Why a vote cannot be sent, found before anything is sent.
public enum PollVoteError: Error, Sendable, Equatable {
    /// A choice below 1 or above the number of options (the options count given).
    case noSuchChoice(Int, options: Int)
    case onlyOneChoice
    case noChoice
    case closed
    case alreadyVoted

    public static func check(_ choices: [Int], in poll: Poll) throws(PollVoteError) {
        if poll.expired { throw PollVoteError.closed }
        if poll.voted { throw PollVoteError.alreadyVoted }
        if choices.isEmpty { throw PollVoteError.noChoice }
        if let wrong = choices.first(where: { !(1...max(1, poll.options.count)).contains($0) || poll.options.isEmpty }) {
            throw PollVoteError.noSuchChoice(wrong, options: poll.options.count)
        }
        if !poll.multiple, Set(choices).count > 1 { throw PollVoteError.onlyOneChoice }
    }
}

/// A post as its author typed it (`/api/v1/statuses/:id/source`).
public struct StatusSource: Sendable, Hashable, Codable, FastDecodable {
    public var text: String
    public var spoilerText: String

    enum CodingKeys: String, CodingKey {
        case text
        case spoilerText = "spoiler_text"
    }

    public init(from decoder: any Decoder) throws {
        try self.init(fields: decoder.container(keyedBy: CodingKeys.self))
    }

    typealias FieldKeys = CodingKeys

    init<R: FieldReader>(fields c: R) throws where R.Key == CodingKeys {
        text = c.text(.text, .lines)
        spoilerText = c.text(.spoilerText)
    }
}
