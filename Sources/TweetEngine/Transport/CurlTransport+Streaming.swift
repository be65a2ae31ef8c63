import FoundationEssentials
import LoowiSupport

extension CurlTransport {
    /// Holds a response open and yields its head and then its bytes as they arrive.
    ///
    /// A stream lives for minutes or hours, so it gets its own thread and its own easy
    /// handle instead of occupying a worker. Cancelling the consuming task (or dropping the
    /// stream) raises a flag that libcurl's progress callback sees within about a second.
    public func openStream(_ request: HTTPRequest) -> AsyncThrowingStream<StreamChunk, any Error> {
        let configuration = self.configuration
        return AsyncThrowingStream { continuation in
            do {
                try URLPolicy.check(request.url)
            } catch {
                continuation.finish(throwing: error)
                return
            }
            let cancel = CancelFlag()
            continuation.onTermination = { _ in cancel.raise() }
            BlockingThread.start {
                guard let easy = CurlEasyHandle() else {
                    continuation.finish(throwing: CurlGlobal.noHandle)
                    return
                }
                let transfer = CurlTransfer(
                    limit: Int.max, cancel: cancel,
                    streaming: CurlTransfer.StreamSink(
                        head: { status, headers in continuation.yield(.head(status: status, headers: headers)) },
                        bytes: { data in continuation.yield(.bytes(data)) }))
                let result = easy.perform(
                    request, configuration: configuration, transfer: transfer, streaming: true)
                switch result {
                case .success: continuation.finish()
                case .failure(.cancelled): continuation.finish()
                case .failure(let error): continuation.finish(throwing: error)
                }
            }
        }
    }
}
