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
    /// The focused item's id to open on next time, nil while the buffer sits where the app
    /// put it by itself (the newest, with no position known).
    var savedPosition: String? { get }
}

extension BufferScreen {
    var arrivalSounds: [Feedback] { [] }

    /// "Grace Okafor: ..., 1 of 40": the focused item and where it is.
    func focusedItemAndPosition(_ language: Language) -> String {
        guard let position else { return focusedItem }
        return focusedItem + ", " + Strings(language)(.positionOf, String(position.index + 1), String(position.count))
    }
}

/// Which buffer is on the first screen: one of the seven, or one opened later (8, 9, ...).
enum BufferPlace: Hashable {
    case fixed(Buffer)
    case opened(OpenedBuffer.Key)
}

/// A buffer opened from a post or a person after the seven: someone's posts or a thread.
/// Escape closes it and goes back to where it was opened from.
struct OpenedBuffer {
    /// What it shows: the same account or thread opens once.
    enum Key: Hashable {
        case posts(accountID: String)
        case thread(statusID: String)
        /// By name, lower-cased: #Bread and #bread are one hashtag.
        case hashtag(String)
        case search(String)
        case list(id: String)
        case publicPosts(local: Bool)
        case catchUp
    }

    let key: Key
    /// "Posts of Grace Okafor", "Thread of Grace Okafor": said on arrival, listed by F1.
    let name: String
    let screen: any BufferScreen
    /// Where Escape goes back to.
    var origin: BufferPlace
    /// The screens that were open on top of `origin` (a post's action list, someone's
    /// details): Escape puts them back, so it returns to where the buffer was opened from.
    var above = AppCore.ScreensSetAside()
}

/// One screen object per buffer, kept alive while the app runs so each keeps its position.
/// Only the navigator's root is ever a buffer: switching replaces the root, and only when
/// the user is on it. Buffers are numbered 1-7 (the fixed ones), then the opened ones in the
/// order they were opened.
@MainActor
final class BufferSet {
    private var screens: [Buffer: any BufferScreen] = [:]
    private(set) var opened: [OpenedBuffer] = []
    private(set) var current: BufferPlace = .fixed(.home)
    /// More opened buffers than this and the oldest closes: each holds up to 200 posts.
    static let openedLimit = 20

    func screen(_ buffer: Buffer) -> (any BufferScreen)? { screens[buffer] }

    func adopt(_ screen: any BufferScreen, as buffer: Buffer) {
        screens[buffer] = screen
        current = .fixed(buffer)
    }

    func opened(_ key: OpenedBuffer.Key) -> OpenedBuffer? { opened.first { $0.key == key } }

    /// Adds a buffer opened just now and makes it current; returns the oldest, closed to
    /// stay within the limit.
    func open(_ buffer: OpenedBuffer) -> OpenedBuffer? {
        opened.append(buffer)
        current = .opened(buffer.key)
        guard opened.count > Self.openedLimit else { return nil }
        return close(opened[0].key)
    }

    func show(_ key: OpenedBuffer.Key) { current = .opened(key) }

    /// Removes an opened buffer; the buffers opened from it go back to where it came from.
    @discardableResult
    func close(_ key: OpenedBuffer.Key) -> OpenedBuffer? {
        guard let index = opened.firstIndex(where: { $0.key == key }) else { return nil }
        let closed = opened.remove(at: index)
        for i in opened.indices where opened[i].origin == .opened(key) {
            opened[i].origin = closed.origin
            // Those screens were on top of the buffer that closed, not of the new origin.
            opened[i].above = AppCore.ScreensSetAside()
        }
        return closed
    }

    // MARK: Numbers

    var count: Int { Buffer.allCases.count + opened.count }

    /// 1-7 the fixed buffers, then the opened ones.
    func number(of place: BufferPlace) -> Int? {
        switch place {
        case .fixed(let buffer): buffer.rawValue
        case .opened(let key): opened.firstIndex { $0.key == key }.map { Buffer.allCases.count + 1 + $0 }
        }
    }

