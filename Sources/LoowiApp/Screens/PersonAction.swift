import AccessibleControls
import TweetEngine

/// Single keys on a person, as on the timeline, wherever one is shown (their details, a list
/// of people): f follows or unfollows, m writes them a direct message, a opens their posts,
/// d their details, i their followers, o whom they follow, x mutes or unmutes, B blocks or
/// unblocks (asking first), ! reports them; the buffers' digits and `[` `]` as on a buffer.
/// Raw values are config.toml's names (`"people:x" = "mute"`).
enum PersonAction: String, CaseIterable, Sendable {
    case follow, message, posts, details, followers, following, mute, block, report, lists
    case buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, buffer8, buffer9, previousBuffer, nextBuffer

    static let keys = ScreenKeys(
        name: "people",
        spokenName: { AppStrings($0)(.peopleKeys) },
        describe: describe,
        defaults: [
            .app(.follow, .character("f")), .app(.message, .character("m")), .app(.posts, .character("a")),
            .app(.details, .character("d")), .app(.followers, .character("i")), .app(.following, .character("o")),
            .app(.mute, .character("x")), .app(.block, .character("B")),
            .app(.report, .character("!")), .app(.lists, .character("l")), .control(.whereAmI, .character("w")), .control(.repeatLast, .character(".")),
        ] + BufferAction.allCases.map { .app(PersonAction(rawValue: $0.rawValue)!, $0.defaultKey) })

    /// The buffer key this is, if it is one: a key on the screen, not on the person.
    var buffer: BufferAction? { BufferAction(rawValue: rawValue) }

    static func describe(_ action: PersonAction, in language: Language) -> String {
        let s = AppStrings(language)
        switch action {
        case .follow: return s(.actionFollowPerson)
        case .message: return s(.actionMessagePerson)
        case .posts: return s(.actionTheirPosts)
        case .details: return s(.actionTheirDetails)
        case .followers: return s(.actionTheirFollowers)
        case .following: return s(.actionTheirFollowing)
        case .mute: return s(.actionMutePerson)
        case .block: return s(.actionBlockPerson)
        case .report: return s(.actionReportPerson)
        case .lists: return s(.actionPersonLists)
        case .buffer1, .buffer2, .buffer3, .buffer4, .buffer5, .buffer6, .buffer7, .buffer8, .buffer9, .previousBuffer, .nextBuffer:
            return BufferAction.describe(action.buffer!, in: language)
        }
    }
}

/// Muting, blocking and reporting someone, said the same way wherever it is done; `updated`
/// gets the relationship the server answered with.
@MainActor
enum ModerationAction {
    static func toggleMute(
        _ account: Account, relationship: Relationship?, app: AppCore, updated: @escaping @MainActor (Relationship) -> Void
    ) -> [Feedback] {
        let s = app.strings
        let name = account.spokenName(options: app.textOptions)
        let id = account.id
        let undo = relationship?.muting == true
        return app.perform(
            s(undo ? .unmuting : .muting, name), { engine in undo ? try await engine.unmute(id) : try await engine.mute(id) },
            then: { relationship in
                updated(relationship)
                return ScreenOutcome([.say(s(relationship.muting ? .muted : .unmuted, name)), .redraw])
            })
    }

    /// Blocking asks first (`confirmed` false says the question); unblocking does not.
    static func toggleBlock(
        _ account: Account, relationship: Relationship?, confirmed: Bool, app: AppCore,
        updated: @escaping @MainActor (Relationship) -> Void
    ) -> [Feedback] {
        let s = app.strings
        let name = account.spokenName(options: app.textOptions)
        let id = account.id
        let undo = relationship?.blocking == true
        if !undo, !confirmed { return [.earcon(.softError), .say(s(.blockAskKey, name))] }
        return app.perform(
            s(undo ? .unblocking : .blocking, name), { engine in undo ? try await engine.unblock(id) : try await engine.block(id) },
            then: { relationship in
                updated(relationship)
                return ScreenOutcome([.say(s(relationship.blocking ? .blocked : .unblocked, name)), .redraw])
            })
    }
}

extension AppCore {
    /// A person key on `account` (their details, a list of people). `blockAsked` is the
    /// screen's memory of a first B: a second B blocks, any other key forgets it.
    func perform(
        _ action: PersonAction, on account: Account, relationship: Relationship?, blockAsked: inout Bool,
        updated: @escaping @MainActor (Relationship) -> Void
    ) -> ScreenOutcome {
        let asked = blockAsked
        blockAsked = action == .block && !asked && relationship?.blocking != true
        if account.id == me?.id, ![.posts, .details, .followers, .following].contains(action) {
            return ScreenOutcome([.earcon(.softError), .say(strings(.thisIsYouSentence))])
        }
        switch action {
        case .follow: return ScreenOutcome(FollowAction.toggle(account, relationship: relationship, app: self, updated: updated))
        case .message: return open(.directMessage(to: account))
        case .posts: return open(.timeline(of: account))
        case .details: return open(.details(account))
        case .followers: return open(.followers(of: account))
        case .following: return open(.following(of: account))
        case .mute: return ScreenOutcome(ModerationAction.toggleMute(account, relationship: relationship, app: self, updated: updated))
        case .block:
            return ScreenOutcome(ModerationAction.toggleBlock(account, relationship: relationship, confirmed: asked, app: self, updated: updated))
        case .report: return open(.report(account, posts: []))
        case .lists: return open(.listsOf(account))
        // The screens take these before the person (`switchBuffer(for:leaving:now:)`).
        case .buffer1, .buffer2, .buffer3, .buffer4, .buffer5, .buffer6, .buffer7, .buffer8, .buffer9, .previousBuffer, .nextBuffer:
            return switchBuffer(for: action.buffer!.timelineAction) ?? .none
        }
    }
}
