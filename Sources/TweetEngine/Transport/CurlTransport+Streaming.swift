import FoundationEssentials
import LoowiSupport

extension CurlTransport {
    /// How much of a stream may wait between libcurl and its reader: this many chunks, each
    /// at most libcurl's write size (`CURL_MAX_WRITE_SIZE`, 16 KiB, also after
    /// decompression), so 4 MiB. With the parser's own caps (4 MiB of line, 4 MiB of event)
    /// a connection holds about 12 MiB at most. A server sending faster than loowi reads for
    /// that long is flooding:
    /// the connection is dropped (`responseTooLarge`) and live updates reconnect with their
    /// backoff, instead of the queue growing without end (5 GB in 12 s before).
    static let streamQueueChunks = 256
    static let streamChunkBytes = 16 * 1024

    /// Holds a response open and yields its head and then its bytes as they arrive.
    ///
    /// A stream lives for minutes or hours, so it gets its own thread and its own easy
    /// handle instead of occupying a worker. Cancelling the consuming task (or dropping the
    /// stream) raises a flag that libcurl's progress callback sees within about a second.
    public func openStream(_ request: HTTPRequest) -> AsyncThrowingStream<StreamChunk, any Error> {
        let configuration = self.configuration
        return AsyncThrowingStream(bufferingPolicy: .bufferingOldest(Self.streamQueueChunks)) { continuation in
            do {
                try URLPolicy.check(request.url)
            } catch {
                continuation.finish(throwing: error)
                return
            }
            let cancel = CancelFlag()
            continuation.onTermination = { _ in cancel.raise() }
            do {
                try BlockingThread.start {
                guard let easy = CurlEasyHandle() else {
                    continuation.finish(throwing: CurlGlobal.noHandle)
                    return
                }
                let transfer = CurlTransfer(
                    limit: Self.streamQueueChunks * Self.streamChunkBytes, cancel: cancel,
                    streaming: CurlTransfer.StreamSink(
                        head: { status, headers in _ = continuation.yield(.head(status: status, headers: headers)) },
                        bytes: { data in
                            // `.dropped`: the queue is full, so the reader is that far behind.
                            if case .dropped = continuation.yield(.bytes(data)) { return false }
                            return true
                        }))
                let result = easy.perform(
                    request, configuration: configuration, transfer: transfer, streaming: true)
                switch result {
                case .success: continuation.finish()
                case .failure(.cancelled): continuation.finish()
                case .failure(let error): continuation.finish(throwing: error)
                }
                }
            } catch {
                // No thread for the stream: it ends as one libcurl could not start.
                continuation.finish(throwing: CurlGlobal.noHandle)
            }
        }
    }
}
