import FoundationEssentials
import LoowiSupport
internal import CCurl

/// One libcurl easy handle. Not Sendable on purpose: it is created on a worker thread and
/// used only there. `curl_easy_reset` between requests keeps its connection cache, so
/// consecutive requests to the same server reuse the connection.
final class CurlEasyHandle {
    let handle: UnsafeMutableRawPointer
    let curl: UnsafePointer<CCurl_functions>
    /// libcurl's words for the last failure (CURLOPT_ERRORBUFFER), read to tell a plain-HTTP
    /// peer from other TLS failures.
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))

    /// nil when libcurl could not be opened (`CurlGlobal.problem`) or made no handle. Made on
    /// libcurl's own threads only, which wait here while a start holds the opening (`CurlOpening`).
    init?() {
        CurlOpening.waitIfHeld()
        guard let curl = CurlGlobal.functions, let handle = curl.pointee.curl_easy_init() else { return nil }
        self.curl = curl
        self.handle = handle
    }

    deinit {
        curl.pointee.curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    func perform(
        _ request: HTTPRequest, configuration: CurlTransport.Configuration, transfer: CurlTransfer,
        streaming: Bool
    ) -> Result<HTTPResponse, TransportError> {
        curl.pointee.curl_easy_reset(handle)
        var headerList: UnsafeMutablePointer<curl_slist>? = nil
        defer { curl.pointee.curl_slist_free_all(headerList) }

        let url = request.url
        set(CURLOPT_URL, url.absoluteString)
        set(CURLOPT_NOSIGNAL, 1)
        errorBuffer[0] = 0
        _ = CCurl_easy_setopt_pointer(curl, handle, CURLOPT_ERRORBUFFER, errorBuffer)
        if let refused = setSecurityOptions(configuration, loopback: URLPolicy.isLoopback(url)) {
            // Fail closed: a request is never sent without every safety option in force.
            return .failure(.securitySetupFailed(refused))
        }
        // A post gets a connection of its own: on a kept-alive connection that turns out
        // dead, libcurl silently sends the request again, and the server may already have
        // published the first (GoToSocial ignores Idempotency-Key). A fresh connection is
        // never retried that way; the outbox decides about any retry.
        if request.mustNotBeRepeated { set(CURLOPT_FRESH_CONNECT, 1) }
        set(CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.milliseconds)
        if streaming {
            // No total timeout for a stream; a silent connection (no heartbeat for a
            // minute) is treated as lost instead (`performWaitingForBytes`, not libcurl's
            // low-speed check, whose timer wakes the thread every second).
            set(CURLOPT_TCP_KEEPALIVE, 1)
            // The queue's bound counts chunks of this size (`CurlTransport.streamQueueChunks`).
            set(CURLOPT_BUFFERSIZE, CurlTransport.streamChunkBytes)
        } else {
            set(CURLOPT_TIMEOUT_MS, (request.timeout ?? configuration.totalTimeout).milliseconds)
            _ = CCurl_easy_setopt_off_t(curl, handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.limit))
        }
        // "" asks libcurl to offer every encoding it can decode (gzip, deflate, …).
        set(CURLOPT_ACCEPT_ENCODING, "")
        set(CURLOPT_USERAGENT, configuration.userAgent)

        for header in request.headers {
            headerList = curl.pointee.curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        // Without this, libcurl waits for a 100 Continue before sending larger bodies.
        headerList = curl.pointee.curl_slist_append(headerList, "Expect:")
        _ = CCurl_easy_setopt_slist(curl, handle, CURLOPT_HTTPHEADER, headerList)

        switch request.method {
        case .get:
            set(CURLOPT_HTTPGET, 1)
        case .post:
            set(CURLOPT_POST, 1)
            if let fileBody = request.fileBody {
                guard let reader = FileBodyReader(fileBody) else {
                    return .failure(.other(code: -1, message: "loowi could not open the file to send"))
                }
                transfer.upload = reader
                _ = CCurl_easy_setopt_off_t(curl, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(fileBody.count))
                _ = CCurl_easy_setopt_read_function(curl, handle, curlReadCallback)
                _ = CCurl_easy_setopt_pointer(
                    curl, handle, CURLOPT_READDATA, Unmanaged.passUnretained(transfer).toOpaque())
            } else {
                setBody(request.body ?? Data())
            }
        case .put, .patch, .delete:
            set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            if let body = request.body { setBody(body) }
        }

        let context = Unmanaged.passUnretained(transfer).toOpaque()
        _ = CCurl_easy_setopt_write_function(curl, handle, curlWriteCallback)
        _ = CCurl_easy_setopt_pointer(curl, handle, CURLOPT_WRITEDATA, context)
        _ = CCurl_easy_setopt_header_function(curl, handle, curlHeaderCallback)
        _ = CCurl_easy_setopt_pointer(curl, handle, CURLOPT_HEADERDATA, context)
        set(CURLOPT_NOPROGRESS, 0)
        _ = CCurl_easy_setopt_xferinfo_function(curl, handle, curlProgressCallback)
        _ = CCurl_easy_setopt_pointer(curl, handle, CURLOPT_XFERINFODATA, context)

        let code = withExtendedLifetime(transfer) {
            streaming
                ? performWaitingForBytes(cancel: transfer.cancel, silence: configuration.streamSilence) : curl.pointee.curl_easy_perform(handle)
        }
        if code != CURLE_OK {
            let detail = String(cString: errorBuffer)
            var error = Self.error(for: code, transfer: transfer, url: url, limit: transfer.limit, detail: detail)
            if error == .connectionLost || error == .invalidResponse, url.scheme?.lowercased() == "http",
                Self.speaksTLS(url, configuration: configuration)
            {
                error = .serverSpeaksHTTPS
            }
            return .failure(error)
        }
        var status = 0
        _ = CCurl_easy_getinfo_long(curl, handle, CURLINFO_RESPONSE_CODE, &status)
        if streaming { transfer.finishStreamHead() }
        return .success(
            HTTPResponse(status: status, headers: transfer.headers, body: transfer.body, url: url))
    }

    func set(_ option: CURLoption, _ value: Int) {
        _ = CCurl_easy_setopt_long(curl, handle, option, value)
    }

    /// The options that keep a request safe, each checked: the name of the first one libcurl
    /// refused, or nil when all are in force. Protocols http and https only (for redirects
    /// too), no automatic redirects (CurlTransport checks the host first), verification of
    /// the certificate and its name, the configured authority, and no proxy for loopback.
    func setSecurityOptions(_ configuration: CurlTransport.Configuration, loopback: Bool) -> String? {
        var options: [(name: String, apply: () -> CURLcode)] = [
            ("CURLOPT_PROTOCOLS_STR", { self.checked(CURLOPT_PROTOCOLS_STR, "http,https") }),
            ("CURLOPT_REDIR_PROTOCOLS_STR", { self.checked(CURLOPT_REDIR_PROTOCOLS_STR, "http,https") }),
            ("CURLOPT_FOLLOWLOCATION", { CCurl_easy_setopt_long(self.curl, self.handle, CURLOPT_FOLLOWLOCATION, 0) }),
            ("CURLOPT_SSL_VERIFYPEER", { CCurl_easy_setopt_long(self.curl, self.handle, CURLOPT_SSL_VERIFYPEER, 1) }),
            ("CURLOPT_SSL_VERIFYHOST", { CCurl_easy_setopt_long(self.curl, self.handle, CURLOPT_SSL_VERIFYHOST, 2) }),
        ]
        if let file = configuration.certificateAuthorityFile {
            options.append(("CURLOPT_CAINFO", { self.checked(CURLOPT_CAINFO, file) }))
        }
        if loopback {
            // A proxy from the environment must never see loopback traffic.
            options.append(("CURLOPT_NOPROXY", { self.checked(CURLOPT_NOPROXY, "*") }))
        }
        for option in options {
            let code = option.name == configuration.refusedOptionForTesting ? CURLE_UNKNOWN_OPTION : option.apply()
            if code != CURLE_OK { return option.name }
        }
        return nil
    }

    private func checked(_ option: CURLoption, _ value: String) -> CURLcode {
        value.withCString { CCurl_easy_setopt_string(curl, handle, option, $0) }
    }

    /// Whether the server at `url`'s host and port completes a TLS handshake: asked after an
    /// http:// request got no proper answer, to say "it speaks HTTPS" instead of "cannot
    /// reach". Only a handshake is made (CONNECT_ONLY): no request, no token. A certificate
    /// that fails verification still proves the server speaks TLS.
    static func speaksTLS(_ url: URL, configuration: CurlTransport.Configuration) -> Bool {
        guard let host = url.host, let curl = CurlGlobal.functions, let probe = curl.pointee.curl_easy_init() else { return false }
        defer { curl.pointee.curl_easy_cleanup(probe) }
        let port = url.port ?? 80
        let target = "https://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
        _ = target.withCString { CCurl_easy_setopt_string(curl, probe, CURLOPT_URL, $0) }
        _ = "https".withCString { CCurl_easy_setopt_string(curl, probe, CURLOPT_PROTOCOLS_STR, $0) }
        _ = CCurl_easy_setopt_long(curl, probe, CURLOPT_CONNECT_ONLY, 1)
        _ = CCurl_easy_setopt_long(curl, probe, CURLOPT_NOSIGNAL, 1)
        _ = CCurl_easy_setopt_long(curl, probe, CURLOPT_SSL_VERIFYPEER, 1)
        _ = CCurl_easy_setopt_long(curl, probe, CURLOPT_SSL_VERIFYHOST, 2)
        _ = "*".withCString { CCurl_easy_setopt_string(curl, probe, CURLOPT_NOPROXY, $0) }
        _ = CCurl_easy_setopt_long(curl, probe, CURLOPT_TIMEOUT_MS, min(configuration.connectTimeout.milliseconds, 3000))
        switch curl.pointee.curl_easy_perform(probe) {
        case CURLE_OK, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_CERTPROBLEM:
            return true
        default:
            return false
        }
    }

    func set(_ option: CURLoption, _ value: String) {
        // libcurl copies string options (except POSTFIELDS), so a temporary is fine.
        _ = value.withCString { CCurl_easy_setopt_string(curl, handle, option, $0) }
    }

    private func setBody(_ body: Data) {
        _ = CCurl_easy_setopt_off_t(curl, handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        // COPYPOSTFIELDS copies the bytes, so the body need not outlive this call.
        body.withUnsafeBytes { raw in
            if let base = raw.baseAddress {
                _ = CCurl_easy_setopt_pointer(curl, handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            } else {
                _ = CCurl_easy_setopt_string(curl, handle, CURLOPT_COPYPOSTFIELDS, "")
            }
        }
    }

    /// OpenSSL's words when the peer answered a TLS hello with something else (plain HTTP):
    /// "wrong version number" (OpenSSL 1.1 to 3.1), "packet length too long", "record layer
    /// failure" (3.2 and later).
    static let plainPeerSigns = ["wrong version number", "packet length too long", "record layer failure", "unknown protocol"]

    static func error(for code: CURLcode, transfer: CurlTransfer, url: URL, limit: Int, detail: String = "") -> TransportError {
        if transfer.cancel.isRaised { return .cancelled }
        if transfer.exceededLimit { return .responseTooLarge(limit: limit) }
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .couldNotResolveHost(url.host ?? "")
        case CURLE_COULDNT_CONNECT: return .couldNotConnect
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_CERTPROBLEM:
            return .certificateNotTrusted
        case CURLE_SSL_CONNECT_ERROR:
            let lowered = detail.lowercased()
            return plainPeerSigns.contains { lowered.contains($0) } ? .serverDidNotSpeakHTTPS : .secureConnectionFailed
        case CURLE_FILESIZE_EXCEEDED: return .responseTooLarge(limit: limit)
        // Content-Length promised more than came: the answer was cut off, not unreachable.
        case CURLE_PARTIAL_FILE: return .answerCutOff
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .connectionLost
        case CURLE_BAD_CONTENT_ENCODING, CURLE_WEIRD_SERVER_REPLY: return .invalidResponse
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        case CURLE_URL_MALFORMAT: return .invalidURL(url.absoluteString)
        case CURLE_UNSUPPORTED_PROTOCOL:
            // A TLS server's bytes read as HTTP look like an HTTP/0.9 answer.
            return detail.contains("HTTP/0.9") ? .invalidResponse : .unsupportedScheme(url.scheme ?? "")
        default:
            return .other(code: Int(code.rawValue), message: CurlGlobal.functions?.pointee.curl_easy_strerror(code).map { String(cString: $0) } ?? "libcurl error \(code.rawValue)")
        }
    }
}

private func curlWriteCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let userdata else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    guard length > 0, let buffer else { return length }
    let accepted = transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: length))
    return accepted ? length : 0
}

/// The next piece of a file body; CURL_READFUNC_ABORT when the file cannot give it.
private func curlReadCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let userdata, let buffer else { return Int(CURL_READFUNC_ABORT) }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    if transfer.cancel.isRaised { return Int(CURL_READFUNC_ABORT) }
    let room = UnsafeMutableRawBufferPointer(start: buffer, count: size * count)
    return transfer.upload?.read(into: room) ?? Int(CURL_READFUNC_ABORT)
}

private func curlHeaderCallback(
    _ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?
) -> Int {
    guard let userdata else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    let length = size * count
    guard length > 0, let buffer else { return length }
    transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}

func curlProgressCallback(
    _ userdata: UnsafeMutableRawPointer?, _ downloadTotal: curl_off_t, _ downloaded: curl_off_t,
    _ uploadTotal: curl_off_t, _ uploaded: curl_off_t
) -> Int32 {
    guard let userdata else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
    // Non-zero aborts the transfer with CURLE_ABORTED_BY_CALLBACK.
    return transfer.cancel.isRaised ? 1 : 0
}

extension Duration {
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
