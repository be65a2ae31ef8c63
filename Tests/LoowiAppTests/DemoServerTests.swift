import Foundation
import LoowiSupport
import Testing
import TweetEngine

@testable import LoowiApp

#if canImport(Glibc)
    import Glibc
#endif

/// The demo against the real mastodon-mock: started with the project's seed, the live
/// script applied, and stopped by its pid.
@Suite(.timeLimit(.minutes(5))) struct DemoServerTests {
    static let root = Checkout.root

    static func files() throws -> DemoFiles {
        try DemoFiles.locate(environment: [:], data: DataDirectory(root: root.path, layout: .checkout))
    }

    @Test func filesAreFoundFromTheExecutablesClone() throws {
        let files = try DemoFiles.locate(environment: ["PATH": "/usr/bin"], data: DataDirectory(root: Self.root.path, layout: .checkout))
        #expect(files.mock.path == Self.root.appendingPathComponent(".venv/bin/mastodon_mock").path)
        #expect(files.seed.path == Self.root.appendingPathComponent("Demo/seed.toml").path)
        #expect(files.live.path == Self.root.appendingPathComponent("Demo/live.json").path)
        // The tests themselves run from the clone: its data is the running program's.
        #expect(DataDirectory.current == DataDirectory(root: Self.root.path, layout: .checkout))
    }

    /// An installed tree (`share/loowi` with the demo's files) and a folder for programs.
    static func installed() throws -> (data: DataDirectory, bin: String, remove: () -> Void) {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-demo-\(UUID().uuidString)")
        let share = top.appendingPathComponent("share/loowi")
        try FileManager.default.createDirectory(at: share.appendingPathComponent("demo"), withIntermediateDirectories: true)
        try Data("[server]\n".utf8).write(to: share.appendingPathComponent("demo/seed.toml"))
        let bin = top.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        return (DataDirectory(root: share.path, layout: .installed), bin.path, { try? FileManager.default.removeItem(at: top) })
    }

    @Test func anInstalledLoowiFindsTheMockOnPATH() throws {
        let tree = try Self.installed()
        defer { tree.remove() }
        let mock = tree.bin + "/mastodon_mock"
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: mock))
        let environment = ["PATH": "relative/bin::/nonexistent:" + tree.bin]
        // Not runnable yet: not found.
        #expect(throws: DemoError.mockNotInstalled(configured: nil)) { try DemoFiles.locate(environment: environment, data: tree.data) }
        chmod(mock, 0o755)
        let files = try DemoFiles.locate(environment: environment, data: tree.data)
        #expect(files.mock.path == mock)
        #expect(files.seed.path == tree.data.path(.demoSeed) && files.live.path == tree.data.path(.demoLive))
        // LOOWI_MOCK comes first.
        let chosen = try DemoFiles.locate(environment: environment.merging(["LOOWI_MOCK": "/bin/true"]) { $1 }, data: tree.data)
        #expect(chosen.mock.path == "/bin/true")
    }

    @Test func aMissingMockIsExplained() throws {
        let tree = try Self.installed()
        defer { tree.remove() }
        #expect(throws: DemoError.mockNotInstalled(configured: "/nonexistent/mastodon_mock")) {
            try DemoFiles.locate(environment: ["LOOWI_MOCK": "/nonexistent/mastodon_mock"], data: DataDirectory(root: Self.root.path, layout: .checkout))
        }
        // An installed loowi does not look in a checkout's .venv, nor in the current folder.
        #expect(throws: DemoError.mockNotInstalled(configured: nil)) {
            try DemoFiles.locate(environment: ["PATH": tree.bin + ":."], data: tree.data)
        }
    }

    @Test func theMissingMockIsSaidInOneLineWithHowToGetIt() {
        let missing = DemoError.mockNotInstalled(configured: nil)
        #expect(
            missing.sentence(in: .britishEnglish)
                == "The demo needs its practice server, mastodon-mock, which is not installed. Install it with pipx install mastodon-mock==0.6.1 (or pip install --user mastodon-mock==0.6.1), then run loowi demo again.")
        #expect(
            missing.sentence(in: .spanish)
                == "La demostración necesita su servidor de práctica, mastodon-mock, que no está instalado. Instálalo con pipx install mastodon-mock==0.6.1 (o con pip install --user mastodon-mock==0.6.1) y vuelve a ejecutar loowi demo.")
        #expect(missing.sentence(in: .catalan).contains("no està instal·lat. Instal·la'l amb pipx install mastodon-mock==0.6.1"))
        for language in Language.allCases { #expect(!missing.sentence(in: language).contains("\n")) }
        #expect(missing.description == missing.sentence(in: .britishEnglish))
        #expect(DemoError.mockNotInstalled(configured: "/x").sentence(in: .spanish) == "La variable LOOWI_MOCK vale /x, que no es un programa que se pueda ejecutar. Haz que apunte a mastodon_mock, o elimínala.")
    }

    @Test func theInstallLineNamesTheVersionSetupPins() throws {
        let setup = try String(contentsOf: Self.root.appendingPathComponent("scripts/setup"), encoding: .utf8)
        #expect(setup.contains("MOCK_VERSION=\"\(DemoFiles.mockVersion)\""))
    }

    @Test func missingDataIsSaid() throws {
        #expect(throws: DemoError.seedMissing) { try DemoFiles.locate(environment: ["LOOWI_MOCK": "/bin/true"], data: nil) }
        let tree = try Self.installed()
        defer { tree.remove() }
        try FileManager.default.removeItem(atPath: tree.data.path(.demoSeed))
        #expect(throws: DemoError.seedMissing) { try DemoFiles.locate(environment: ["LOOWI_MOCK": "/bin/true"], data: tree.data) }
        #expect(
            DemoError.seedMissing.sentence(in: .britishEnglish)
                == "The demo's people and posts were not found, because loowi's data folder is missing. Reinstall loowi, or run the loowi built in its source folder.")
        #expect(
            DemoError.seedMissing.sentence(in: .spanish)
                == "No se han encontrado las personas ni las publicaciones de la demostración, porque falta la carpeta de datos de loowi. Reinstala loowi, o ejecuta el loowi compilado en su carpeta de código fuente.")
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
