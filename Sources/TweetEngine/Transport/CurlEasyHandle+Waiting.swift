internal import CCurl

extension CurlEasyHandle {
    /// A stream's transfer through libcurl's multi interface: its thread sleeps in
    /// `curl_multi_poll` until bytes arrive, libcurl's own timer (connecting, TLS) is due, the
    /// stream has been silent for `silence`, or a cancel wakes it. `curl_easy_perform` polls
    /// with a fixed one-second timeout, and libcurl's low-speed check sets a one-second timer
    /// too, so an idle stream woke its thread every second.
    func performWaitingForBytes(cancel: CancelFlag, silence: Duration) -> CURLcode {
        let c = curl.pointee
        guard let multi = c.curl_multi_init() else { return c.curl_easy_perform(handle) }
        defer { _ = c.curl_multi_cleanup(multi) }
        guard c.curl_multi_add_handle(multi, handle) == CURLM_OK else { return c.curl_easy_perform(handle) }
        defer { _ = c.curl_multi_remove_handle(multi, handle) }
        let wakeable = Multi(handle: multi)
        cancel.wakesWith { _ = CurlGlobal.functions?.pointee.curl_multi_wakeup(wakeable.handle) }
        // Before the multi handle goes (defers run last first).
        defer { cancel.wakesWith(nil) }
        var running: Int32 = 1
        var received: curl_off_t = 0
        var lastByte = ContinuousClock.now
        while true {
            guard c.curl_multi_perform(multi, &running) == CURLM_OK else { return CURLE_RECV_ERROR }
            if running == 0 { return result(of: multi) }
            if cancel.isRaised { return CURLE_ABORTED_BY_CALLBACK }
            let now = ContinuousClock.now
            var bytes: curl_off_t = 0
            _ = CCurl_easy_getinfo_off_t(curl, handle, CURLINFO_SIZE_DOWNLOAD_T, &bytes)
            if bytes != received {
                received = bytes
                lastByte = now
            }
            let left = silence - (now - lastByte)
            // Not a byte, not even a heartbeat: the connection is treated as lost.
            guard left > .zero else { return CURLE_OPERATION_TIMEDOUT }
            var due = -1
            _ = c.curl_multi_timeout(multi, &due)
            let leftMilliseconds = Int(left.components.seconds) * 1000 + Int(left.components.attoseconds / 1_000_000_000_000_000) + 1
            let wait = due >= 0 ? min(due, leftMilliseconds) : leftMilliseconds
            _ = c.curl_multi_poll(multi, nil, 0, Int32(clamping: wait), nil)
        }
    }

    private func result(of multi: UnsafeMutableRawPointer) -> CURLcode {
        var left: Int32 = 0
        while let message = curl.pointee.curl_multi_info_read(multi, &left) {
            if message.pointee.msg == CURLMSG_DONE { return message.pointee.data.result }
        }
        return CURLE_OK
    }

    /// The multi handle, for the wake from another thread (`curl_multi_wakeup` is thread-safe).
    private struct Multi: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
    }
}
