import AccessibleControls
import TweetEngine

/// The first screen's buffers, numbered as their digit keys (PRODUCT.md, "Beyond iLoowi").
enum Buffer: Int, CaseIterable, Sendable {
    case home = 1, notifications, mentions, directMessages, sent, favourites, bookmarks

    var name: AppText {
        switch self {
        case .home: .bufferHome
        case .notifications: .bufferNotifications
        case .mentions: .bufferMentions
        case .directMessages: .bufferDirectMessages
        case .sent: .bufferSent
        case .favourites: .bufferFavourites
        case .bookmarks: .bufferBookmarks
        }
    }

    /// `[` and `]` wrap around: the buffer's name is said on arrival, so the user always
    /// knows where they are, and the far end is one key away instead of six.
    var next: Buffer { Buffer(rawValue: rawValue % Self.allCases.count + 1)! }
    var previous: Buffer { Buffer(rawValue: (rawValue + Self.allCases.count - 2) % Self.allCases.count + 1)! }
}

/// What a buffer screen tells the set when the user switches to it.
@MainActor
protocol BufferScreen: AppScreen {
    /// The focused item as the wheel says it ("Grace Hopper: ..."), and its position.
    var focusedItem: String { get }
    var position: (index: Int, count: Int)? { get }
    /// How many items are unread, when the buffer knows (conversations do).
    var unreadCount: Int? { get }
    /// Sounds that go with the focused item when it is reached (a direct message's).
    var arrivalSounds: [Feedback] { get }
}

extension BufferScreen {
    var arrivalSounds: [Feedback] { [] }
}

/// One screen object per buffer, kept alive while the app runs so each keeps its position.
/// Only the navigator's root is ever a buffer: switching replaces the root, and only when
/// the user is on it.
@MainActor
final class BufferSet {
    private var screens: [Buffer: any BufferScreen] = [:]
    private(set) var current: Buffer = .home

    func screen(_ buffer: Buffer) -> (any BufferScreen)? { screens[buffer] }

    func adopt(_ screen: any BufferScreen, as buffer: Buffer) {
        screens[buffer] = screen
        current = buffer
    }
}

extension AppCore {
    /// `Route.buffer`: a loaded buffer becomes the root at once, with no request; one opened
    /// for the first time loads behind the busy indicator first.
    func switchBuffer(to buffer: Buffer) -> ScreenOutcome {
        guard navigator.stack.count == 1 else {
            return ScreenOutcome([.earcon(.softError), .say(strings(.buffersFromFirstScreen))])
        }
        if let loaded = buffers.screen(buffer) {
            show(loaded, as: buffer)
            return ScreenOutcome(arrival(at: loaded, buffer) + [.redraw])
        }
        let loading = strings(.loadingBuffer, strings(buffer.name).lowercased())
        switch buffer {
        case .home:
            return open(.home)
        case .notifications, .directMessages:
            return BufferListScreen.open(buffer == .notifications ? .notifications : .conversations, as: buffer, loading: loading, app: self)
        case .mentions, .sent, .favourites, .bookmarks:
            let source: TimelineScreen.Source = switch buffer {
            case .mentions: .mentions
            case .sent: .sent
            case .favourites: .favourites
            default: .bookmarks
            }
            let me = self.me
            let outcome = perform(
                loading, { engine in try await BufferLoader.statuses(source, me: me)(engine) },
                then: { [weak self] (loaded: BufferLoader.Loaded) in
                    guard let self else { return .none }
                    if let me = loaded.me { self.me = me }
                    let screen = TimelineScreen(app: self, source: source, page: loaded.page)
                    return self.arrive(at: screen, as: buffer)
                })
            return ScreenOutcome(outcome)
        }
    }

    /// A buffer just loaded becomes the root and is announced like a switch.
    func arrive(at screen: some BufferScreen, as buffer: Buffer) -> ScreenOutcome {
        // The user cannot leave the root while the busy indicator waits; kept safe anyway.
        guard navigator.stack.count == 1 else { return .none }
        show(screen, as: buffer)
        return ScreenOutcome(arrival(at: screen, buffer) + [.redraw])
    }

    private func show(_ screen: some BufferScreen, as buffer: Buffer) {
        guard navigator.replaceRoot(with: screen.screen, now: now()) else { return }
        buffers.adopt(screen, as: buffer)
        keep(screen)
    }

    /// "Mentions, 2 new. Grace Okafor: ..., 1 of 40": the buffer, then what is focused.
    private func arrival(at screen: some BufferScreen, _ buffer: Buffer) -> [Feedback] {
        var sentence = strings(buffer.name)
        if let unread = screen.unreadCount, unread > 0 { sentence = strings(.bufferUnread, sentence, String(unread)) }
        var item = screen.focusedItem
        if let position = screen.position {
            item += ", " + Strings(strings.language)(.positionOf, String(position.index + 1), String(position.count))
        }
        return screen.arrivalSounds + [.say(sentence + ". " + item)]
    }
}

/// Where each status buffer's posts come from: one loader per source, in one table.
enum BufferLoader {
    struct Loaded: Sendable {
        var page: Page<Status>
        var me: Account?
    }

    @MainActor static func statuses(_ source: TimelineScreen.Source, me: Account?) -> @Sendable (TweetEngine) async throws -> Loaded {
        let limit = TimelineScreen.postLimit
        switch source {
        case .home:
            return { Loaded(page: try await $0.homeTimeline(upTo: limit)) }
        case .account(let account):
            return { Loaded(page: try await $0.accountTimeline(accountID: account.id, upTo: limit)) }
        case .mentions:
            // The mention notifications' posts; the notifications' paging links are not the
            // posts', so the page has none (a refresh reloads).
            return { engine in
                let page = try await engine.notifications(upTo: limit, types: [.mention])
                return Loaded(page: Page(items: page.items.compactMap(\.status), next: nil, previous: nil, requests: page.requests))
            }
        case .sent:
            return { engine in
                let account: Account
                if let me { account = me } else { account = try await engine.verifyCredentials() }
                return Loaded(page: try await engine.accountTimeline(accountID: account.id, upTo: limit), me: account)
            }
        case .favourites:
            return { Loaded(page: try await $0.favourites(upTo: limit)) }
        case .bookmarks:
            return { Loaded(page: try await $0.bookmarks(upTo: limit)) }
        }
    }
}
