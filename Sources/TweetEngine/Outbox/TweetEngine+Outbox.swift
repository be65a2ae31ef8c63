import Foundation

/// How a post left the outbox.
public enum DeliveryResult: Sendable, Equatable {
    case published(Status)
    /// An earlier attempt's answer was lost, and the post was found among the account's own:
    /// nothing was sent again.
    case alreadyPublished(Status)

    public var status: Status {
        switch self {
        case .published(let status), .alreadyPublished(let status): status
        }
    }
}

/// A post that is not (known to be) published. It waits in the outbox unless `notSaved`.
public struct OutboxFailure: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The server or the network failed; `error` says how.
        case engine(EngineError)
        /// The outbox file could not be written, so nothing was sent.
        case notSaved(AtomicFile.WriteError)
        /// The same item is being delivered already (by another part of loowi).
        case alreadySending
    }

    public let reason: Reason
    /// The item as it waits now (nil when it could not be saved).
    public let item: OutboxItem?
    /// An answer was lost: the post may be out already. Sending again first looks for it.
    public let mayBeOut: Bool
}

extension TweetEngine {
    /// Publishes a post (or, with `recipient`, a direct message) through the outbox: the
    /// item is saved with its idempotency key before the first request, and a post that is
    /// already waiting there (the same command run again) is the one delivered, so it is
    /// never published twice.
    /// Visibility and language left open come from the account's preferences; a reply is
    /// never wider than `parent` (looked up when not given).
    public func publish(_ draft: Draft, to recipient: Account? = nil, replyingTo parent: Status? = nil, through outbox: Outbox)
        async throws(OutboxFailure) -> DeliveryResult
    {
        var parent = parent
        if parent == nil, recipient == nil, let id = draft.inReplyToID { parent = try? await status(id: id) }
        var prepared = await applyingDefaults(to: draft, replyingTo: parent)
        var addressee: OutboxItem.Recipient? = nil
        if let recipient {
            prepared = Self.directMessage(draft, to: recipient)
            addressee = OutboxItem.Recipient(id: recipient.id, acct: recipient.acct)
        }
        let item = outbox.item(holding: prepared, for: addressee) ?? OutboxItem(draft: prepared, recipient: addressee, queuedAt: clock.now())
        do {
            try outbox.put(item)
        } catch {
            throw OutboxFailure(reason: .notSaved(error), item: nil, mayBeOut: false)
        }
        return try await deliver(item, through: outbox)
    }

    /// Sends one waiting item, looking first among the account's own posts when an earlier
    /// attempt went unanswered. Removes it from the outbox once published.
    public func deliver(_ item: OutboxItem, through outbox: Outbox) async throws(OutboxFailure) -> DeliveryResult {
        guard outbox.claim(item.id) else { throw OutboxFailure(reason: .alreadySending, item: item, mayBeOut: false) }
        defer { outbox.release(item.id) }
        var delivery = OutboxDelivery(outbox.item(id: item.id) ?? item)
        var step = delivery.start()
        var lastError = EngineError.cancelled
        while true {
            switch step {
            case .reconcile(let since):
                do {
                    step = delivery.reconciled(found: try await findPublished(delivery.item, since: since))
                } catch {
                    // Without knowing, sending again could make a copy: keep it for later.
                    let error = error as? EngineError ?? .cancelled
                    throw OutboxFailure(reason: .engine(error), item: delivery.item, mayBeOut: true)
                }
            case .send:
                let pending = delivery.willSend(at: clock.now())
                do {
                    try outbox.put(pending)
                } catch {
                    throw OutboxFailure(reason: .notSaved(error), item: delivery.item, mayBeOut: delivery.item.unansweredSince != nil)
                }
                do {
                    step = delivery.sent(.published(try await send(pending)))
                } catch {
                    lastError = error as? EngineError ?? .cancelled
                    step = delivery.sent(OutboxDelivery.SendResult(lastError))
                }
            case .finished(let status, let alreadyPublished):
                // If this write fails the item stays marked unanswered, so the next attempt
                // looks for the post first and finds it: still never a copy.
                try? outbox.remove(id: delivery.item.id)
                return alreadyPublished ? .alreadyPublished(status) : .published(status)
            case .kept(let kept, let mayBeOut):
                try? outbox.put(kept)
                throw OutboxFailure(reason: .engine(lastError), item: kept, mayBeOut: mayBeOut)
            }
        }
    }

    private func send(_ item: OutboxItem) async throws -> Status {
        if let recipient = item.recipient {
            try await checkDirectMessageAllowed(to: recipient.id, handle: recipient.acct)
        }
        var draft = item.draft
        if draft.visibility == nil, let parentID = draft.inReplyToID {
            // Queued while the server was away: the server's default could be wider than the
            // post this answers, so its visibility is learnt now (or nothing is sent).
            draft = await applyingDefaults(to: draft, replyingTo: try await status(id: parentID))
        }
        return try await post(draft)
    }

    /// The account's own recent posts (one request of 40), searched for the item's post.
    func findPublished(_ item: OutboxItem, since: Date) async throws -> Status? {
        let me = try await verifyCredentials()
        let recent: Page<Status> = try await collect(
            upTo: PageSize.statuses, pageSize: PageSize.statuses,
            firstPage: { AccountsEndpoint.statuses(id: me.id, limit: $0).endpoint }, singleRequest: true)
        return recent.items.first { PublishedPostMatch.matches($0, item.draft, attemptedSince: since) }
    }
}
