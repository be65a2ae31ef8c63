import Foundation
import Testing
@testable import TweetEngine

/// libcurl over real loopback HTTP, against the probe server.
@Suite("CurlTransport over real HTTP", .serialized, .timeLimit(.minutes(5)))
struct CurlTransportTests {
    struct Echo: Decodable {
        let method: String
        let path: String
        let headers: [[String]]
        let body: String
        let client_port: Int

        func header(_ name: String) -> String? {
            headers.first { $0[0].lowercased() == name.lowercased() }?[1]
        }
    }

    let transport = CurlTransport(
        configuration: .init(userAgent: "loowi/9.9.9", totalTimeout: .seconds(20), maximumResponseBytes: 64 * 1024))

    @Test func sendsMethodHeadersBodyAndUserAgent() async throws {
        try await withServer(LocalServer.startProbe) { server in
            var request = HTTPRequest(
                method: .post, url: server.baseURL.appendingPathComponent("echo"),
                headers: [HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
                body: Data("status=hello%20world".utf8))
            request.setHeader("Authorization", "Bearer secret-token")
            let response = try await transport.send(request)
            #expect(response.status == 200)
            let echo = try JSONDecoder().decode(Echo.self, from: response.body)
            #expect(echo.method == "POST")
            #expect(echo.body == "status=hello%20world")
            #expect(echo.header("User-Agent") == "loowi/9.9.9")
            #expect(echo.header("Authorization") == "Bearer secret-token")
            #expect(echo.header("Expect") == nil)
        }
    }

    @Test func putPatchAndDeleteUseTheirMethods() async throws {
        try await withServer(LocalServer.startProbe) { server in
            for method in [HTTPRequest.Method.put, .patch, .delete] {
                let response = try await transport.send(
                    HTTPRequest(method: method, url: server.baseURL.appendingPathComponent("echo"), body: Data("x=1".utf8)))
                let echo = try JSONDecoder().decode(Echo.self, from: response.body)
                #expect(echo.method == method.rawValue)
                #expect(echo.body == "x=1")
            }
        }
    }

    @Test func decodesGzipAndOffersEncodings() async throws {
        try await withServer(LocalServer.startProbe) { server in
            let response = try await transport.send(HTTPRequest(url: server.baseURL.appendingPathComponent("gzip")))
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            #expect(object?["compressed"] as? Bool == true)
            let offered = (object?["accept_encoding"] as? String) ?? ""
            #expect(offered.contains("gzip"))
        }
    }

    /// libcurl re-sends a request on its own when a reused connection turns out dead; a
    /// post must never be sent twice that way, so it never rides a reused connection.
    @Test func aPostWithAnIdempotencyKeyGetsAFreshConnection() async throws {
        try await withServer(LocalServer.startProbe) { server in
            let url = server.baseURL.appendingPathComponent("echo")
            let first = try JSONDecoder().decode(Echo.self, from: try await transport.send(HTTPRequest(url: url)).body)
            var post = HTTPRequest(method: .post, url: url, body: Data("status=hi".utf8))
            post.setHeader("Idempotency-Key", "k1")
            let posted = try JSONDecoder().decode(Echo.self, from: try await transport.send(post).body)
            #expect(posted.client_port != first.client_port)
        }
    }

    @Test func reusesTheConnectionForSequentialRequests() async throws {
        try await withServer(LocalServer.startProbe) { server in
            let url = server.baseURL.appendingPathComponent("echo")
            let first = try JSONDecoder().decode(Echo.self, from: try await transport.send(HTTPRequest(url: url)).body)
            let second = try JSONDecoder().decode(Echo.self, from: try await transport.send(HTTPRequest(url: url)).body)
            // The same client port means the same TCP connection was kept alive and reused.
            #expect(first.client_port == second.client_port)
        }
    }

    @Test func capsTheResponseSize() async throws {
        try await withServer(LocalServer.startProbe) { server in
            let small = try await transport.send(HTTPRequest(url: URL(string: "\(server.baseURL)/big?bytes=1000")!))
            #expect(small.body.count == 1000)
            await #expect(throws: TransportError.responseTooLarge(limit: 64 * 1024)) {
                _ = try await transport.send(HTTPRequest(url: URL(string: "\(server.baseURL)/big?bytes=200000")!))
            }
        }
    }

    @Test func followsSameHostRedirectsOnly() async throws {
        try await withServer(LocalServer.startProbe) { server in
            var request = HTTPRequest(url: server.baseURL.appendingPathComponent("redirect-same"))
            request.setHeader("Authorization", "Bearer secret-token")
            let response = try await transport.send(request)
            let echo = try JSONDecoder().decode(Echo.self, from: response.body)
            #expect(echo.path == "/echo?redirected=1")
            #expect(response.url.absoluteString.hasSuffix("/echo?redirected=1"))

            await #expect(throws: TransportError.redirectToOtherHost("127.0.0.2")) {
                _ = try await transport.send(
                    HTTPRequest(url: server.baseURL.appendingPathComponent("redirect-other"),
                                headers: [HTTPHeader(name: "Authorization", value: "Bearer secret-token")]))
            }
        }
    }

    @Test func timesOutAndConnectFailuresAreTyped() async throws {
        _ = try await withServer(LocalServer.startProbe) { server in
            await #expect(throws: TransportError.timedOut) {
                _ = try await transport.send(
                    HTTPRequest(url: URL(string: "\(server.baseURL)/slow?ms=4000")!, timeout: .milliseconds(500)))
            }
        }
        let closedPort = try LocalServer.freeLoopbackPort()
        await #expect(throws: TransportError.couldNotConnect) {
            _ = try await transport.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(closedPort)/")!))
        }
    }

    @Test func cancellingTheTaskStopsTheTransfer() async throws {
        try await withServer(LocalServer.startProbe) { server in
            let transport = self.transport
            let task = Task {
                try await transport.send(HTTPRequest(url: URL(string: "\(server.baseURL)/slow?ms=8000")!))
            }
            try await Task.sleep(for: .milliseconds(300))
            task.cancel()
            let result = await task.result
            #expect(throws: TransportError.cancelled) { try result.get() }
        }
    }
}

