import Foundation

/// What the user stream delivers, already decoded and sanitised.
public enum StreamEvent: Sendable, Equatable {
    /// The stream is open (again); live updates follow.
    case connected
    /// A new post in the home timeline.
    case update(Status)
    /// A post was edited.
    case statusUpdate(Status)
    case delete(statusID: String)
    case notification(MastodonNotification)
    case conversation(Conversation)
    /// The stream broke; it reconnects after `reconnectIn` (nil: it will not, and ends).
    case disconnected(EngineError, reconnectIn: Duration?)
    /// An event loowi does not read (e.g. `filters_changed`, `announcement`).
    case other(name: String)

    static func decode(_ event: ServerSentEvent) -> StreamEvent? {
        let data = Data(event.data.utf8)
        let decoder = JSONDecoder()
        switch event.name {
        case "update": return (try? decoder.decode(Status.self, from: data)).map(StreamEvent.update)
        case "status.update": return (try? decoder.decode(Status.self, from: data)).map(StreamEvent.statusUpdate)
        case "notification": return (try? decoder.decode(MastodonNotification.self, from: data)).map(StreamEvent.notification)
        case "conversation": return (try? decoder.decode(Conversation.self, from: data)).map(StreamEvent.conversation)
        case "delete":
            let id = Sanitizer.clean(event.data.trimmingCharacters(in: .whitespacesAndNewlines))
            return id.isEmpty ? nil : .delete(statusID: id)
        default: return .other(name: event.name)
        }
    }
}
