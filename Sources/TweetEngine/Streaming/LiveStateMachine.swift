/// The reconnect logic of live updates as a value: inputs in (the connection opened, an event
/// came, it failed, it went silent, a timer elapsed, a poll answered), actions out (connect,
/// wait, poll, say something, fill the gap). No threads, clocks or sockets: the driver
/// (`TweetEngine.liveUpdates`) performs the actions and feeds back what happened, and tests
/// walk it step by step. In the style of async-http-client's connection state machines.
struct LiveStateMachine<Random: RandomNumberGenerator> {
    enum Input: Equatable {
        case start
        /// The stream answered 200.
        case connected
        /// Bytes or an event arrived (heartbeats included).
        case event
        case failed(EngineError)
        /// Nothing arrived for longer than the heartbeat allows: the connection is dead.
        case silence
        /// The delay of the last `wait` elapsed.
        case timer
        /// A poll (or the check that REST works) answered, or failed.
        case polled(succeeded: Bool)
    }

    enum Action: Equatable {
        /// Open the stream now (closing any open one).
        case connect
        /// Close the open stream, if any, and send `.timer` after the delay.
        case wait(Duration)
        /// Ask home and notifications for what is newer, then send `.polled`. `returning`: the
        /// outage that was said, whose return a successful poll says with what it brought.
        case poll(returning: Outage?)
        case announce(LiveEvent)
        /// Ask what arrived while away. `returning`: the outage was said, so its return is said
        /// with what arrived; otherwise (nil) the items simply arrive as events.
        case fillGap(returning: Outage?)
    }

    /// Which outage was said, so its return is said in the same words' counterpart.
    enum Outage: Equatable {
        /// "Live updates stopped": the stream broke after it had been live.
        case stopped
        /// "loowi cannot reach your server": polls (or the check that REST works) fail.
        case unreachable
    }

    enum State: Equatable {
        case idle
        case connecting
        case live
        /// Waiting to connect again.
        case waiting
        /// The stream failed three times: one poll says whether the server answers at all.
        case checking
        case polling
        /// Polling because the stream kept failing while REST answered: the stream is tried
        /// again now and then (a restarted streaming server comes back).
        case retrying
        case ended
    }

    /// Connect failures in a row before asking whether REST works without streaming.
    static var failuresBeforePolling: Int { 3 }
    /// Polls between two tries of the stream, when polling came from failures (5 minutes at
    /// the default minute). A server that said it has no streaming is not asked again.
    static var pollsBetweenStreamTries: Int { 5 }

    private(set) var state: State = .idle
    private let backoff: Backoff
    private let pollEvery: Duration
    private var random: Random
    /// Failed connects (or polls) since the last success.
    private var failures = 0
    /// The outage said and not yet returned from: each is said once each way.
    private var outage: Outage?
    /// The stream was open once: before that, nothing was live, so nothing "stopped".
    private var started = false
    /// The last connection was cut for flooding (a message over the bound, or a reader that far
    /// behind): opening again is not a success until an event comes, so a server that floods
    /// at every connection backs off and is said once, instead of a quiet reconnect a second.
    private var cutForFlooding = false
    private var pollingSaid = false
    /// Polling came from a stream that kept failing (not from a server without streaming).
    private var pollingAfterFailures = false
    private var pollsSinceStreamTry = 0

    init(backoff: Backoff, pollEvery: Duration, random: Random) {
        self.backoff = backoff
        self.pollEvery = pollEvery
        self.random = random
    }

    mutating func receive(_ input: Input) -> [Action] {
        switch (state, input) {
        case (.idle, .start):
            state = .connecting
            return [.connect]
        case (.connecting, .connected):
            return connected()
        case (.live, .event):
            failures = 0
            return []
        case (.connecting, .failed(let error)), (.live, .failed(let error)):
            return failed(error)
        case (.live, .silence):
            return failed(.transport(.timedOut))
        case (.waiting, .timer):
            state = .connecting
            return [.connect]
        case (.checking, .polled(let succeeded)):
            guard succeeded else {
                state = .waiting
                return sayUnreachable() + [.wait(delay())]
            }
            // The poll said the return of an outage it found said.
            if outage == .unreachable { outage = nil }
            return startPolling(afterFailures: true)
        case (.polling, .timer):
            return [.poll(returning: pollReturn)]
        case (.polling, .polled(let succeeded)):
            guard succeeded else {
                failures += 1
                // Said at the first failed poll: within one interval of the server going away.
                return sayUnreachable() + [.wait(pollEvery)]
            }
            failures = 0
            // The poll said the return, with what it brought.
            if outage == .unreachable { outage = nil }
            pollsSinceStreamTry += 1
            guard pollingAfterFailures, pollsSinceStreamTry >= Self.pollsBetweenStreamTries else { return [.wait(pollEvery)] }
            pollsSinceStreamTry = 0
            state = .retrying
            return [.connect]
        case (.retrying, .connected):
            // Live again; the polls kept the buffers current. Said only as the return of an outage said.
            pollingSaid = false
            pollingAfterFailures = false
            return connected()
        case (.retrying, .failed(let error)):
            if Self.refusesLogin(error) { return failed(error) }
            // Still no stream: polling goes on, quietly.
            state = .polling
            return [.wait(pollEvery)]
        default:
            // Stale or impossible inputs (an event after a failure, a timer after the end) change nothing.
            return []
        }
    }

