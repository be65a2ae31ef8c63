import FoundationEssentials
import LoowiSupport

extension TweetEngine {
    /// The Authorization header for a request to `url`: only the account's own origin
    /// (scheme, host and port) is given the token; a Link header, stream address or other
    /// port on the same host pointing elsewhere is refused.
    static func authorization(_ credentials: Credentials, for url: URL) throws(EngineError) -> String {
        guard RedirectPolicy.isSameOrigin(credentials.server, url) else {
            let host = Sanitizer.clean(url.host ?? url.absoluteString, for: .line)
            throw .transport(.redirectToOtherHost(host))
        }
        return try credentials.accessToken.bearer()
    }

    /// Sends an endpoint for the current account.
    func perform(_ endpoint: Endpoint, idempotencyKey: String? = nil) async throws -> HTTPResponse {
        guard let server = credentials?.server else { throw EngineError.notLoggedIn }
        return try await perform(endpoint, server: server, idempotencyKey: idempotencyKey)
    }

    func perform(_ endpoint: Endpoint, server: URL, idempotencyKey: String? = nil) async throws -> HTTPResponse {
        var request = endpoint.request(server: server)
        if let idempotencyKey { request.setHeader("Idempotency-Key", idempotencyKey) }
        return try await send(request, authenticated: endpoint.authenticated)
    }

    /// The one way requests leave the engine: adds the token (only for the account's own
    /// origin), respects the rate limit, and turns every failure into an `EngineError`.
    /// A token that cannot be a header is refused before the request is made (and commands
    /// refuse such a LOOWI_TOKEN before any request: `AccountResolver`); requests without the
    /// token (a new login's) still go, so a login can replace it.
    func send(_ original: HTTPRequest, authenticated: Bool) async throws -> HTTPResponse {
        var request = original
        if authenticated {
            guard let credentials else { throw EngineError.notLoggedIn }
            request.setHeader("Authorization", try Self.authorization(credentials, for: request.url))
        }
        var waits = 0
        while true {
            try await waitForRateLimit(waits: &waits)
            let response: HTTPResponse
            do {
                response = try await transport.send(request)
            } catch let error as TransportError {
                throw error == .cancelled ? EngineError.cancelled : EngineError.transport(error)
            } catch let error as EngineError {
                throw error
            } catch is CancellationError {
                throw EngineError.cancelled
            } catch {
                throw EngineError.transport(.other(code: -1, message: Sanitizer.clean(String(describing: error), for: .line)))
            }
            let now = clock.now()
            let budget = RateLimitStatus.parse(response, now: now)
            if response.status == 429 {
                let retryAfter = response.header("Retry-After").flatMap { RateLimitStatus.parseRetryAfter($0, now: now) }
                // 1 s ... 24 h from now: a reset already past cannot cause a tight loop, and a
                // hostile one cannot overflow the wait.
                let until = ServerNumber.waitEnd(budget?.resetsAt ?? retryAfter ?? now.addingTimeInterval(60), now: now)
                state.withLock {
                    $0.rateLimit = budget ?? RateLimitStatus(limit: $0.rateLimit?.limit, remaining: 0, resetsAt: until)
                    $0.blockedUntil = until
                }
                continue
            }
            if let budget { state.withLock { $0.rateLimit = budget } }
            guard response.isSuccess else {
                throw EngineError.http(status: response.status, message: Self.serverMessage(response))
            }
            return response
        }
    }

    /// Waits (through the clock) while the server asked loowi to stop, or throws when the
    /// wait is too long or has already happened too often for this call. Every wait is
    /// reported first (`Options.onEvent` and `TweetEngine.eventHandler`), also a wait on a
    /// block left by an earlier, cancelled call: nothing waits without a word.
    private func waitForRateLimit(waits: inout Int) async throws {
        let now = clock.now()
        let until: Date? = state.withLock { state in
            if let blocked = state.blockedUntil, blocked > now { return blocked }
            if let budget = state.rateLimit, budget.remaining == 0, let reset = budget.resetsAt, reset > now {
                return reset
            }
            return nil
        }
        guard let until else { return }
        let wait = ServerNumber.duration(seconds: until.timeIntervalSince(now))
        guard wait <= options.maximumRateLimitWait, waits < options.rateLimitWaits else {
            throw EngineError.rateLimited(until: until)
        }
        waits += 1
        report(.waitingForRateLimit(until: until))
        do {
            try await clock.sleep(for: wait)
        } catch {
            throw EngineError.cancelled
        }
        // A clock that ignores cancellation must not let a cancelled call go on to the server.
        if Task.isCancelled { throw EngineError.cancelled }
    }

