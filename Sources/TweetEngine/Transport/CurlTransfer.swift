import FoundationEssentials
import LoowiSupport

/// What libcurl's callbacks write into during one transfer. Lives on the worker thread for
/// the duration of `curl_easy_perform` only.
final class CurlTransfer {
    struct StreamSink {
        let head: (Int, [HTTPHeader]) -> Void
        /// False when the reader is too far behind: the transfer then stops.
        let bytes: (Data) -> Bool
    }

    let limit: Int
    let cancel: CancelFlag
    let streaming: StreamSink?

    var body = Data()
    var status = 0
    var headers: [HTTPHeader] = []
    var exceededLimit = false
    /// The body being sent from a file, read by libcurl's read callback.
    var upload: FileBodyReader?
    private var headDelivered = false

    init(limit: Int, cancel: CancelFlag, streaming: StreamSink?) {
        self.limit = limit
        self.cancel = cancel
        self.streaming = streaming
    }

    /// Returns false to make libcurl stop the transfer.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if cancel.isRaised { return false }
        if let streaming {
            deliverHeadIfNeeded()
            guard streaming.bytes(Data(bytes)) else {
                exceededLimit = true
                return false
            }
            return true
        }
        guard body.count + bytes.count <= limit else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) {
        let line = String(decoding: raw, as: UTF8.self).trimmed()
        if line.hasPrefix("HTTP/") {
            // A new status line starts a new header block (after a 100 Continue, say).
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            headers.removeAll()
            return
        }
        if line.isEmpty {
            if streaming != nil, status >= 200 { deliverHeadIfNeeded() }
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingSpaces()
        let value = line[line.index(after: colon)...].trimmingSpaces()
        headers.append(HTTPHeader(name: name, value: value))
    }

    private func deliverHeadIfNeeded() {
        guard !headDelivered, let streaming else { return }
        headDelivered = true
        streaming.head(status, headers)
    }

    /// For a stream that ended before any body byte: the head still has to reach the reader.
    func finishStreamHead() { deliverHeadIfNeeded() }
}
