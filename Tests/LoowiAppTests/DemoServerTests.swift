import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

#if canImport(Glibc)
    import Glibc
#endif

/// The demo against the real mastodon-mock: started with the project's seed, the live
/// script applied, and stopped by its pid.
@Suite(.timeLimit(.minutes(5))) struct DemoServerTests {
    static let root = DemoSeedTests.root

    static func files() throws -> DemoFiles {
        try DemoFiles.locate(environment: [:], currentDirectory: root, executable: nil)
    }

    @Test func filesAreFoundFromTheExecutablesClone() throws {
        let files = try DemoFiles.locate(
            environment: [:], currentDirectory: URL(fileURLWithPath: "/"),
            executable: Self.root.appendingPathComponent(".build/release/loowi"))
        #expect(files.mock.path == Self.root.appendingPathComponent(".venv/bin/mastodon_mock").path)
        #expect(files.seed.path == Self.root.appendingPathComponent("Demo/seed.toml").path)
        #expect(files.live.lastPathComponent == "live.json")
    }

    @Test func aMissingMockIsExplained() {
        #expect(throws: DemoError.mockNotInstalled(configured: "/nonexistent/mastodon_mock")) {
            try DemoFiles.locate(environment: ["LOOWI_MOCK": "/nonexistent/mastodon_mock"], currentDirectory: Self.root, executable: nil)
        }
        #expect(throws: DemoError.mockNotInstalled(configured: nil)) {
            try DemoFiles.locate(environment: [:], currentDirectory: URL(fileURLWithPath: "/"), executable: nil)
        }
        #expect(DemoError.mockNotInstalled(configured: nil).description.contains("scripts/setup"))
    }

    @Test func aPortInUseIsRefusedBeforeStarting() async throws {
        // Hold a port by listening on it.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        listen(fd, 1)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        #expect(!DemoServer.isFree(port))
        await #expect(throws: DemoError.portInUse(port)) {
            _ = try await DemoServer.start(files: try Self.files(), port: port)
        }
    }

    @Test(.timeLimit(.minutes(3))) func theDemoRunsOnTheSeedAndStops() async throws {
        let demo = try await DemoSession.start(files: try Self.files())
        let port = demo.server.port
        do {
            let engine = demo.session.engine
            #expect(demo.session.credentials.handle == "@demo@127.0.0.1:\(port)")
            #expect(demo.session.account.source == .demo)

            let home = try await engine.homeTimeline(upTo: 40)
            #expect(home.items.count == 40)
            // The newest post is the welcome; boosts and a content warning come right after.
            #expect(home.items.first?.account.username == "grace")
            #expect(home.items.first?.text().contains("Welcome to the loowi demo") == true)
            let top = home.items.prefix(12)
            #expect(top.filter(\.isBoost).count >= 5)
            #expect(top.contains { !$0.displayed.spoilerText.isEmpty })

            // iLoowi's rule, demonstrable: Priya does not follow the demo user, Grace does.
            let priya = try await engine.account(handle: "priya")
            await #expect(throws: EngineError.directMessageNotAllowed(handle: "priya")) {
                _ = try await engine.sendDirectMessage(Draft(text: "hello"), to: priya)
            }
            let grace = try await engine.account(handle: "grace")
            let message = try await engine.sendDirectMessage(Draft(text: "hello"), to: grace)
            #expect(message.visibility.known == .direct)

            // Carmen is locked.
            let carmen = try await engine.account(handle: "carmen")
            #expect(carmen.locked)
            if case .requested = try await engine.follow(carmen.id) {} else { Issue.record("following Carmen was not a request") }

            // Direct messages waiting for the demo user.
            #expect(try await engine.conversations().items.count >= 5)
        } catch {
            demo.stop()
            throw error
        }
        demo.stop()
        #expect(!demo.server.isRunning)
        #expect(kill(demo.server.pid, 0) == -1)  // no such process any more
        #expect(DemoServer.isFree(port))
    }
}
