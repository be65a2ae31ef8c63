import AccessibleControls
import FoundationEssentials
import LoowiSupport
import Dispatch
import Synchronization
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Where the demo's pieces are: the mastodon-mock program, its seed and the live script.
public struct DemoFiles: Sendable, Equatable {
    public var mock: URL
    public var seed: URL
    public var live: URL

    public init(mock: URL, seed: URL, live: URL) {
        self.mock = mock
        self.seed = seed
        self.live = live
    }

    /// The mock, first found of: `LOOWI_MOCK`; the checkout's own `.venv/bin/mastodon_mock`
    /// (what `scripts/setup` pins) for a program built in one; `mastodon_mock` on `PATH`
    /// (`pipx install mastodon-mock==0.6.1` puts it there). The seed and the live script come
    /// from loowi's data folder (`DataDirectory`), so the demo starts from any folder, from the
    /// package, the tarball or the checkout.
    public static func locate(
        environment: [String: String] = ProcessEnvironment.current, data: DataDirectory? = DataDirectory.current,
        isExecutable: (String) -> Bool = DemoFiles.isExecutable
    ) throws -> DemoFiles {
        guard let data, DataDirectory.isFile(data.path(.demoSeed)) else { throw DemoError.seedMissing }
        let files = { (mock: String) in
            DemoFiles(
                mock: URL(fileURLWithPath: mock), seed: URL(fileURLWithPath: data.path(.demoSeed)),
                live: URL(fileURLWithPath: data.path(.demoLive)))
        }
        if let configured = environment["LOOWI_MOCK"], !configured.isEmpty {
            guard isExecutable(configured) else { throw DemoError.mockNotInstalled(configured: configured) }
            return files(configured)
        }
        var candidates: [String] = []
        if data.layout == .checkout { candidates.append(data.root.appendingPathComponent(".venv/bin/mastodon_mock")) }
        // An empty entry of PATH is the current folder, which a program name is never taken from here.
        for folder in (environment["PATH"] ?? "").split(separator: ":") where folder.hasPrefix("/") {
            candidates.append(String(folder).appendingPathComponent(mockProgram))
        }
        guard let mock = candidates.first(where: isExecutable) else { throw DemoError.mockNotInstalled(configured: nil) }
        return files(mock)
    }

    /// The name pip and pipx give mastodon-mock's program.
    public static let mockProgram = "mastodon_mock"
    /// The version `scripts/setup` installs, and the one the install line names (a test keeps
    /// the two the same).
    public static let mockVersion = "0.6.1"

    /// A regular file this user may run.
    public static func isExecutable(_ path: String) -> Bool {
        DataDirectory.isFile(path) && access(path, X_OK) == 0
    }
}

/// What can stop the demo from starting, in plain words.
public enum DemoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What the user hears and reads when the demo cannot start: what is missing and how to get
    /// it, in one line, in the interface language. (The other failures are said in English for
    /// now; issue 36, item 6.)
    public func sentence(in language: Language) -> String {
        let say = AppStrings(language)
        switch self {
        case .mockNotInstalled(let configured?): return say(.demoMockNotAProgram, configured)
        case .mockNotInstalled(nil):
            return say(.demoMockMissing, "pipx install mastodon-mock==\(DemoFiles.mockVersion)", "pip install --user mastodon-mock==\(DemoFiles.mockVersion)")
        case .seedMissing: return say(.demoDataMissing)
        default: return description
        }
    }

    case mockNotInstalled(configured: String?)
    case seedMissing
    case seedUnreadable(String)
    case portInUse(Int)
    case serverExited(log: String)
    case notReady(seconds: Int)
    case couldNotStart(String)

    public var description: String {
        switch self {
        case .mockNotInstalled, .seedMissing:
            return sentence(in: .britishEnglish)
        case .seedUnreadable(let detail):
            return "The demo's live script (Demo/live.json) could not be read: \(detail). Regenerate it with: python3 Demo/make_seed.py"
        case .portInUse(let port):
            return "Port \(port) is already in use. Choose another with --port, or leave --port out to use a free one."
        case .serverExited(let log):
            return "The demo server stopped as it started. Its last words:\n\(log)"
        case .notReady(let seconds):
            return "The demo server did not answer within \(seconds) seconds, so it was stopped. The machine may be very busy; try again."
        case .couldNotStart(let reason):
            return "The demo server could not be started: \(reason)."
        }
    }
}

