import FoundationEssentials
import LoowiSupport

/// The client's half of the opening handshake (RFC 6455 section 4.1): the HTTP/1.1 upgrade
/// request, and the check of the server's answer. A pure value, tested without a network.
struct WebSocketHandshake: Sendable {
    /// The GUID RFC 6455 appends to the key before hashing.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// An answer head longer than this is not a WebSocket server's.
    static let maximumHeadBytes = 16 * 1024

    /// `Sec-WebSocket-Key`: 16 random bytes in base64, new for every connection.
    let key: String

    init(keyBytes: [UInt8]) {
        key = Data(keyBytes).base64EncodedString()
    }

    init<R: RandomNumberGenerator>(using random: inout R) {
        self.init(keyBytes: WebSocketFrameEncoder.randomBytes(16, using: &random))
    }

    /// What the server must answer in `Sec-WebSocket-Accept`.
    static func accept(for key: String) -> String {
        Data(SHA1.hash(Array((key + guid).utf8))).base64EncodedString()
    }

    /// `url` without its path and query: what libcurl connects to. The query may hold the
    /// token (`access_token`), so only this ever reaches libcurl or an error's words.
    static func origin(of url: URL) -> URL {
        let host = url.host ?? ""
        let text = "\(url.scheme ?? "https")://\(host.contains(":") ? "[\(host)]" : host)\(url.port.map { ":\($0)" } ?? "")/"
        return URL(string: text) ?? url
    }

    /// The upgrade request for `url` (http or https: libcurl made the connection already),
    /// with `headers` (the Authorization) and the user agent.
    func request(for url: URL, headers: [HTTPHeader], userAgent: String) -> [UInt8] {
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query, !query.isEmpty { target += "?" + query }
        let host = url.host ?? ""
        var authority = host.contains(":") ? "[\(host)]" : host
        let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
        if let port = url.port, port != defaultPort { authority += ":\(port)" }
        var lines = [
            "GET \(target) HTTP/1.1",
            "Host: \(authority)",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
            "User-Agent: \(userAgent)",
        ]
        // A header value never carries a line break (the request would be split).
        // (Scalars, not Characters: "\r\n" is one Character, equal to neither.)
        for header in headers where !(header.name + header.value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) {
            lines.append("\(header.name): \(header.value)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The server's answer head, once whole.
    struct Answer: Sendable, Equatable {
        var status: Int
        var headers: [HTTPHeader]

        func value(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    enum Failure: Error, Sendable, Equatable {
        /// Not HTTP, or a head without end.
        case malformed
        /// 101, but not the upgrade this key asked for (wrong accept, no upgrade header, an
        /// extension loowi did not offer).
        case notAnUpgrade
    }

    /// Reads the answer head from the bytes received so far: nil while it is incomplete,
    /// else the answer and the bytes after it (the first frames may come in the same read).
    static func parseAnswer(_ bytes: [UInt8]) throws(Failure) -> (answer: Answer, rest: [UInt8])? {
        let end: Int? = bytes.withUnsafeBufferPointer { raw in
            guard raw.count >= 4 else { return nil }
            for index in 0...(raw.count - 4)
            where raw[index] == 13 && raw[index + 1] == 10 && raw[index + 2] == 13 && raw[index + 3] == 10 {
                return index
            }
            return nil
        }
        guard let end else {
            if bytes.count > maximumHeadBytes { throw .malformed }
            return nil
        }
        guard end <= maximumHeadBytes else { throw .malformed }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let statusLine = lines.first else { throw .malformed }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]) else {
            throw .malformed
        }
        var headers: [HTTPHeader] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            headers.append(HTTPHeader(name: Sanitizer.clean(name, for: .line), value: Sanitizer.clean(value, for: .line)))
        }
        return (Answer(status: status, headers: headers), Array(bytes[(end + 4)...]))
    }

    /// Whether a 101 answer is the upgrade this handshake asked for.
    func check(_ answer: Answer) throws(Failure) {
        guard answer.status == 101,
            answer.value("Upgrade")?.lowercased() == "websocket",
            answer.value("Connection")?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingSpaces() == "upgrade"
            }) == true,
            answer.value("Sec-WebSocket-Accept") == Self.accept(for: key),
            // loowi offers no extension (no compression), so a server may not choose one.
            (answer.value("Sec-WebSocket-Extensions") ?? "").isEmpty
        else { throw .notAnUpgrade }
    }
}
