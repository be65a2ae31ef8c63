import AccessibleControls
import Foundation
import Synchronization
import Testing
import TweetEngine

@testable import LoowiApp

/// The demo community's first minute: the schedule (pure), the runner (with a sleep that
/// returns at once), and the whole minute against the real mastodon-mock, read back as the
/// demo user.
@Suite(.timeLimit(.minutes(5))) struct DemoFirstMinuteTests {
    static func script() throws -> DemoScript {
        try DemoScript.load(from: DemoSeedTests.demoFolder.appendingPathComponent("live.json"))
    }

    static func event(_ at: Int, _ action: DemoScript.Event.Action, _ account: String = "grace") -> DemoScript.Event {
        DemoScript.Event(at: at, action: action, account: account, text: "@demo hi", ref: nil, replyTo: nil)
    }

    // MARK: The plan in live.json

    @Test func theCommittedMinuteHasEveryActionSpreadOverAboutAMinute() throws {
        let script = try Self.script()
        let actions = Set(script.firstMinute.map(\.action))
        #expect(actions == [.mention, .reply, .direct, .follow, .favourite, .boost, .lock])
        #expect(script.firstMinute.filter { $0.action == .follow }.count == 2)  // a follow, then a request
        let lock = try #require(script.firstMinute.firstIndex { $0.action == .lock })
        #expect(script.firstMinute[..<lock].contains { $0.action == .follow })
        #expect(script.firstMinute[lock...].contains { $0.action == .follow })
        let total = DemoFirstMinute.schedule(script.firstMinute, pace: 1).reduce(Duration.zero) { $0 + $1.delay }
        #expect(total >= .seconds(45) && total <= .seconds(65))
        // Not on top of the first spoken post: the first action waits a few seconds.
        #expect(try #require(script.firstMinute.first).at >= 5)
        // Words in the posts' three languages.
        let texts = script.firstMinute.compactMap(\.text).joined(separator: " ")
        #expect(texts.contains("Lovely to see you") && texts.contains("¡Hola!") && texts.contains("Benvingut"))
        // Aimed at the demo user's own post, which the live script makes.
        #expect(script.posts.contains { $0.ref == "demo_hello" && $0.account == "demo" })
    }

    @Test func aMinuteAimedElsewhereIsRefusedWithAReason() throws {
        func load(_ firstMinute: String) throws -> DemoScript {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-minute-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            let posts = #"[{"ref":"mine","account":"demo","text":"hi"},{"ref":"theirs","account":"a","text":"yo"}]"#
            try #"{"demo_user":"demo","tokens":{"demo":"t","a":"t"},"posts":\#(posts),"boosts":[],"first_minute":"#
                .appending(firstMinute + "}").write(to: file, atomically: true, encoding: .utf8)
            return try DemoScript.load(from: file)
        }
        #expect(try load(#"[{"at":1,"action":"favourite","account":"a","ref":"mine"}]"#).firstMinute.count == 1)
        #expect(throws: DemoError.seedUnreadable("first-minute action 1 (boost) is not aimed at one of the demo user's posts")) {
            try load(#"[{"at":1,"action":"boost","account":"a","ref":"theirs"}]"#)
        }
        #expect(throws: DemoError.seedUnreadable("first-minute action 2 (follow) is out of time order")) {
            try load(#"[{"at":9,"action":"follow","account":"a"},{"at":3,"action":"follow","account":"a"}]"#)
        }
        #expect(throws: DemoError.seedUnreadable("first-minute action 1 (lock): only the demo user locks, and the demo user does nothing else")) {
            try load(#"[{"at":1,"action":"lock","account":"a"}]"#)
        }
        #expect(throws: DemoError.seedUnreadable("no token for nobody")) {
            try load(#"[{"at":1,"action":"follow","account":"nobody"}]"#)
        }
        #expect(throws: DemoError.seedUnreadable("first-minute action 1 (mention) has no text")) {
            try load(#"[{"at":1,"action":"mention","account":"a"}]"#)
        }
        // A file without a first minute (older live.json) still loads.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-minute-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"demo_user":"demo","tokens":{"demo":"t"},"posts":[],"boosts":[]}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(try DemoScript.load(from: file).firstMinute.isEmpty)
    }

    // MARK: Schedule and pace

    @Test func theScheduleIsTheGapsScaledByThePace() {
        let events = [Self.event(6, .mention), Self.event(14, .follow), Self.event(14, .boost), Self.event(20, .favourite)]
        #expect(DemoFirstMinute.schedule(events, pace: 1).map(\.delay) == [.seconds(6), .seconds(8), .zero, .seconds(6)])
        #expect(DemoFirstMinute.schedule(events, pace: 0.1).map(\.delay) == [.milliseconds(600), .milliseconds(800), .zero, .milliseconds(600)])
        #expect(DemoFirstMinute.schedule(events, pace: 0).allSatisfy { $0.delay == .zero })
        #expect(DemoFirstMinute.schedule(events, pace: 0).map(\.event) == events)
        // Untrusted numbers: out of order waits nothing, a huge time is clamped, a bad pace is 1.
        let odd = [Self.event(30, .mention), Self.event(10, .follow), Self.event(Int.max, .boost)]
        #expect(DemoFirstMinute.schedule(odd, pace: .nan).map(\.delay) == [.seconds(30), .zero, .seconds(570)])
    }

    @Test func thePaceComesFromTheEnvironment() {
        #expect(DemoFirstMinute.pace(environment: [:]) == 1)
        #expect(DemoFirstMinute.pace(environment: ["LOOWI_DEMO_PACE": "0.05"]) == 0.05)
        #expect(DemoFirstMinute.pace(environment: ["LOOWI_DEMO_PACE": "0"]) == 0)
        #expect(DemoFirstMinute.pace(environment: ["LOOWI_DEMO_PACE": "off"]) == nil)
        #expect(DemoFirstMinute.pace(environment: ["LOOWI_DEMO_PACE": "fast"]) == 1)
        #expect(DemoFirstMinute.pace(environment: ["LOOWI_DEMO_PACE": "-2"]) == 1)
        #expect(DemoFirstMinute.pace(environment: ["LOOWI_DEMO_PACE": "1e300"]) == 10)
    }

    // MARK: The runner

    @Test func theRunnerSleepsThenActsInOrder() async {
        let steps = DemoFirstMinute.schedule([Self.event(2, .mention), Self.event(5, .follow)], pace: 1)
        let log = Mutex<[String]>([])
        let outcome = await DemoFirstMinute.run(
            steps, sleep: { delay in log.withLock { $0.append("sleep \(delay)") } },
            perform: { event in log.withLock { $0.append(event.action.rawValue) } })
        #expect(outcome == .finished)
        #expect(log.withLock { $0 } == ["sleep 2.0 seconds", "mention", "sleep 3.0 seconds", "follow"])
    }

    @Test func theRunnerStopsAtTheFirstFailureWithOneSentence() async {
        struct Down: Error {}
        let steps = DemoFirstMinute.schedule([Self.event(1, .mention), Self.event(2, .direct), Self.event(3, .boost)], pace: 0)
        let done = Mutex<[DemoScript.Event.Action]>([])
        let outcome = await DemoFirstMinute.run(steps, sleep: { _ in }) { event in
            if event.action == .direct { throw Down() }
            done.withLock { $0.append(event.action) }
        }
        #expect(outcome == .failed(.direct))
        #expect(done.withLock { $0 } == [.mention])  // the boost was not tried
        #expect(outcome.sentence(in: .english)?.hasPrefix("The demo community has stopped early") == true)
        #expect(outcome.sentence(in: .spanish)?.hasPrefix("La comunidad de la demostración se ha detenido") == true)
        #expect(outcome.sentence(in: .catalan)?.hasPrefix("La comunitat de la demostració s'ha aturat") == true)
        #expect(DemoFirstMinute.Outcome.finished.sentence(in: .english) == nil)
        #expect(DemoFirstMinute.Outcome.cancelled.sentence(in: .spanish) == nil)
    }

    @Test func cancellingTheRunnerStopsItQuietly() async {
        let steps = DemoFirstMinute.schedule([Self.event(1, .mention), Self.event(600, .follow)], pace: 1)
        let done = Mutex<[DemoScript.Event.Action]>([])
        let started = Mutex(false)
        let task = Task {
            await DemoFirstMinute.run(
                steps,
                sleep: { delay in
                    if delay > .seconds(100) { started.withLock { $0 = true } }
                    try await Task.sleep(for: delay == .seconds(1) ? .zero : delay)
                },
                perform: { event in done.withLock { $0.append(event.action) } })
        }
        while !started.withLock({ $0 }) { await Task.yield() }
        // A sleep the cancellation did not end would last 599 s: the suite's time limit fails
        // it, with no wall-clock bound here to depend on the machine's speed.
        task.cancel()
        let outcome = await task.value
        #expect(outcome == .cancelled)
        #expect(outcome.sentence(in: .english) == nil)
        #expect(done.withLock { $0 } == [.mention])
    }

    // MARK: Against mastodon-mock

    @Test(.timeLimit(.minutes(3))) func theMinuteFillsEveryBufferOnTheServer() async throws {
        let demo = try await DemoSession.start(files: try DemoServerTests.files())
        do {
            let engine = demo.session.engine
            let hello = try #require(demo.postIDs["demo_hello"])
            #expect(try await engine.status(id: hello).account.username == "demo")
            let before = try await engine.notifications().items.count

            let outcome = await demo.runFirstMinute(pace: 0, sleep: { _ in })
            #expect(outcome == .finished)

            let notifications = try await engine.notifications().items
            #expect(notifications.count >= before + 7)
            func from(_ type: NotificationType) -> Set<String> {
                Set(notifications.filter { $0.type.known == type }.compactMap { $0.account?.username })
            }
            // The seed's direct messages already mention the demo user: these are the minute's.
            let mentions = notifications.filter { $0.type.known == .mention }.compactMap(\.status)
            #expect(
                mentions.contains {
                    $0.account.username == "grace" && $0.text().contains("Lovely to see you here") && $0.visibility.known == .public
                })
            #expect(mentions.contains { $0.account.username == "lucia" && $0.text().contains("el sábado te presento al coro") })
            #expect(from(.favourite).contains("lucia"))
            #expect(from(.reblog).contains("oliver"))
            #expect(from(.follow).contains("pau"))
            #expect(from(.followRequest) == ["javier"])
            for type in [NotificationType.favourite, .reblog] {
                #expect(notifications.contains { $0.type.known == type && $0.status?.id == hello })
            }

            // The direct message is a conversation with Lucía.
            let conversations = try await engine.conversations().items
            let dm = conversations.first { $0.lastStatus?.text().contains("el sábado te presento al coro") == true }
            #expect(dm?.accounts.map(\.username) == ["lucia"])
            #expect(dm?.lastStatus?.visibility.known == .direct)

            // The reply makes a thread under the demo user's post.
            let reply = try #require(
                mentions.first { $0.account.username == "jordi" && $0.text().contains("Benvingut") })
            #expect(reply.inReplyToID == hello)
            let context = try await engine.thread(of: reply.id)
            #expect(context.ancestors.map(\.id) == [hello])
            #expect(context.ancestors.first?.account.username == "demo")

            // Home shows the public mention and the reply (both by people the demo user follows).
            let home = try await engine.homeTimeline(upTo: 40).items
            #expect(home.contains { $0.id == reply.id })
            #expect(home.contains { $0.account.username == "grace" && $0.text().contains("Lovely to see you here") })

            // Javier's follow is pending; Pau follows; Priya's refusal still stands.
            let javier = try await engine.account(handle: "javier")
            let pau = try await engine.account(handle: "pau")
            let relationships = try await engine.relationships(with: [javier.id, pau.id])
            #expect(relationships.first { $0.id == javier.id }?.followedBy == false)
            #expect(relationships.first { $0.id == pau.id }?.followedBy == true)
            #expect(try await engine.verifyCredentials().locked)

            // A server that has gone away: one outcome, one sentence, no crash.
            demo.stop()
            #expect(await demo.runFirstMinute(pace: 0, sleep: { _ in }) == .failed(.mention))
        } catch {
            demo.stop()
            throw error
        }
        demo.stop()
    }
}
