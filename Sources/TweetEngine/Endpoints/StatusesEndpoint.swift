import FoundationEssentials
import LoowiSupport

/// `/api/v1/statuses/…`
public enum StatusesEndpoint: Sendable, Equatable {
    case post(Draft)
    case status(id: String)
    case context(id: String)
    case reblog(id: String)
    case unreblog(id: String)
    case favourite(id: String)
    case unfavourite(id: String)
    case bookmark(id: String)
    case unbookmark(id: String)
    case delete(id: String)
    /// New text for one of your posts; its warning and language as the draft gives them.
    case edit(id: String, Draft)
    /// The choices are 0-based, as the API counts them.
    case vote(pollID: String, choices: [Int])

    public var endpoint: Endpoint {
        switch self {
        case .post(let draft) where draft.poll != nil:
            // A poll is nested (`poll[options][]`), which not every server reads from a form:
            // JSON says it plainly.
            var endpoint = Endpoint(.post, "/api/v1/statuses")
            endpoint.rawBody = try? JSONEncoder().encode(PostBody(draft))
            endpoint.rawContentType = "application/json"
            return endpoint
        case .post(let draft):
            // Without a visibility the server applies the account's default.
            var form: [URLQueryItem] = [URLQueryItem(name: "status", value: draft.text)]
            form.append("visibility", draft.visibility?.rawValue)
            form.append("in_reply_to_id", draft.inReplyToID)
            if let warning = draft.contentWarning, !warning.isEmpty { form.append("spoiler_text", warning) }
            if draft.marksSensitive { form.append("sensitive", "true") }
            form.append("language", draft.language)
            form += (draft.mediaIDs ?? []).map { URLQueryItem(name: "media_ids[]", value: $0) }
            return Endpoint(.post, "/api/v1/statuses", form: form)
        case .status(let id): return Endpoint(.get, "/api/v1/statuses/\(PathSegment.escape(id))")
        case .context(let id): return Endpoint(.get, "/api/v1/statuses/\(PathSegment.escape(id))/context")
        case .reblog(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/reblog", form: [])
        case .unreblog(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/unreblog", form: [])
        case .favourite(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/favourite", form: [])
        case .unfavourite(let id):
            return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/unfavourite", form: [])
        case .bookmark(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/bookmark", form: [])
        case .unbookmark(let id): return Endpoint(.post, "/api/v1/statuses/\(PathSegment.escape(id))/unbookmark", form: [])
        case .delete(let id): return Endpoint(.delete, "/api/v1/statuses/\(PathSegment.escape(id))")
        case .edit(let id, let draft):
            // The warning is always sent: left out, a server may keep or drop the old one.
            var form: [URLQueryItem] = [URLQueryItem(name: "status", value: draft.text)]
            let warning = draft.contentWarning ?? ""
            form.append(URLQueryItem(name: "spoiler_text", value: warning))
            form.append(URLQueryItem(name: "sensitive", value: draft.marksSensitive ? "true" : "false"))
            form.append("language", draft.language)
            return Endpoint(.put, "/api/v1/statuses/\(PathSegment.escape(id))", form: form)
        case .vote(let pollID, let choices):
            return Endpoint(
                .post, "/api/v1/polls/\(PathSegment.escape(pollID))/votes",
                form: choices.map { URLQueryItem(name: "choices[]", value: String($0)) })
        }
    }
}

/// A post as JSON (for a post with a poll).
struct PostBody: Encodable {
    struct PollBody: Encodable {
        var options: [String]
        var expires_in: Int
        var multiple: Bool
    }

    var status: String
    var visibility: String?
    var in_reply_to_id: String?
    var spoiler_text: String?
    var sensitive: Bool?
    var language: String?
    var poll: PollBody?

    init(_ draft: Draft) {
        status = draft.text
        visibility = draft.visibility?.rawValue
        in_reply_to_id = draft.inReplyToID
        if let warning = draft.contentWarning, !warning.isEmpty { spoiler_text = warning }
        if draft.marksSensitive { sensitive = true }
        language = draft.language
        poll = draft.poll.map {
            PollBody(options: $0.options.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }, expires_in: $0.expiresIn, multiple: $0.multiple)
        }
    }
}