    func report(_ event: EngineEvent) {
        options.onEvent?(event)
        Self.eventHandler?(event)
    }

    /// Mastodon errors are `{"error": "…"}` (OAuth adds `error_description`).
    static func serverMessage(_ response: HTTPResponse) -> String? {
        struct Body: Decodable {
            let error: String?
            let error_description: String?
        }
        guard let body = try? JSONDecoder().decode(Body.self, from: response.body) else { return nil }
        let text = body.error_description ?? body.error
        guard let text else { return nil }
        let clean = Sanitizer.clean(text, for: .line).trimmingSpaces()
        return clean.isEmpty ? nil : String(clean.prefix(300))
    }

    func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse) throws -> T {
        do {
            // Models and lists of models take the fast path; anything else, JSONDecoder.
            if let fast = T.self as? any JSONTopLevel.Type, let value = try Self.fastDecode(fast, response.body) as? T {
                return value
            }
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw EngineError.decoding(detail: Sanitizer.clean(String(describing: error).prefix(500).description, for: .line))
        }
    }

    private static func fastDecode<T: JSONTopLevel>(_ type: T.Type, _ body: Data) throws -> T {
        try FastJSON.decode(T.self, from: body)
    }

    func fetch<T: Decodable>(_ type: T.Type, _ endpoint: Endpoint, idempotencyKey: String? = nil) async throws -> T {
        try decode(T.self, from: try await perform(endpoint, idempotencyKey: idempotencyKey))
    }

    static let unreadablePagesToGiveUp = 3

    /// As many items as possible up to `limit`, with the fewest requests: each page asks for
    /// `min(pageSize, what is still missing)`, and `rel="next"` is followed whole. A link to
    /// another host is never followed (it would not get the token anyway): paging stops there
    /// and what was read is returned, rather than failing the whole command.
    func collect<T: Decodable & Sendable>(
        upTo limit: Int, pageSize: Int, from start: URL? = nil, firstPage: ((Int) -> Endpoint)? = nil,
        singleRequest: Bool = false
    ) async throws -> Page<T> {
        guard let server = credentials?.server else { throw EngineError.notLoggedIn }
        var items: [T] = []
        var next: URL? = start
        var previous: URL? = nil
        var requests = 0
        var unreadablePages = 0
        repeat {
            let wanted = min(pageSize, limit - items.count)
            let request: HTTPRequest
            if let url = next {
                var page = HTTPRequest(url: url.settingLimit(wanted))
                page.setHeader("Accept", "application/json")
                request = page
            } else if let firstPage {
                request = firstPage(wanted).request(server: server)
            } else {
                break
            }
            let response = try await send(request, authenticated: true)
            requests += 1
            let list = try decode(LenientList<T>.self, from: response)
            let links = response.header("Link").map { LinkHeader($0, base: response.url) } ?? LinkHeader()
            let onServer = { (url: URL?) in url.flatMap { RedirectPolicy.isSameHost(server, $0) ? $0 : nil } }
            if requests == 1 { previous = onServer(links.previous) }
            items.append(contentsOf: list.elements)
            next = onServer(links.next)
            if list.elements.isEmpty && list.skipped == 0 { next = nil }
            // A server whose pages hold nothing readable, each with a next link, would
            // otherwise be asked forever: three such pages in a row end the list.
            unreadablePages = list.elements.isEmpty ? unreadablePages + 1 : 0
            if unreadablePages >= Self.unreadablePagesToGiveUp { next = nil }
        } while !singleRequest && next != nil && items.count < limit
        return Page(items: Array(items.prefix(limit)), next: next, previous: previous, requests: requests)
    }
}
