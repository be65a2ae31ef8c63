import FoundationEssentials
import LoowiSupport
import TweetEngine

/// The checks of each account: its token (verify_credentials), its server's rate limit and
/// streaming, and what waits on this computer (the outbox, the drafts). A token is never
/// printed: an account is named by its handle.
extension Doctor {
    func accounts(_ config: LoowiConfig) async -> [DoctorLine] {
        let s = strings
        let resolver = AccountResolver(environment: world.environment)
        var found: [ResolvedAccount] = []
        var lines: [DoctorLine] = []
        do {
            if let credentials = try resolver.environmentCredentials() {
                found.append(ResolvedAccount(credentials: credentials, source: .environment))
            }
        } catch {
            lines.append(line(s(.subjectAccounts), "\(error)", fix: s(.accountsNoneFix)))
        }
        do {
            found += try resolver.savedAccounts().map { ResolvedAccount(credentials: $0, source: .saved) }
        } catch {
            // An accounts.json others can read, or a damaged one: the engine's own words.
            let message = (error as? EngineError)?.spoken(in: language)
            let advice = message?.advice ?? ""
            lines.append(line(s(.subjectAccounts), message?.description ?? "\(error)", fix: advice.isEmpty ? s(.accountsNoneFix) : advice))
        }
        if found.isEmpty, lines.isEmpty { return [line(s(.subjectAccounts), s(.accountsNone), fix: s(.accountsNoneFix))] }
        for account in found { lines += await check(account, config: config) }
        return lines
    }

    /// The account's lines: its token; when the server answers, its requests left and its
    /// streaming; then the outbox and drafts kept for it here.
    func check(_ account: ResolvedAccount, config: LoowiConfig) async -> [DoctorLine] {
        let s = strings
        var credentials = account.credentials
        let subject =
            account.source == .environment ? s(.subjectEnvironmentAccount, credentials.serverName) : s(.subjectAccount, credentials.handle)
        var lines: [DoctorLine] = []
        let engine: TweetEngine
        do {
            engine = try world.engine(config)
        } catch {
            return [line(subject, "\(error)", fix: s(.certificatesFix))]
        }
        engine.use(credentials)
        let answered = await withinTimeLimit(engine.clock) { try await engine.verifyCredentials() }
        switch answered {
        case nil:
            lines.append(line(subject, s(.accountTimedOut, String(world.timeLimit.components.seconds)), fix: s(.accountTimedOutFix)))
        case .failure(EngineError.http(401, _))?, .failure(EngineError.http(403, _))?:
            lines.append(line(subject, s(.accountRefused), fix: s(.accountLogIn, credentials.serverName)))
        case .failure(EngineError.rateLimited(let reset))?:
            lines.append(line(subject, s(.requestsNone, until(reset)), fix: s(.requestsWait, until(reset))))
        case .failure(let error)?:
            let message = (error as? EngineError)?.spoken(in: language, now: engine.clock.now(), timeZone: world.timeZone)
            lines.append(
                line(
                    subject, message?.description ?? "\(error)",
                    fix: message.map(\.advice).flatMap { $0.isEmpty ? nil : $0 } ?? s(.accountTimedOutFix)))
        case .success(let me)?:
            if account.source == .environment {
                credentials.accountID = me.id
                credentials.username = me.acct
            }
            lines.append(line(subject, s(.accountWorks, "@" + me.acct)))
            lines.append(requests(engine.rateLimit, server: credentials.serverName))
            lines.append(await live(engine, server: credentials.serverName, pollSeconds: config.pollSeconds))
        }
        let owner = Outbox.owner(of: ResolvedAccount(credentials: credentials, source: account.source))
        lines.append(outbox(Outbox(paths: world.paths, account: owner), handle: credentials.handle))
        if credentials.username != nil {
            lines.append(drafts(DraftStore(paths: world.paths, account: credentials.handle), handle: credentials.handle))
        }
        return lines
    }

    /// The last answer's `X-RateLimit-*` figures (clamped by the engine where they were read).
    func requests(_ budget: RateLimitStatus?, server: String) -> DoctorLine {
        let s = strings
        let subject = s(.subjectRequests, server)
        guard let budget, let remaining = budget.remaining else { return line(subject, s(.requestsUnknown)) }
        if remaining == 0, let reset = budget.resetsAt {
            return line(subject, s(.requestsNone, until(reset)), fix: s(.requestsWait, until(reset)))
        }
        guard let limit = budget.limit else { return line(subject, s(.requestsUnknown)) }
        if let reset = budget.resetsAt { return line(subject, s(.requestsLeft, String(remaining), String(limit), until(reset))) }
        return line(subject, s(.requestsLeftNoReset, String(remaining), String(limit)))
    }

    /// What is true today: the user stream opens (server-sent events), or there is none and
    /// loowi asks every poll_seconds. Neither needs the user: loowi works either way.
    func live(_ engine: TweetEngine, server: String, pollSeconds: Int) async -> DoctorLine {
        let s = strings
        let subject = s(.subjectLive, server)
        switch await engine.probeStreaming(within: world.timeLimit) {
        case .serverSentEvents:
            return line(subject, s(.liveStreams))
        case .webSocket:
            return line(subject, s(.liveWebSocket))
        case .unavailable:
            return line(subject, s(.liveNone, String(pollSeconds)))
        case .failed(let error):
            var reason = error.spoken(in: language).description
            while reason.hasSuffix(".") { reason.removeLast() }
            return line(subject, s(.liveFailed, reason, String(pollSeconds)))
        }
    }

    func outbox(_ outbox: Outbox, handle: String) -> DoctorLine {
        let s = strings
        let subject = s(.subjectOutbox, handle)
        if let problem = outbox.problem { return kept(problem, subject: subject) }
        let waiting = outbox.all.count
        return line(subject, waiting == 0 ? s(.outboxEmpty) : waiting == 1 ? s(.outboxOne) : s(.outboxMany, String(waiting)))
    }

    func drafts(_ drafts: DraftStore, handle: String) -> DoctorLine {
        let s = strings
        let subject = s(.subjectDrafts, handle)
        if let problem = drafts.problem { return kept(problem, subject: subject) }
        let count = drafts.all.count
        return line(subject, count == 0 ? s(.draftsNone) : count == 1 ? s(.draftsOne) : s(.draftsMany, String(count)))
    }

    /// A file that could not be read whole: where what was lost is kept, or why it cannot be touched.
    private func kept(_ problem: RecoverableFile.Problem, subject: String) -> DoctorLine {
        let s = strings
        switch problem {
        case .movedAside(let keptAt):
            return line(subject, s(.fileMovedAside, keptAt), fix: s(.fileKeptFix, keptAt))
        case .someUnreadable(let count, let keptAt), .recovered(_, let count, let keptAt):
            return line(subject, s(.fileRecovered, String(count), keptAt), fix: s(.fileKeptFix, keptAt))
        case .untouchable(let path, let reason):
            return line(subject, s(.fileUntouchable, path, reason.spoken(in: language)), fix: s(.fileUntouchableFix, path))
        }
    }

    private func until(_ date: Date) -> String { ClockTime.until(date, language: language, timeZone: world.timeZone) }

    /// `body`'s result, or nil when `limit` passes first on `clock` (the request is then
    /// cancelled).
    func withinTimeLimit<T: Sendable>(_ clock: any EngineClock, _ body: @escaping @Sendable () async throws -> T) async -> Result<T, any Error>? {
        let limit = world.timeLimit
        return await withTaskGroup(of: Result<T, any Error>?.self) { group in
            group.addTask {
                do { return .success(try await body()) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await clock.sleep(for: limit) } catch {}
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