/// mastodon-mock running on 127.0.0.1 for the demo: started on a free port with the demo
/// seed, waited for (`/health`), and stopped by its pid, on every way out.
///
/// Three guards make sure it never outlives loowi: `stop()` on the normal and error paths;
/// SIGINT/SIGTERM/SIGHUP/SIGQUIT handlers (until the interactive app installs its own);
/// and, when `setpriv` is available, a parent-death signal, so the kernel sends it SIGTERM
/// if loowi dies in any other way (the interactive app's handlers re-raise the signal).
public final class DemoServer: Sendable {
    public let pid: pid_t
    public let port: Int
    public let baseURL: URL
    public let logPath: String
    private let stopped = Mutex(false)
    private let parentThread: ParentThread

    private init(pid: pid_t, port: Int, logPath: String, parentThread: ParentThread) {
        self.pid = pid
        self.parentThread = parentThread
        self.port = port
        self.logPath = logPath
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts the mock. With `port` nil a free port is chosen (and another one if that is
    /// taken before the server binds it).
    public static func start(files: DemoFiles, port: Int? = nil, readyWithin timeout: Duration = .seconds(60))
        async throws -> DemoServer
    {
        let attempts = port == nil ? 4 : 1
        var lastError: DemoError = .couldNotStart("no attempt was made")
        for _ in 0..<attempts {
            let chosen = try port ?? freeLoopbackPort()
            if port != nil, !isFree(chosen) { throw DemoError.portInUse(chosen) }
            do {
                return try await launch(files: files, port: chosen, timeout: timeout)
            } catch DemoError.serverExited(let log) where log.contains("address already in use") {
                lastError = port == nil ? .serverExited(log: log) : .portInUse(chosen)
            }
        }
        throw lastError
    }

    private static func launch(files: DemoFiles, port: Int, timeout: Duration) async throws -> DemoServer {
        let logPath = FileManager.default.temporaryDirectory.path.appendingPathComponent("loowi-demo-\(getpid())-\(port).log")
        let mockArguments = [
            files.mock.path, "serve", "--in-memory", "--config", files.seed.path, "--host", "127.0.0.1",
            "--port", "\(port)", "--domain", "127.0.0.1:\(port)", "--log-level", "warning",
        ]
        // setpriv asks the kernel to send SIGTERM to the server when the thread that started
        // it ends, then becomes the server (same pid). That thread is ours and lives until
        // `stop()`, so the signal comes exactly when loowi dies without stopping the server.
        let setpriv = "/usr/bin/setpriv"
        let argumentsToRun = FileManager.default.isExecutableFile(atPath: setpriv)
            ? [setpriv, "--pdeathsig", "TERM", "--"] + mockArguments : mockArguments
        let (pid, parentThread) = try await ParentThread.spawn(argumentsToRun, logPath: logPath)
        let server = DemoServer(pid: pid, port: port, logPath: logPath, parentThread: parentThread)
        DemoServerGuard.watch(pid)

        let transport = CurlTransport(configuration: .init(connectTimeout: .seconds(2), totalTimeout: .seconds(5)))
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if server.hasExited() {
                let log = server.logTail()
                server.stop()
                throw DemoError.serverExited(log: log)
            }
            if let response = try? await transport.send(HTTPRequest(url: server.baseURL.appendingPathComponent("health"))),
                response.status == 200
            {
                return server
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        server.stop()
        throw DemoError.notReady(seconds: Int(timeout.components.seconds))
    }

    fileprivate static func spawn(_ arguments: [String], logPath: String) throws -> pid_t {
        do {
            return try ChildProcess.spawn(arguments, output: .file(logPath), error: .sameAsOutput).pid
        } catch {
            throw DemoError.couldNotStart(error.description)
        }
    }

    /// SIGTERM, again after 3 s (uvicorn waits for open connections after the first and
    /// leaves at once on the second), SIGKILL after 2 s more. Idempotent.
    public func stop() {
        stopped.withLock { stopped in
            guard !stopped else { return }
            stopped = true
            defer {
                DemoServerGuard.forget(pid)
                unlink(logPath)
                parentThread.release()
            }
            if reap() { return }
            kill(pid, SIGTERM)
            if waitForExit(seconds: 3) { return }
            kill(pid, SIGTERM)
            if waitForExit(seconds: 2) { return }
            kill(pid, SIGKILL)
            _ = waitForExit(seconds: 10)
        }
    }

    /// Whether the server is still running (for tests and the command's checks).
    public var isRunning: Bool { !hasExited() }

    private func hasExited() -> Bool {
        stopped.withLock { $0 } || reap()
    }

    private func reap() -> Bool {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        return result == pid || (result == -1 && errno == ECHILD)
    }

    private func waitForExit(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if reap() { return true }
            usleep(10_000)
        }
        return false
    }

    private func logTail() -> String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return String(text.suffix(1500)).trimmed()
    }

    deinit { stop() }

    /// A free port on 127.0.0.1 (bind to port 0, read it back, close).
    static func freeLoopbackPort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw DemoError.couldNotStart("no socket for a free port") }
        defer { close(fd) }
        guard var address = bindLoopback(fd, port: 0) else { throw DemoError.couldNotStart("no free port") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw DemoError.couldNotStart("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether a port on 127.0.0.1 can be bound now.
    static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        return bindLoopback(fd, port: port) != nil
    }

    private static func bindLoopback(_ fd: Int32, port: Int) -> sockaddr_in? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0 ? address : nil
    }
}

