import Foundation
import LoowiSupport
import Synchronization
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// A helper server process on 127.0.0.1 (mastodon-mock or the probe server), started on a
/// free port, waited for, and stopped by its pid.
final class LocalServer: Sendable {
    let port: Int
    let baseURL: URL
    let logPath: String
    let pid: pid_t
    /// Set once the child has been reaped, so `stop` is idempotent.
    private let reaped = Mutex(false)

    static let repositoryRoot: URL = {
        // …/Tests/TweetEngineTests/Support/LocalServer.swift → the repository root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }()

    static var venvBin: URL { repositoryRoot.appendingPathComponent(".venv/bin") }

    private init(pid: pid_t, port: Int, logPath: String, scheme: String) {
        self.pid = pid
        self.port = port
        self.logPath = logPath
        self.baseURL = URL(string: "\(scheme)://127.0.0.1:\(port)")!
    }

    /// Ports handed out in this process, so parallel tests never get the same one.
    private static let handedOut = Mutex<Set<Int>>([])

    /// Runs `launch` on a fresh free port, again on another port if the first was taken
    /// between choosing it and the server binding it.
    private static func onFreePort(_ launch: (Int) async throws -> LocalServer) async throws -> LocalServer {
        var lastError: (any Error)?
        for _ in 0..<4 {
            var port = try freeLoopbackPort()
            while !handedOut.withLock({ $0.insert(port).inserted }) { port = try freeLoopbackPort() }
            do {
                return try await launch(port)
            } catch LocalServerError.exited(let log) where log.contains("address already in use") {
                lastError = LocalServerError.exited(log)
            }
        }
        throw lastError ?? LocalServerError.noPort
    }

    /// Starts `mastodon_mock serve --in-memory --demo` on a free loopback port.
    static func startMock(configTOML: String? = nil, tls: TestCertificates? = nil) async throws -> LocalServer {
        let executable = venvBin.appendingPathComponent("mastodon_mock").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            Issue.record(
                "mastodon-mock is not installed at \(executable). Run scripts/setup (it installs mastodon-mock==0.6.1 into .venv) and run the tests again."
            )
            throw LocalServerError.notInstalled(executable)
        }
        return try await onFreePort { port in try await launchMock(executable: executable, port: port, configTOML: configTOML, tls: tls) }
    }

    private static func launchMock(executable: String, port: Int, configTOML: String?, tls: TestCertificates?) async throws
        -> LocalServer
    {
        var arguments = [
            "serve", "--in-memory", "--demo", "--host", "127.0.0.1", "--port", "\(port)",
            "--domain", "127.0.0.1:\(port)", "--log-level", "warning",
        ]
        if let configTOML {
            let path = NSTemporaryDirectory() + "loowi-mock-\(port).toml"
            try configTOML.write(toFile: path, atomically: true, encoding: .utf8)
            arguments += ["--config", path]
        }
        if let tls {
            arguments += ["--ssl-keyfile", tls.serverKey, "--ssl-certfile", tls.serverCertificate]
        }
        return try await start(
            executable: executable, arguments: arguments, port: port, healthPath: "/health",
            certificateAuthority: tls?.authority)
    }

