import Foundation
internal import CCurl

/// One libcurl easy handle. Not Sendable on purpose: it is created on a worker thread and
/// used only there. `curl_easy_reset` between requests keeps its connection cache, so
/// consecutive requests to the same server reuse the connection.
final class CurlEasyHandle {
    private let handle: UnsafeMutableRawPointer

    init?() {
        CurlGlobal.initialize()
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }

    func perform(
        _ request: HTTPRequest, configuration: CurlTransport.Configuration, transfer: CurlTransfer,
        streaming: Bool
    ) -> Result<HTTPResponse, TransportError> {
        curl_easy_reset(handle)
        var headerList: UnsafeMutablePointer<curl_slist>? = nil
        defer { curl_slist_free_all(headerList) }

        let url = request.url
        set(CURLOPT_URL, url.absoluteString)
        set(CURLOPT_NOSIGNAL, 1)
        set(CURLOPT_PROTOCOLS_STR, "http,https")
        // Redirects are followed by CurlTransport itself, which checks the host first.
        set(CURLOPT_FOLLOWLOCATION, 0)
        // A post gets a connection of its own: on a kept-alive connection that turns out
        // dead, libcurl silently sends the request again, and the server may already have
        // published the first (GoToSocial ignores Idempotency-Key). A fresh connection is
        // never retried that way; the outbox decides about any retry.
        if request.mustNotBeRepeated { set(CURLOPT_FRESH_CONNECT, 1) }
        set(CURLOPT_SSL_VERIFYPEER, 1)
        set(CURLOPT_SSL_VERIFYHOST, 2)
        if let file = configuration.certificateAuthorityFile { set(CURLOPT_CAINFO, file) }
        set(CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.milliseconds)
        if streaming {
            // No total timeout for a stream; a silent connection (no heartbeat for a
            // minute) is treated as lost instead.
            set(CURLOPT_LOW_SPEED_LIMIT, 1)
            set(CURLOPT_LOW_SPEED_TIME, 60)
            set(CURLOPT_TCP_KEEPALIVE, 1)
        } else {
            set(CURLOPT_TIMEOUT_MS, (request.timeout ?? configuration.totalTimeout).milliseconds)
            _ = CCurl_easy_setopt_off_t(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(transfer.limit))
        }
        // "" asks libcurl to offer every encoding it can decode (gzip, deflate, …).
        set(CURLOPT_ACCEPT_ENCODING, "")
        set(CURLOPT_USERAGENT, configuration.userAgent)
        if URLPolicy.isLoopback(url) {
            // A proxy from the environment must never see loopback traffic.
            set(CURLOPT_NOPROXY, "*")
        }

        for header in request.headers {
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        // Without this, libcurl waits for a 100 Continue before sending larger bodies.
        headerList = curl_slist_append(headerList, "Expect:")
        _ = CCurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList)

        switch request.method {
        case .get:
            set(CURLOPT_HTTPGET, 1)
        case .post:
            set(CURLOPT_POST, 1)
            setBody(request.body ?? Data())
        case .put, .patch, .delete:
            set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
            if let body = request.body { setBody(body) }
        }

        let context = Unmanaged.passUnretained(transfer).toOpaque()
        _ = CCurl_easy_setopt_write_function(handle, curlWriteCallback)
        _ = CCurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = CCurl_easy_setopt_header_function(handle, curlHeaderCallback)
        _ = CCurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        set(CURLOPT_NOPROGRESS, 0)
        _ = CCurl_easy_setopt_xferinfo_function(handle, curlProgressCallback)
        _ = CCurl_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, context)

        let code = withExtendedLifetime(transfer) { curl_easy_perform(handle) }
        if code != CURLE_OK {
            return .failure(Self.error(for: code, transfer: transfer, url: url, limit: transfer.limit))
        }
        var status = 0
        _ = CCurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if streaming { transfer.finishStreamHead() }
        return .success(
            HTTPResponse(status: status, headers: transfer.headers, body: transfer.body, url: url))
    }

    private func set(_ option: CURLoption, _ value: Int) {
        _ = CCurl_easy_setopt_long(handle, option, value)
    }

    private func set(_ option: CURLoption, _ value: String) {
        // libcurl copies string options (except POSTFIELDS), so a temporary is fine.
        _ = value.withCString { CCurl_easy_setopt_string(handle, option, $0) }
    }

    private func setBody(_ body: Data) {
        _ = CCurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
        // COPYPOSTFIELDS copies the bytes, so the body need not outlive this call.
        body.withUnsafeBytes { raw in
            if let base = raw.baseAddress {
                _ = CCurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
            } else {
                _ = CCurl_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            }
        }
    }

    private static func error(for code: CURLcode, transfer: CurlTransfer, url: URL, limit: Int) -> TransportError {
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
        case CURLE_SSL_CONNECT_ERROR: return .secureConnectionFailed
        case CURLE_FILESIZE_EXCEEDED: return .responseTooLarge(limit: limit)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .connectionLost
        case CURLE_BAD_CONTENT_ENCODING, CURLE_WEIRD_SERVER_REPLY: return .invalidResponse
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        case CURLE_URL_MALFORMAT: return .invalidURL(url.absoluteString)
        case CURLE_UNSUPPORTED_PROTOCOL: return .unsupportedScheme(url.scheme ?? "")
        default:
            return .other(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
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

private func curlProgressCallback(
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