/// URL and redirect rules, without a network.
@Suite(.timeLimit(.minutes(5))) struct TransportPolicyTests {
    @Test func plainHTTPOnlyForLoopback() throws {
        try URLPolicy.check(URL(string: "https://mastodon.social/api/v1/instance")!)
        try URLPolicy.check(URL(string: "http://127.0.0.1:3000/")!)
        try URLPolicy.check(URL(string: "http://127.9.8.7/")!)
        try URLPolicy.check(URL(string: "http://localhost:8080/")!)
        try URLPolicy.check(URL(string: "http://[::1]:8080/")!)
        #expect(throws: TransportError.insecureURL("http://mastodon.social/")) {
            try URLPolicy.check(URL(string: "http://mastodon.social/")!)
        }
        #expect(throws: TransportError.insecureURL("http://127.0.0.1.evil.example/")) {
            try URLPolicy.check(URL(string: "http://127.0.0.1.evil.example/")!)
        }
        #expect(throws: TransportError.unsupportedScheme("ftp")) {
            try URLPolicy.check(URL(string: "ftp://127.0.0.1/")!)
        }
    }

    @Test func insecureURLIsRefusedBeforeAnyConnection() async {
        let transport = CurlTransport()
        await #expect(throws: TransportError.insecureURL("http://example.com/api")) {
            _ = try await transport.send(HTTPRequest(url: URL(string: "http://example.com/api")!))
        }
    }

    @Test func redirectToAnotherHostOrPortIsRefused() throws {
        let request = HTTPRequest(
            url: URL(string: "https://a.example/api/v1/x")!,
            headers: [HTTPHeader(name: "Authorization", value: "Bearer t")])
        let other = HTTPResponse(status: 302, headers: [HTTPHeader(name: "Location", value: "https://b.example/x")], url: request.url)
        #expect(throws: TransportError.redirectToOtherHost("b.example")) { try RedirectPolicy.follow(other, from: request) }
        let otherPort = HTTPResponse(status: 307, headers: [HTTPHeader(name: "Location", value: "https://a.example:8443/x")], url: request.url)
        #expect(throws: TransportError.redirectToOtherHost("a.example")) { try RedirectPolicy.follow(otherPort, from: request) }
        let same = HTTPResponse(status: 301, headers: [HTTPHeader(name: "location", value: "/api/v2/x")], url: request.url)
        let next = try RedirectPolicy.follow(same, from: request)
        #expect(next?.url.absoluteString == "https://a.example/api/v2/x")
        #expect(next?.header("Authorization") == "Bearer t")
    }

    /// Issue 35, item 11: an upgrade to https is followed, to another port too, but the
    /// token does not go with it.
    @Test func anUpgradeToAnotherOriginLeavesTheTokenBehind() throws {
        let request = HTTPRequest(
            url: URL(string: "http://127.0.0.1:3000/api/v1/x")!,
            headers: [HTTPHeader(name: "Authorization", value: "Bearer t"), HTTPHeader(name: "Accept", value: "application/json")])
        let upgrade = HTTPResponse(status: 301, headers: [HTTPHeader(name: "Location", value: "https://127.0.0.1:3443/api/v1/x")], url: request.url)
        let next = try #require(try RedirectPolicy.follow(upgrade, from: request))
        #expect(next.url.absoluteString == "https://127.0.0.1:3443/api/v1/x")
        #expect(next.header("Authorization") == nil)
        #expect(next.header("Accept") == "application/json")
    }

    @Test func postBecomesGetAfter303AndKeepsMethodAfter307() throws {
        let post = HTTPRequest(method: .post, url: URL(string: "https://a.example/p")!, body: Data("a=1".utf8))
        let seeOther = HTTPResponse(status: 303, headers: [HTTPHeader(name: "Location", value: "/q")], url: post.url)
        let afterSeeOther = try #require(try RedirectPolicy.follow(seeOther, from: post))
        #expect(afterSeeOther.method == .get)
        #expect(afterSeeOther.body == nil)
        let temporary = HTTPResponse(status: 307, headers: [HTTPHeader(name: "Location", value: "/q")], url: post.url)
        let afterTemporary = try #require(try RedirectPolicy.follow(temporary, from: post))
        #expect(afterTemporary.method == .post)
        #expect(afterTemporary.body == Data("a=1".utf8))
    }

    @Test func descriptionsNeverShowTheToken() {
        var request = HTTPRequest(method: .post, url: URL(string: "https://a.example/oauth/token?code=abc&x=1")!, body: Data("client_secret=s3cret".utf8))
        request.setHeader("Authorization", "Bearer super-secret-token")
        for text in [request.description, request.debugDescription, String(describing: request), String(reflecting: request), "\(request.headers)"] {
            #expect(!text.contains("super-secret-token"))
            #expect(!text.contains("s3cret"))
            #expect(!text.contains("code=abc"))
        }
        var dumped = ""
        dump(request, to: &dumped)
        #expect(!dumped.contains("super-secret-token"))
        #expect(request.description.contains("Authorization: <redacted>"))
    }
}