    /// What a poll says on success: the return of an unreachable server. A stream that stopped
    /// is said back when the stream is, not when a poll answers.
    private var pollReturn: Outage? { outage == .unreachable ? .unreachable : nil }

    private mutating func connected() -> [Action] {
        state = .live
        if !cutForFlooding { failures = 0 }
        cutForFlooding = false
        let returning = outage
        outage = nil
        guard started else {
            started = true
            // The first connection: a server that could not be reached at start says its return too.
            return [.announce(.started)] + (returning.map { [.fillGap(returning: $0)] } ?? [])
        }
        return [.fillGap(returning: returning)]
    }

    private mutating func failed(_ error: EngineError) -> [Action] {
        if Self.refusesLogin(error) {
            state = .ended
            return [.announce(.ended(error))]
        }
        if Self.hasNoStreaming(error) { return startPolling(afterFailures: false) }
        if case .transport(.responseTooLarge) = error { cutForFlooding = true }
        failures += 1
        if failures % Self.failuresBeforePolling == 0 {
            state = .checking
            return [.poll(returning: pollReturn)]
        }
        state = .waiting
        // A single break that the first quick reconnect mends is not said (servers and
        // proxies close long streams now and then); a second failure in a row is an outage.
        // Before the stream was ever open nothing was live to stop: the check that follows
        // says whether the server answers at all.
        return (failures >= 2 && started ? sayStopped(error) : []) + [.wait(delay())]
    }

    private mutating func startPolling(afterFailures: Bool) -> [Action] {
        state = .polling
        failures = 0
        pollingAfterFailures = afterFailures
        pollsSinceStreamTry = 0
        var actions: [Action] = []
        // "Every minute" fits a server that has no stream, or one whose stream never opened;
        // a stream that was live and broke was said as stopped, and its return will be said.
        if !pollingSaid, !afterFailures || !started {
            pollingSaid = true
            outage = nil
            actions.append(.announce(.polling(every: pollEvery)))
        }
        // What the app holds is current (it just loaded, or the check's poll brought the rest).
        return actions + [.wait(pollEvery)]
    }

    private mutating func sayStopped(_ error: EngineError) -> [Action] {
        guard outage == nil else { return [] }
        outage = .stopped
        return [.announce(.stopped(error))]
    }

    private mutating func sayUnreachable() -> [Action] {
        guard outage == nil else { return [] }
        outage = .unreachable
        return [.announce(.unreachable(.transport(.connectionLost)))]
    }

    /// Exponential backoff with "equal jitter": half the step fixed, half random, so clients
    /// that lost one server together do not all come back in the same second; never less
    /// than the first step (1 s to 60 s).
    private mutating func delay() -> Duration {
        let step = backoff.delay(forAttempt: failures)
        let half = step / 2
        let milliseconds = max(0, Int(half.components.seconds) * 1000 + Int(half.components.attoseconds / 1_000_000_000_000_000))
        return max(backoff.initial, half + .milliseconds(Int.random(in: 0...milliseconds, using: &random)))
    }

    /// The login was refused, or the address can never work: nothing to retry.
    static func refusesLogin(_ error: EngineError) -> Bool {
        switch error {
        case .http(let status, _): [401, 403].contains(status)
        case .notLoggedIn, .cancelled: true
        case .transport(let transport):
            switch transport {
            case .insecureURL, .invalidURL, .unsupportedScheme, .certificateNotTrusted, .redirectToOtherHost: true
            default: false
            }
        default: false
        }
    }

    /// The server answers but offers no streaming over server-sent events (404 or 501; a 400
    /// or 405 is a WebSocket-only endpoint, as on GoToSocial; 410: switched off).
    static func hasNoStreaming(_ error: EngineError) -> Bool {
        switch error {
        case .streamingUnavailable: true
        case .http(let status, _): [400, 404, 405, 410, 501].contains(status)
        default: false
        }
    }
}
