import FoundationEssentials
import LoowiSupport

/// One HTTP request as a plain value. Built by endpoints, sent by a transport.
public struct HTTPRequest: Sendable, Equatable {
    public enum Method: String, Sendable, Equatable {
        case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE"
    }

    public var method: Method
    public var url: URL
    /// Ordered, because some servers care about header order and tests compare requests.
    public var headers: [HTTPHeader]
    public var body: Data?
    /// A body sent from a file as it is read (an upload); used instead of `body`.
    public var fileBody: FileBody?
    /// Overrides the transport's total timeout for this request (nil: the transport's default).
    public var timeout: Duration?

    public init(
        method: Method = .get, url: URL, headers: [HTTPHeader] = [], body: Data? = nil,
        timeout: Duration? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// The first value of a header, compared without case as HTTP requires.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringCase(name) }?.value
    }

    /// Sets a header, replacing any existing value with the same name.
    public mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.name.equalsIgnoringCase(name) }
        headers.append(HTTPHeader(name: name, value: value))
    }

    /// A request that publishes something (it carries an idempotency key): the transport
    /// must never repeat it on its own.
    public var mustNotBeRepeated: Bool { header("Idempotency-Key") != nil }

    public mutating func removeHeader(_ name: String) {
        headers.removeAll { $0.name.equalsIgnoringCase(name) }
    }
}

public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Headers whose values are secrets: never shown in descriptions or logs.
    static let secretNames: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    var isSecret: Bool { Self.secretNames.contains(name.lowercased()) }
}

// The token travels in the Authorization header and OAuth secrets travel in bodies, so a
// request printed for debugging shows neither: header values are redacted and the body is
// summarised by size only.
extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        var text = "\(method.rawValue) \(url.redactingQuerySecrets)"
        for header in headers {
            text += "\n\(header.name): \(header.isSecret ? "<redacted>" : header.value)"
        }
        if let body { text += "\n<body: \(body.count) bytes>" }
        if let fileBody { text += "\n<body: \(fileBody.count) bytes, from a file>" }
        return text
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

extension HTTPHeader: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "\(name): \(isSecret ? "<redacted>" : value)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

extension URL {
    /// The URL with the values of secret-looking query items replaced, for descriptions.
    /// (The streaming API accepts `access_token` in the query; loowi never puts it there,
    /// but a URL from a server's Link header could carry anything.)
    var redactingQuerySecrets: String {
        guard var parts = URLComponents(url: self, resolvingAgainstBaseURL: false),
            let items = parts.queryItems, !items.isEmpty
        else { return absoluteString }
        let secret: Set<String> = ["access_token", "token", "client_secret", "code", "code_verifier"]
        parts.queryItems = items.map {
            secret.contains($0.name.lowercased()) ? URLQueryItem(name: $0.name, value: "redacted") : $0
        }
        return parts.string ?? "<url>"
    }
}
