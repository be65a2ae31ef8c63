import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// `Route`: every screen opens through `AppCore.open`, with the loading it needs done by its
/// own opening, whoever asks for it.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RouteTests {
    /// Grace, from the home timeline's first post (she follows you).
    func grace(_ app: AppHarness) throws -> Account {
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        return try #require(home.posts.first { $0.displayed.account.id == "2" }?.displayed.account)
    }

    @Test func eachRouteOpensItsScreenAfterItsOwnLoading() async throws {
        let app = AppHarness()
        await app.open()
        let grace = try grace(app)
        let relationships = "GET /api/v1/accounts/relationships"
        // The route, the title its screen opens with, and the requests its loading makes.
        let routes: [(Route, String, Set<String>)] = [
            (.about, "About loowi", []),
            (.details(grace), "Grace Hopper's details", ["GET /api/v1/accounts/2", relationships]),
            (.followers(of: grace), "Grace Hopper's followers", ["GET /api/v1/accounts/2/followers", relationships]),
            (.following(of: grace), "People Grace Hopper follows", ["GET /api/v1/accounts/2/following", relationships]),
            // The account's posting defaults, asked once a session in the background.
            (.compose(.new), "New post", ["GET /api/v1/preferences"]),
            (.compose(.mention(grace)), "New post to Grace Hopper", []),
            (.directMessage(to: grace), "Direct message to Grace Hopper", [relationships]),
        ]
        for (route, title, requests) in routes {
            _ = app.said()
            let asked = app.requests.count
            await app.go(to: route)
            #expect(app.core.navigator.stack.count == 2, "\(route)")
            #expect(app.said().first?.hasPrefix("say: \(title). ") == true, "\(route)")
            #expect(app.requests.count - asked == requests.count, "\(route)")
            #expect(Set(app.requests[asked...]) == requests, "\(route)")
            // Every control on it is named by its screen's ControlID.
            #expect((app.core.appScreen(at: 1) as? any AppScreen)?.unnamedControls == [], "\(route)")
            await app.press("Escape")
            #expect(app.core.navigator.stack.count == 1, "\(route)")
        }
    }

    /// Someone's posts and a thread open as buffers on the first screen, after their loading.
    @Test func timelineAndThreadRoutesOpenBuffersAfterTheirOwnLoading() async throws {
        let app = AppHarness()
        await app.open()
        let grace = try grace(app)
        let home = try #require(app.core.appScreen(at: 0) as? TimelineScreen)
        let post = try #require(home.posts.first)
        let routes: [(Route, String, [String])] = [
            (.timeline(of: grace), "Posts of Grace Hopper", ["GET /api/v1/accounts/2/statuses"]),
            (.thread(of: post), "Thread of Grace Hopper", ["GET /api/v1/statuses/105/context"]),
        ]
        for (route, title, requests) in routes {
            _ = app.said()
            let asked = app.requests.count
            await app.go(to: route)
            #expect(app.core.navigator.stack.map(\.title) == [title], "\(route)")
            #expect(app.said().first?.hasPrefix("say: \(title). ") == true, "\(route)")
            #expect(Array(app.requests[asked...]) == requests, "\(route)")
            #expect((app.core.appScreen(at: 0) as? any AppScreen)?.unnamedControls == [], "\(route)")
            await app.press("Escape")
            #expect(app.core.navigator.stack.map(\.title) == ["Home timeline"], "\(route)")
        }
    }

    @Test func aDirectMessageToYourselfIsRefusedBeforeAnyWait() async throws {
        let app = AppHarness()
        await app.open()
        let me = try #require(app.core.me)
        _ = app.said()
        let asked = app.requests.count
        await app.go(to: .directMessage(to: me))
        #expect(app.said() == ["say: You cannot send a direct message to yourself."])
        #expect(app.requests.count == asked)
        #expect(app.core.navigator.stack.count == 1)
    }

    @Test func theHomeRouteStartsOverOnTheHomeTimeline() async throws {
        let app = AppHarness()
        await app.open()
        await app.go(to: .about)
        #expect(app.core.navigator.stack.count == 2)
        _ = app.said()
        await app.go(to: .home)
        #expect(app.core.navigator.stack.count == 1)
        #expect(app.core.appScreen(at: 0) is TimelineScreen)
        #expect(app.said().first?.hasPrefix("say: Home timeline. Posts, list, Grace Hopper.") == true)
    }

    /// A screen that built a control with an id its `ControlID` does not name (a typo) is
    /// found: its events would match nothing.
    @Test func aControlOutsideTheScreensIDsIsFound() {
        final class Misnamed: AppScreen {
            enum ControlID: String { case reply }
            let screen = ControlScreen(
                title: "Test", controls: [Button(id: "reply", label: "Reply"), Button(id: "rpely", label: "Typo")],
                settings: ControlSettings(), keymap: .loowi)
        }
        #expect(Misnamed().unnamedControls == ["rpely"])
    }
}