    /// Starts the probe server (Support/http_probe_server.py) with the venv's python.
    static func startProbe() async throws -> LocalServer {
        let python = venvBin.appendingPathComponent("python3").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("No python in .venv (\(python)). Run scripts/setup and run the tests again.")
            throw LocalServerError.notInstalled(python)
        }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("http_probe_server.py").path
        return try await onFreePort { port in
            try await start(executable: python, arguments: [script, "\(port)"], port: port, healthPath: "/health")
        }
    }

    /// At most two servers start at once: `swift test` starts every suite together, and a
    /// dozen Python servers importing FastAPI at the same moment (2.6 s of CPU each) beside
    /// the sanitizers' builds took more than a minute each on two cores (CI, stop 43). One
    /// after another, each is ready in seconds, and its deadline counts from its own start.
    private static func start(
        executable: String, arguments: [String], port: Int, healthPath: String, certificateAuthority: String? = nil
    ) async throws -> LocalServer {
        await StartGate.shared.enter()
        do {
            let server = try await startNow(
                executable: executable, arguments: arguments, port: port, healthPath: healthPath,
                certificateAuthority: certificateAuthority)
            await StartGate.shared.leave()
            return server
        } catch {
            await StartGate.shared.leave()
            throw error
        }
    }

    private static func startNow(
        executable: String, arguments: [String], port: Int, healthPath: String, certificateAuthority: String?
    ) async throws -> LocalServer {
        let logPath = NSTemporaryDirectory() + "loowi-server-\(port).log"
        // Signals the test runner ignores or blocks are reset, so SIGTERM stops the server.
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn([executable] + arguments, output: .file(logPath), error: .sameAsOutput).pid
        } catch {
            throw LocalServerError.exited("posix_spawn failed: \(error)")
        }
        let server = LocalServer(pid: pid, port: port, logPath: logPath, scheme: certificateAuthority == nil ? "http" : "https")

        // Generous: a loaded 2-core machine can take several seconds to import FastAPI.
        let transport = CurlTransport(configuration: .init(
            certificateAuthorityFile: certificateAuthority, connectTimeout: .seconds(2), totalTimeout: .seconds(5)))
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            guard !server.hasExited() else {
                let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
                throw LocalServerError.exited(String(text.suffix(2000)))
            }
            if let response = try? await transport.send(
                HTTPRequest(url: server.baseURL.appendingPathComponent(healthPath))),
                response.status == 200
            {
                return server
            }
            try await Task.sleep(for: .milliseconds(150))
        }
        server.stop()
        throw LocalServerError.notReady(port)
    }

    /// SIGTERM, then SIGKILL if it has not exited within a few seconds (an open stream can
    /// keep uvicorn waiting for its connections).
    func stop() {
        reaped.withLock { reaped in
            guard !reaped else { return }
            reaped = true
            kill(pid, SIGTERM)
            // uvicorn waits for open connections (a stream, a held "timeout" fault) after the
            // first signal and exits at once on the second.
            if waitForExit(seconds: 3) { return }
            kill(pid, SIGTERM)
            if waitForExit(seconds: 2) { return }
            kill(pid, SIGKILL)
            _ = waitForExit(seconds: 10)
        }
    }

    /// Reaps the child if it has exited (used while waiting for it to come up).
    private func hasExited() -> Bool {
        reaped.withLock { reaped in
            if reaped { return true }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                reaped = true
                return true
            }
            return false
        }
    }

    private func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while Date() < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || result == -1 { return true }
            usleep(10_000)
        }
        return false
    }

    deinit { stop() }

    /// Asks the kernel for a free port on 127.0.0.1 (bind to port 0, read it, close).
    static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LocalServerError.noPort }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw LocalServerError.noPort }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw LocalServerError.noPort }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A throwaway certificate authority and a server certificate for 127.0.0.1, made with the
/// openssl command line tool (for the TLS tests).
struct TestCertificates: Sendable {
    let directory: String
    var authority: String { directory + "/ca.pem" }
    var serverKey: String { directory + "/server.key" }
    var serverCertificate: String { directory + "/server.pem" }

    static let openssl = "/usr/bin/openssl"
    static var available: Bool { FileManager.default.isExecutableFile(atPath: openssl) }

    static func make() throws -> TestCertificates {
        let directory = NSTemporaryDirectory() + "loowi-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let extensions = directory + "/server.ext"
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", directory + "/ca.key", "-out", directory + "/ca.pem",
             "-days", "2", "-subj", "/CN=loowi test CA", "-addext", "basicConstraints=critical,CA:TRUE",
             "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", directory + "/server.key", "-out", directory + "/server.csr",
             "-subj", "/CN=127.0.0.1"],
            ["x509", "-req", "-in", directory + "/server.csr", "-CA", directory + "/ca.pem", "-CAkey", directory + "/ca.key",
             "-CAcreateserial", "-out", directory + "/server.pem", "-days", "2", "-extfile", extensions],
        ]
        for step in steps {
            let status = try LocalServer.run(openssl, step, log: directory + "/openssl.log")
            guard status == 0 else {
                throw LocalServerError.exited("openssl \(step.first ?? "") failed: " + ((try? String(contentsOfFile: directory + "/openssl.log", encoding: .utf8)) ?? ""))
            }
        }
        return TestCertificates(directory: directory)
    }
}

extension LocalServer {
    /// Runs a tool to completion; its output (this step's only) goes to `log`. Returns the exit
    /// status.
    static func run(_ executable: String, _ arguments: [String], log: String) throws -> Int32 {
        try ChildProcess.spawn([executable] + arguments, output: .file(log), error: .sameAsOutput).wait()
    }
}

enum LocalServerError: Error, CustomStringConvertible {
    case notInstalled(String)
    case exited(String)
    case notReady(Int)
    case noPort

    var description: String {
        switch self {
        case .notInstalled(let path): "\(path) is missing: run scripts/setup"
        case .exited(let log): "the server exited early:\n\(log)"
        case .notReady(let port): "the server on port \(port) did not answer /health within 60 s"
        case .noPort: "could not find a free loopback port"
        }
    }
}

/// Runs `body` with a fresh server and always stops the server afterwards.
func withServer<T>(
    _ start: () async throws -> LocalServer, _ body: (LocalServer) async throws -> T
) async throws -> T {
    let server = try await start()
    do {
        let result = try await body(server)
        server.stop()
        return result
    } catch {
        server.stop()
        throw error
    }
}

/// Lets `limit` servers start at a time; the others wait their turn, in order.
private actor StartGate {
    static let shared = StartGate(limit: 2)
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { free = limit }

    func enter() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
