internal import CSpawn
#if canImport(Glibc)
    import Glibc
#endif

/// Another program started with `posix_spawn` (corelibs Foundation's `Process` would bring
/// ICU along): the demo's server, the browser's shell, loowi itself for the benchmarks.
public struct ChildProcess: Sendable {
    public let pid: pid_t
    /// The reading end of the child's standard output, when it was asked for as `.pipe`.
    public let output: Int32?

    /// Where one of the child's streams goes.
    public enum Stream: Sendable {
        case inherit, null, pipe
        /// A file, created or truncated (mode 0600).
        case file(String)
        /// Standard error only: the same place as standard output.
        case sameAsOutput
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `arguments[0]` (a path, or a name looked for in PATH) with the rest as its
    /// arguments and this process's environment; standard input is /dev/null unless `input`
    /// is `.inherit`, and no other open file is passed on. Signals this process ignores or
    /// blocks are reset, so SIGTERM stops the child.
    public static func spawn(
        _ arguments: [String], input: Stream = .null, output: Stream = .inherit, error: Stream = .inherit
    ) throws(SpawnError) -> ChildProcess {
        guard let program = arguments.first else { throw SpawnError(description: "nothing to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if case .pipe = output {
            guard pipe(&pipeEnds) == 0 else { throw SpawnError(description: String(cString: strerror(errno))) }
            // Close-on-exec, so another child started later does not hold the write end open
            // (dup2 onto fd 1 clears the flag for this child). pipe2 is not in the Glibc module.
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            // Both ends are closed in the child by the closing of everything above 2, below.
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        }
        redirect(input, to: 0, actions: &actions)
        redirect(output, to: 1, actions: &actions)
        redirect(error, to: 2, actions: &actions)
        // Nothing else is inherited. Another thread may hold a file open without close-on-exec
        // at this moment (FoundationEssentials writes files so): a long-lived child, a browser
        // or a server, would keep it open for its whole life, and a script being written
        // could then not be run ("text file busy").
        let closing = posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        guard closing == 0 else {
            for end in pipeEnds where end >= 0 { close(end) }
            throw SpawnError(description: String(cString: strerror(closing)))
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        // A bare name is looked for in PATH, as a shell would.
        let result =
            program.contains("/")
            ? posix_spawn(&pid, program, &actions, &attributes, argv, environ)
            : posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard result == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw SpawnError(description: String(cString: strerror(result)))
        }
        return ChildProcess(pid: pid, output: pipeEnds[0] >= 0 ? pipeEnds[0] : nil)
    }

    private static func redirect(_ stream: Stream, to descriptor: Int32, actions: inout posix_spawn_file_actions_t) {
        switch stream {
        case .inherit, .pipe: break
        case .null: posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        case .sameAsOutput: posix_spawn_file_actions_adddup2(&actions, 1, descriptor)
        }
    }

    /// Runs `arguments` to its end with no input and its error discarded; its exit code and
    /// standard output (nil when it could not be started).
    public static func run(_ arguments: [String]) -> (code: Int32, output: String)? {
        guard let child = try? spawn(arguments, output: .pipe, error: .null), let reader = child.output else { return nil }
        let bytes = StandardStreams.readAll(from: reader)
        close(reader)
        return (child.wait(), String(decoding: bytes, as: UTF8.self))
    }

    /// Waits for the child to end; its exit code (128 + the signal when a signal ended it).
    @discardableResult
    public func wait() -> Int32 {
        var status: Int32 = 0
        guard retryingInterrupted({ waitpid(pid, &status, 0) }) >= 0 else { return -1 }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