/// The thread that starts the server and then waits, doing nothing, until the server has been
/// stopped. The kernel's parent-death signal follows the thread that started a child (not
/// the process), so the thread must outlive the server; threads of the cooperative pool
/// come and go, hence one of our own.
final class ParentThread: Sendable {
    private let done = DispatchSemaphore(value: 0)

    static func spawn(_ arguments: [String], logPath: String) async throws -> (pid_t, ParentThread) {
        let parent = ParentThread()
        let pid = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<pid_t, any Error>) in
            do {
                try BlockingThread.start {
                    do {
                        continuation.resume(returning: try DemoServer.spawn(arguments, logPath: logPath))
                    } catch {
                        continuation.resume(throwing: error)
                        return
                    }
                    parent.done.wait()
                }
            } catch {
                continuation.resume(throwing: error)
            }
        }
        return (pid, parent)
    }

    /// Lets the thread end (after the server has exited).
    func release() { done.signal() }
}

/// Stops the demo server when loowi is ended by a signal or `exit`. A signal handler cannot
/// capture context or take a lock, so the pid is process-global: written before the
/// handlers can run it, read with only async-signal-safe calls (kill, signal, raise).
enum DemoServerGuard {
    // nonisolated(unsafe): written on the main thread while starting and stopping; a
    // handler only reads it, and a stale read at worst signals an exited pid.
    nonisolated(unsafe) static var pid: pid_t = 0
    nonisolated(unsafe) static var installed = false

    static func watch(_ pid: pid_t) {
        self.pid = pid
        guard !installed else { return }
        installed = true
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            signal(sig) { sig in
                if DemoServerGuard.pid > 0 { kill(DemoServerGuard.pid, SIGTERM) }
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
        atexit {
            if DemoServerGuard.pid > 0 { kill(DemoServerGuard.pid, SIGTERM) }
        }
    }

    static func forget(_ pid: pid_t) {
        if self.pid == pid { self.pid = 0 }
    }
}