    func place(number: Int) -> BufferPlace? {
        if let buffer = Buffer(rawValue: number) { return .fixed(buffer) }
        let index = number - Buffer.allCases.count - 1
        return opened.indices.contains(index) ? .opened(opened[index].key) : nil
    }

    /// `[` and `]` wrap around every buffer, the opened ones included: the buffer's name is
    /// said on arrival, so the user always knows where they are.
    func place(after step: Int) -> BufferPlace {
        let here = number(of: current) ?? 1
        return place(number: (here - 1 + step + count) % count + 1) ?? .fixed(.home)
    }
}

extension AppCore {
    /// The digits and `[` `]`, the same on every buffer screen; nil for the other actions.
    func switchBuffer(for action: TimelineAction) -> ScreenOutcome? {
        switch action {
        case .previousBuffer: return switchBuffer(to: buffers.place(after: -1))
        case .nextBuffer: return switchBuffer(to: buffers.place(after: 1))
        default:
            guard let number = action.bufferNumber else { return nil }
            guard let place = buffers.place(number: number) else {
                return ScreenOutcome([.earcon(.softError), .say(strings(.noBufferNumber, String(number)))])
            }
            return switchBuffer(to: place)
        }
    }

    func switchBuffer(to place: BufferPlace) -> ScreenOutcome {
        switch place {
        case .fixed(let buffer): return open(.buffer(buffer))
        case .opened(let key): return switchOpened(to: key)
        }
    }

    /// Posts a buffer loads when it opens: 200, or fewer when `buffer_limit` is lower.
    var initialLoad: Int { min(TimelineScreen.postLimit, config.bufferLimit) }

