import FoundationEssentials
import LoowiSupport

/// Which URLs loowi may contact: `https` anywhere, plain `http` only on this machine.
enum URLPolicy {
    static func check(_ url: URL) throws(TransportError) {
        guard let scheme = url.scheme?.lowercased() else {
            throw .invalidURL(url.absoluteString)
        }
        guard let host = url.host, !host.isEmpty else { throw .invalidURL(url.absoluteString) }
        switch scheme {
        case "https": return
        case "http":
            guard isLoopback(host: host) else { throw .insecureURL(url.absoluteString) }
        default:
            throw .unsupportedScheme(scheme)
        }
    }

    static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host else { return false }
        return isLoopback(host: host)
    }

    /// `localhost` counts because libcurl (7.78+) resolves it to loopback without asking DNS.
    static func isLoopback(host rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { part in
            guard let value = Int(part), part.allSatisfy(\.isASCII) else { return false }
            return (0...255).contains(value)
        }
    }
}

/// Same-host redirects only: a redirect elsewhere is refused, so the Authorization header
/// can never reach another host.
enum RedirectPolicy {
    static func follow(_ response: HTTPResponse, from request: HTTPRequest) throws(TransportError) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status),
            let location = response.header("Location")
        else { return nil }
        // The Location header is server text: it is sanitised before it can reach an error
        // message that will be spoken.
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL else {
            throw .invalidURL(Sanitizer.clean(location, for: .line))
        }
        guard isSameHost(request.url, target) else {
            throw .redirectToOtherHost(Sanitizer.clean(target.host ?? location, for: .line))
        }
        try URLPolicy.check(target)
        var next = request
        next.url = target
        // An http→https upgrade is followed but is another origin (scheme, and often port):
        // the token stays behind (issue 35: it goes to the account's own origin only).
        if !isSameOrigin(request.url, target) { next.removeHeader("Authorization") }
        if response.status == 303
            || ((response.status == 301 || response.status == 302) && request.method != .get)
        {
            // As browsers do: these turn into a GET without a body.
            next.method = .get
            next.body = nil
            next.fileBody = nil
            next.removeHeader("Content-Type")
        }
        return next
    }

    static func isSameHost(_ a: URL, _ b: URL) -> Bool {
        guard let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased(), hostA == hostB else {
            return false
        }
        let schemeA = a.scheme?.lowercased(), schemeB = b.scheme?.lowercased()
        if schemeA == "http" && schemeB == "https" { return true }  // an upgrade is fine
        return schemeA == schemeB && effectivePort(a) == effectivePort(b)
    }

    /// The same scheme, host and port (a missing port is the scheme's own): the only
    /// address the token is sent to.
    static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        guard let hostA = a.host?.lowercased(), let hostB = b.host?.lowercased(), hostA == hostB,
            let schemeA = a.scheme?.lowercased(), schemeA == b.scheme?.lowercased()
        else { return false }
        return effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    }
}
