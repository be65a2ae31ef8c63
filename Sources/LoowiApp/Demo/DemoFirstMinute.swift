import AccessibleControls
import FoundationEssentials
import LoowiSupport
import TweetEngine

extension DemoScript {
    /// One thing a demo person does to the demo user during the app's first minute.
    public struct Event: Sendable, Decodable, Equatable {
        public enum Action: String, Sendable, Decodable, Equatable {
            /// A public post mentioning the demo user.
            case mention
            /// A reply to one of the demo user's posts, so a thread exists.
            case reply
            /// A direct message to the demo user.
            case direct
            /// A follow of the demo user (a request once the account is locked).
            case follow
            case favourite
            case boost
            /// The demo user's account starts approving followers (their own token): the
            /// only way a follow becomes a request, on Mastodon as on mastodon-mock.
            case lock
        }

        /// Seconds after the app opens.
        public var at: Int
        public var action: Action
        public var account: String
        public var text: String?
        /// The language the text is written in ("ca"), sent with it.
        public var language: String?
        /// The demo user's post a favourite or a boost is for.
        public var ref: String?
        public var replyTo: String?

        enum CodingKeys: String, CodingKey {
            case at, action, account, text, ref, language
            case replyTo = "reply_to"
        }
    }

    /// The first minute makes sense: authors have tokens, times are in order and within ten
    /// minutes, only the demo user locks (and does nothing else), and every favourite, boost
    /// and reply is aimed at one of the demo user's own posts.
    func checkFirstMinute() throws {
        let own = Set(posts.filter { $0.account == demoUser }.map(\.ref))
        var last = 0
        for (index, event) in firstMinute.enumerated() {
            let name = "first-minute action \(index + 1) (\(event.action.rawValue))"
            guard tokens[event.account] != nil else { throw DemoError.seedUnreadable("no token for \(event.account)") }
            guard (0...600).contains(event.at), event.at >= last else {
                throw DemoError.seedUnreadable("\(name) is out of time order")
            }
            last = event.at
            guard (event.account == demoUser) == (event.action == .lock) else {
                throw DemoError.seedUnreadable("\(name): only the demo user locks, and the demo user does nothing else")
            }
            let aimedAt: String?
            switch event.action {
            case .mention, .direct: aimedAt = nil
            case .reply: aimedAt = event.replyTo ?? ""
            case .favourite, .boost: aimedAt = event.ref ?? ""
            case .follow, .lock: aimedAt = nil
            }
            if let aimedAt, !own.contains(aimedAt) {
                throw DemoError.seedUnreadable("\(name) is not aimed at one of the demo user's posts")
            }
            if [.mention, .reply, .direct].contains(event.action), (event.text ?? "").isEmpty {
                throw DemoError.seedUnreadable("\(name) has no text")
            }
        }
    }

    /// Does one first-minute action on the server, as its author (each author's mock token).
    /// `postIDs` are the ids `perform` returned, by `ref`.
    func act(_ event: Event, server: URL, postIDs: [String: String], transport: any HTTPTransport) async throws {
        let token = tokens[event.account] ?? ""
        let engine = TweetEngine(transport: transport, tokenStore: InMemoryTokenStore())
        engine.use(Credentials(server: server, accessToken: token))
        func postID(_ ref: String?) throws -> String {
            guard let ref, let id = postIDs[ref] else { throw DemoError.seedUnreadable("no post \(ref ?? "")") }
            return id
        }
        switch event.action {
        case .mention:
            _ = try await engine.post(Draft(text: event.text ?? "", visibility: .public, language: event.language))
        case .reply:
            _ = try await engine.post(Draft(text: event.text ?? "", inReplyToID: try postID(event.replyTo), visibility: .public, language: event.language))
        case .direct:
            _ = try await engine.post(Draft(text: event.text ?? "", visibility: .direct, language: event.language))
        case .follow:
            let demo = try await engine.account(handle: demoUser)
            _ = try await engine.follow(demo.id)
        case .favourite:
            _ = try await engine.favourite(try postID(event.ref))
        case .boost:
            _ = try await engine.reblog(try postID(event.ref))
        case .lock:
            // The engine has no profile editing (the app does not offer it), so the one
            // request is made here.
            var request = Endpoint(
                .patch, "/api/v1/accounts/update_credentials", form: [URLQueryItem(name: "locked", value: "true")]
            ).request(server: server)
            request.setHeader("Authorization", "Bearer \(token)")
            let response = try await transport.send(request)
            guard response.isSuccess else { throw DemoFirstMinute.Refused(status: response.status) }
        }
    }
}

/// The demo community's first minute: a pure schedule of (delay, action) and a runner that
/// waits through the sleep function it is given, so tests run it at once.
public enum DemoFirstMinute {
    public struct Step: Sendable, Equatable {
        /// After the previous step (after the start, for the first).
        public var delay: Duration
        public var event: DemoScript.Event
    }

    public enum Outcome: Sendable, Equatable {
        case finished
        /// The demo ended first; nothing to tell anyone.
        case cancelled
        /// The server refused or did not answer; the rest was not tried.
        case failed(DemoScript.Event.Action)

        /// The one line the user hears (and reads in line mode) when the community stopped
        /// early; nil when there is nothing to say.
        public func sentence(in language: Language) -> String? {
            guard case .failed = self else { return nil }
            return AppStrings(language)(.demoCommunityStopped)
        }
    }

    struct Refused: Error { var status: Int }

    /// `LOOWI_DEMO_PACE` scales the times: 1 (the default) is real time, 0.1 ten times
    /// faster, 0 all at once, and `off` (nil) no first minute at all, for tests that need the
    /// seed as it is. Anything unreadable is taken as 1 and anything above 10 as 10: a test
    /// knob, not worth stopping the demo for.
    public static func pace(environment: [String: String]) -> Double? {
        guard let text = environment["LOOWI_DEMO_PACE"] else { return 1 }
        if text == "off" { return nil }
        guard let value = Double(text), value.isFinite, value >= 0 else { return 1 }
        return min(value, 10)
    }

    /// The delays between the events, scaled by `pace`; events out of order wait 0.
    public static func schedule(_ events: [DemoScript.Event], pace: Double) -> [Step] {
        let pace = pace.isFinite ? min(max(pace, 0), 10) : 1
        var previous = 0
        return events.map { event in
            let at = min(max(event.at, 0), 600)
            let gap = max(0, at - previous)
            previous = max(previous, at)
            return Step(delay: .milliseconds(Int((Double(gap) * 1000 * pace).rounded())), event: event)
        }
    }

    /// Sleeps and acts, step by step. Stops at the first failure (the server is most likely
    /// gone, and one line about it is enough) and when the task is cancelled.
    public static func run(
        _ steps: [Step], sleep: @Sendable (Duration) async throws -> Void,
        perform: @Sendable (DemoScript.Event) async throws -> Void
    ) async -> Outcome {
        for step in steps {
            do { try await sleep(step.delay) } catch { return .cancelled }
            if Task.isCancelled { return .cancelled }
            do {
                try await perform(step.event)
            } catch {
                return Task.isCancelled ? .cancelled : .failed(step.event.action)
            }
        }
        return .finished
    }
}