    /// `Route.buffer`: a loaded buffer becomes the root at once, with no request; one opened
    /// for the first time loads behind the busy indicator first.
    func switchBuffer(to buffer: Buffer) -> ScreenOutcome {
        guard navigator.stack.count == 1 else {
            return ScreenOutcome([.earcon(.softError), .say(strings(.buffersFromFirstScreen))])
        }
        if let loaded = buffers.screen(buffer) {
            show(loaded, as: buffer)
            return ScreenOutcome(arrival(at: loaded, named: strings(buffer.name)) + [.redraw])
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
            // What Notifications has read: the server's marker, or further on this session.
            var notificationsRead = ReadMark()
            notificationsRead.read(notificationsMarker.server?.lastReadID)
            notificationsRead.read((buffers.screen(.notifications) as? BufferListScreen)?.heardItems.mark)
            let load = BufferLoader.statuses(source, me: me, limit: initialLoad, notificationsMarker: notificationsRead.upTo)
            let outcome = perform(
                loading, { engine in try await load(engine) },
                then: { [weak self] (loaded: BufferLoader.Loaded) in
                    guard let self else { return .none }
                    if let me = loaded.me { self.me = me }
                    let saved = self.position?.load(buffer)?.id
                    let screen = TimelineScreen(app: self, source: source, page: loaded.page, keeping: saved)
                    // Mentions are new above the position saved here or the notifications marker.
                    let ids = screen.posts.map(\.id)
                    screen.readMark.read(saved, in: ids)
                    screen.readMark.read(loaded.readUpTo, in: ids)
                    // Nowhere known: the post said on arrival is read, and so is all below it.
                    if screen.readMark.upTo == nil { screen.readMark.read(screen.current?.id) }
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
        return ScreenOutcome(arrival(at: screen, named: strings(buffer.name)) + [.redraw])
    }

    private func show(_ screen: some BufferScreen, as buffer: Buffer) {
        guard navigator.replaceRoot(with: screen.screen, now: now()) else { return }
        buffers.adopt(screen, as: buffer)
        keep(screen)
        listOpenedBuffers(on: screen)
    }

    /// "Mentions, 2 new. Grace Okafor: ..., 1 of 40": the buffer, then what is focused.
    func arrival(at screen: any BufferScreen, named name: String) -> [Feedback] {
        var sentence = name
        if let unread = screen.unreadCount, unread > 0 { sentence = strings(.bufferUnread, sentence, String(unread)) }
        // The sounds after the words: a post's glance goes under the words said before it.
        return [.say(sentence + ". " + screen.focusedItemAndPosition(strings.language))] + screen.arrivalSounds
    }
}

/// Where each status buffer's posts come from: one loader per source, in one table.
enum BufferLoader {
    struct Loaded: Sendable {
        var page: Page<Status>
        var me: Account?
        /// Mentions: the post of the newest mention the notifications marker has passed.
        var readUpTo: String?
    }

    /// `notificationsMarker`: the notification id the server's marker has read up to, if known.
    @MainActor static func statuses(
        _ source: TimelineScreen.Source, me: Account?, limit: Int, notificationsMarker: String? = nil
    ) -> @Sendable (TweetEngine) async throws -> Loaded {
        switch source {
        case .home:
            return { Loaded(page: try await $0.homeTimeline(upTo: limit)) }
        case .account(let account):
            return { Loaded(page: try await $0.accountTimeline(accountID: account.id, upTo: limit)) }
        case .thread(let focus):
            // In reading order; a refresh brings the replies written since.
            return { engine in
                let context = try await engine.thread(of: focus.id)
                return Loaded(page: Page(items: StatusThread(focus: focus, context: context).posts, next: nil, previous: nil, requests: 1))
            }
        case .mentions:
            // The mention notifications' posts, with the notifications' links: Mentions page
            // through `/notifications?types[]=mention` (`older`, `newer`).
            return { engine in
                let page = try await engine.notifications(upTo: limit, types: [.mention])
                let read = notificationsMarker.flatMap { marker in
                    page.items.first { !MarkerSync.isNewer($0.id, than: marker) && $0.status != nil }?.status?.id
                }
                return Loaded(
                    page: Page(items: page.items.compactMap(\.status), next: page.next, previous: page.previous, requests: page.requests), readUpTo: read)
            }
        case .sent:
            return { engine in
                let account: Account
                if let me { account = me } else { account = try await engine.currentAccount() }
                return Loaded(page: try await engine.accountTimeline(accountID: account.id, upTo: limit), me: account)
            }
        case .hashtag(let name):
            return { Loaded(page: try await $0.hashtagTimeline(name, upTo: limit)) }
        case .list(let list):
            return { Loaded(page: try await $0.listTimeline(list.id, upTo: limit)) }
        case .publicPosts(let local):
            return { Loaded(page: try await local ? $0.localTimeline(upTo: limit) : $0.federatedTimeline(upTo: limit)) }
        case .favourites:
            return { Loaded(page: try await $0.favourites(upTo: limit)) }
        case .bookmarks:
            return { Loaded(page: try await $0.bookmarks(upTo: limit)) }
        }
    }

    /// Up to `limit` posts older than the page's end (its `next` link).
    typealias Older = @Sendable (TweetEngine, Page<Status>, Int) async throws -> Page<Status>
    /// What is newer than the page's top (its `prev` link), none of the known ids.
    typealias NewerPosts = @Sendable (TweetEngine, Page<Status>, Set<String>) async throws -> Newer<Status>

    static func older(_ source: TimelineScreen.Source) -> Older {
        guard case .mentions = source else { return { engine, page, limit in try await engine.more(after: page, upTo: limit) } }
        return { engine, page, limit in
            let notices = try await engine.more(after: Page<MastodonNotification>(items: [], next: page.next, previous: nil, requests: 0), upTo: limit)
            return Page(items: notices.items.compactMap(\.status), next: notices.next, previous: nil, requests: notices.requests)
        }
    }

    static func newer(_ source: TimelineScreen.Source) -> NewerPosts {
        guard case .mentions = source else { return { engine, page, known in try await engine.newer(than: page, known: known) } }
        return { engine, page, known in
            let links = Page<MastodonNotification>(items: [], next: nil, previous: page.previous, requests: 0)
            // A mention is its post: one already shown is not new, whatever the notification's id.
            let notices = try await engine.newer(than: links, known: known, identity: { $0.status?.id ?? "notification " + $0.id })
            return Newer(items: notices.items.compactMap(\.status), previous: notices.previous, caughtUp: notices.caughtUp, requests: notices.requests)
        }
    }
}
