import FoundationEssentials
import LoowiSupport

/// One API call as a value: what to send, before the server address and the token are
/// added. Built by the per-area enums below as pure functions, so tests can check every
/// request without a network.
public struct Endpoint: Sendable, Equatable {
    public var method: HTTPRequest.Method
    /// The path below the server, e.g. `/api/v1/timelines/home`.
    public var path: String
    public var query: [URLQueryItem]
    /// Sent as `application/x-www-form-urlencoded` (nil: no body).
    public var form: [URLQueryItem]?
    /// False for the few calls made before there is a token (registering the app, …).
    public var authenticated: Bool
    /// A body that is not a form (a file upload): its content type and bytes.
    public var rawBody: Data?
    public var rawContentType: String?
    /// A body read from a file while it is sent (with `rawContentType`).
    public var fileBody: FileBody?

    public init(
        _ method: HTTPRequest.Method, _ path: String, query: [URLQueryItem] = [], form: [URLQueryItem]? = nil,
        authenticated: Bool = true
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
        self.authenticated = authenticated
    }

    /// The request for a server such as `https://mastodon.social` (no token yet).
    public func request(server: URL) -> HTTPRequest {
        var text = server.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if !query.isEmpty { text += "?" + FormEncoding.encode(query) }
        // The path and the encoded query are built from safe characters only.
        let url = URL(string: text) ?? server
        var request = HTTPRequest(method: method, url: url)
        request.setHeader("Accept", "application/json")
        if let form {
            request.setHeader("Content-Type", "application/x-www-form-urlencoded")
            request.body = Data(FormEncoding.encode(form).utf8)
        }
        if let rawBody, let rawContentType {
            request.setHeader("Content-Type", rawContentType)
            request.body = rawBody
        }
        if let fileBody, let rawContentType {
            request.setHeader("Content-Type", rawContentType)
            request.fileBody = fileBody
        }
        return request
    }
}

/// `application/x-www-form-urlencoded`, strictly: everything but unreserved characters is
/// percent-encoded (URLComponents leaves `+` and `&`-like characters that servers misread).
enum FormEncoding {
    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

    static func encode(_ items: [URLQueryItem]) -> String {
        items.map { "\(escape($0.name))=\(escape($0.value ?? ""))" }.joined(separator: "&")
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

extension Array where Element == URLQueryItem {
    /// Appends an item only when the value is present.
    mutating func append(_ name: String, _ value: String?) {
        if let value { append(URLQueryItem(name: name, value: value)) }
    }
}
