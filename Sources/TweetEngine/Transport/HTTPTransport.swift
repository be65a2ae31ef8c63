import FoundationEssentials
import LoowiSupport

/// The network seam: the engine sends requests through this and nothing else.
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the whole response. Throws `TransportError` for
    /// failures below HTTP (no connection, timeout, refused URL, …); an HTTP error status is
    /// a normal response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// A transport that can also hold a long response open and hand over its bytes as they
/// arrive (server-sent events).
public protocol StreamingTransport: HTTPTransport {
    func openStream(_ request: HTTPRequest) -> AsyncThrowingStream<StreamChunk, any Error>
}

/// A piece of a streamed response: first the head, then body bytes as they arrive.
public enum StreamChunk: Sendable, Equatable {
    case head(status: Int, headers: [HTTPHeader])
    case bytes(Data)
}
