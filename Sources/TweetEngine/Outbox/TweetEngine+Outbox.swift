import FoundationEssentials
import LoowiSupport

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
        /// Another loowi is sending this account's posts right now.
        case busyElsewhere
        /// The item left the outbox meanwhile: sent or discarded by another loowi.
        case gone
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
    /// never published twice. Visibility and language left open come from the account's
    /// preferences; a reply is never wider than `parent` (looked up when not given).
    /// `sendsByItself`: whether the app may send it later on its own if this attempt fails.
    public func publish(
        _ draft: Draft, to recipient: Account? = nil, replyingTo parent: Status? = nil, through outbox: Outbox,
        sendsByItself: Bool = false
    ) async throws(OutboxFailure) -> DeliveryResult {
        if Task.isCancelled { throw OutboxFailure(reason: .engine(.cancelled), item: nil, mayBeOut: false) }
        var parent = parent
        if parent == nil, recipient == nil, let id = draft.inReplyToID { parent = try? await status(id: id) }
        var prepared = await applyingDefaults(to: draft, replyingTo: parent)
        var addressee: OutboxItem.Recipient? = nil
        if let recipient {
            prepared = Self.directMessage(prepared, to: recipient)
            addressee = OutboxItem.Recipient(id: recipient.id, acct: recipient.acct)
        }
        if Task.isCancelled { throw OutboxFailure(reason: .engine(.cancelled), item: nil, mayBeOut: false) }
        let parentVisibility = parent?.visibility.known
        if let waiting = outbox.item(holding: prepared, for: addressee) {
            // The same post again: its key and its history stay; what the user chose now
            // applies unless the post may be out already.
            return try await deliver(waiting, through: outbox) { item in
                if item.unansweredSince == nil { item.draft = prepared.keeping(key: item.draft.idempotencyKey) }
                item.parentVisibility = item.parentVisibility ?? parentVisibility
                item.sendsByItself = sendsByItself
            }
        }
        var item = OutboxItem(draft: prepared, recipient: addressee, queuedAt: clock.now())
        item.parentVisibility = parentVisibility
        item.sendsByItself = sendsByItself
        do {
            try outbox.put(item)
        } catch {
            throw OutboxFailure(reason: .notSaved(error), item: nil, mayBeOut: false)
        }
        return try await deliver(item, through: outbox)
    }

    /// Sends one waiting item, looking first among the account's own posts when an earlier
    /// attempt went unanswered. Removes it from the outbox once published. `adjust` changes
    /// the item as the file has it once this delivery owns it.
    public func deliver(_ item: OutboxItem, through outbox: Outbox, adjust: ((inout OutboxItem) -> Void)? = nil)
        async throws(OutboxFailure) -> DeliveryResult
    {
        switch await outbox.claim(item.id) {
        case .claimed: break
        case .alreadySending: throw OutboxFailure(reason: .alreadySending, item: item, mayBeOut: false)
        case .busyElsewhere: throw OutboxFailure(reason: .busyElsewhere, item: item, mayBeOut: item.unansweredSince != nil)
        case .gone: throw OutboxFailure(reason: .gone, item: nil, mayBeOut: false)
        }
        defer { outbox.release(item.id) }
        var current = outbox.item(id: item.id) ?? item
        if let adjust {
            adjust(&current)
            do {
                try outbox.put(current)
            } catch {
                throw OutboxFailure(reason: .notSaved(error), item: current, mayBeOut: current.unansweredSince != nil)
            }
        }
        var delivery = OutboxDelivery(current)
        var step = delivery.start()
        var lastError = EngineError.cancelled
        while true {
            switch step {
            case .reconcile(let since):
                do {
                    let found = try await findPublished(delivery.item, since: since, excluding: Set(outbox.publishedIDs))
                    step = delivery.reconciled(found: found)
                } catch {
                    // Without knowing, sending again could make a copy: keep it for later.
                    lastError = error as? EngineError ?? .cancelled
                    step = .kept(Self.holdingIfCancelled(delivery.item, lastError), mayBeOut: true)
                }
            case .send:
                if Task.isCancelled {
                    lastError = .cancelled
                    step = .kept(Self.holdingIfCancelled(delivery.item, lastError), mayBeOut: delivery.item.unansweredSince != nil)
                    continue
                }
                // Checks that send nothing come first: a failure there cannot have published.
                let draft: Draft
                do {
                    draft = try await prepareForSending(delivery.item)
                } catch {
                    lastError = error as? EngineError ?? .cancelled
                    let result: OutboxDelivery.SendResult =
                        if case .refused(let reason) = OutboxDelivery.SendResult(lastError) { .refused(reason: reason) } else { .notSent }
                    step = delivery.sent(result)
                    continue
                }
                let pending = delivery.willSend(at: clock.now())
                do {
                    try outbox.put(pending)
                } catch {
                    throw OutboxFailure(reason: .notSaved(error), item: delivery.item, mayBeOut: delivery.item.unansweredSince != nil)
                }
                do {
                    step = delivery.sent(.published(try await post(draft)))
                } catch {
                    lastError = error as? EngineError ?? .cancelled
                    step = delivery.sent(OutboxDelivery.SendResult(lastError))
                }
            case .finished(let status, let alreadyPublished):
                // If this write fails the item stays marked unanswered, so the next attempt
                // looks for the post first and finds it: still never a copy.
                try? outbox.finish(id: delivery.item.id, statusID: status.id)
                return alreadyPublished ? .alreadyPublished(status) : .published(status)
            case .kept(let kept, let mayBeOut):
                let held = Self.holdingIfCancelled(kept, lastError)
                try? outbox.put(held)
                throw OutboxFailure(reason: .engine(lastError), item: held, mayBeOut: mayBeOut)
            }
        }
    }

    /// Stopped by the user (Escape, Ctrl-C): it waits, but is never sent by itself.
    private static func holdingIfCancelled(_ item: OutboxItem, _ error: EngineError) -> OutboxItem {
        guard error == .cancelled else { return item }
        var held = item
        held.sendsByItself = false
        return held
    }

    /// The draft as it goes out, after the checks that send nothing: iLoowi's direct-message
    /// rule, and for a reply whose parent was not read when it was queued, the parent's
    /// visibility (a reply is never wider; without it nothing is sent).
    private func prepareForSending(_ item: OutboxItem) async throws -> Draft {
        if let recipient = item.recipient {
            try await checkDirectMessageAllowed(to: recipient.id, handle: recipient.acct)
        }
        var draft = item.draft
        if let parentID = draft.inReplyToID, item.recipient == nil {
            var parentVisibility = item.parentVisibility
            if parentVisibility == nil { parentVisibility = try await status(id: parentID).visibility.known }
            if let parentVisibility { draft = Self.narrowingReply(draft, to: parentVisibility) }
        }
        return draft
    }

    /// The account's own recent posts (one request of 40), searched for the item's post,
    /// leaving out the posts this outbox published itself.
    func findPublished(_ item: OutboxItem, since: Date, excluding published: Set<String>) async throws -> Status? {
        let me = try await currentAccount()
        let recent: Page<Status> = try await collect(
            upTo: PageSize.statuses, pageSize: PageSize.statuses,
            firstPage: { AccountsEndpoint.statuses(id: me.id, limit: $0).endpoint }, singleRequest: true)
        return recent.items.first { !published.contains($0.id) && PublishedPostMatch.matches($0, item.draft, attemptedSince: since) }
    }
}

extension Draft {
    /// The same post under another idempotency key (an outbox item's, which must not change).
    func keeping(key: String) -> Draft {
        Draft(
            text: text, inReplyToID: inReplyToID, visibility: visibility, contentWarning: contentWarning, language: language,
            idempotencyKey: key)
    }
}
