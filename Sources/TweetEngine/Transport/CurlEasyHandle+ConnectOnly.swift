import FoundationEssentials
import LoowiSupport
internal import CCurl

/// A connection libcurl opens and hands over (CURLOPT_CONNECT_ONLY), for the WebSocket
/// protocol that libcurl 7.88 does not speak: TCP, TLS with the same verification, CA file
/// and proxy rules as every request, then `send` and `receive` of raw bytes.
extension CurlEasyHandle {
    enum ReceiveResult {
        case bytes(Int)
        /// Nothing to read now: wait for the socket.
        case wouldBlock
        /// The server closed the connection.
        case closed
        case failed(TransportError)
    }

    /// Connects to `url`'s host and port (TLS for https) and returns the socket to wait on.
    func connectOnly(_ url: URL, configuration: CurlTransport.Configuration, cancel: CancelFlag) -> Result<Int32, TransportError> {
        curl.pointee.curl_easy_reset(handle)
        set(CURLOPT_URL, url.absoluteString)
        set(CURLOPT_NOSIGNAL, 1)
        errorBuffer[0] = 0
        _ = CCurl_easy_setopt_pointer(curl, handle, CURLOPT_ERRORBUFFER, errorBuffer)
        if let refused = setSecurityOptions(configuration, loopback: URLPolicy.isLoopback(url)) {
            return .failure(.securitySetupFailed(refused))
        }
        set(CURLOPT_CONNECT_ONLY, 1)
        // Through an HTTP proxy, a tunnel (CONNECT) for plain http too: the upgrade must reach the server.
        set(CURLOPT_HTTPPROXYTUNNEL, 1)
        set(CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeout.milliseconds)
        set(CURLOPT_TCP_KEEPALIVE, 1)
        let transfer = CurlTransfer(limit: 0, cancel: cancel, streaming: nil)
        let context = Unmanaged.passUnretained(transfer).toOpaque()
        set(CURLOPT_NOPROGRESS, 0)
        _ = CCurl_easy_setopt_xferinfo_function(curl, handle, curlProgressCallback)
        _ = CCurl_easy_setopt_pointer(curl, handle, CURLOPT_XFERINFODATA, context)
        let code = withExtendedLifetime(transfer) { curl.pointee.curl_easy_perform(handle) }
        guard code == CURLE_OK else {
            return .failure(Self.error(for: code, transfer: transfer, url: url, limit: 0, detail: String(cString: errorBuffer)))
        }
        var socket = curl_socket_t(-1)
        guard CCurl_easy_getinfo_socket(curl, handle, CURLINFO_ACTIVESOCKET, &socket) == CURLE_OK, socket >= 0 else {
            return .failure(.connectionLost)
        }
        return .success(Int32(socket))
    }

    /// Sends what it can of `bytes` now: how many were taken (0 when the socket is full).
    func send(_ bytes: UnsafeRawBufferPointer) -> Result<Int, TransportError> {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .success(0) }
        var sent = 0
        let code = curl.pointee.curl_easy_send(handle, base, bytes.count, &sent)
        switch code {
        case CURLE_OK: return .success(sent)
        case CURLE_AGAIN: return .success(0)
        default: return .failure(.connectionLost)
        }
    }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> ReceiveResult {
        guard let base = buffer.baseAddress else { return .wouldBlock }
        var received = 0
        let code = curl.pointee.curl_easy_recv(handle, base, buffer.count, &received)
        switch code {
        case CURLE_OK: return received == 0 ? .closed : .bytes(received)
        case CURLE_AGAIN: return .wouldBlock
        default: return .failed(.connectionLost)
        }
    }
}
