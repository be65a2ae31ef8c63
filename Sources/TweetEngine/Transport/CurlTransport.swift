import FoundationEssentials
import LoowiSupport

/// The real transport: HTTP over libcurl.
///
/// Each request runs its blocking `curl_easy_perform` on one of a few worker threads (never
/// on the cooperative pool) and is bridged back with a continuation. Every worker owns one
/// easy handle for its whole life, so a handle never crosses threads and its connection is
/// reused by the next request that worker takes.
public final class CurlTransport: StreamingTransport {
    public let configuration: Configuration
    private let pool: CurlWorkerPool

    /// One shared transport for the app (connections are reused across the engine).
    public static let shared = CurlTransport()

    /// Opens libcurl and runs its global set-up now, on the calling thread, so that the first
    /// request does not wait for it (a command that goes online opens it while it gets ready).
    public static func openLibrary() {
        _ = CurlGlobal.functions
    }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.pool = CurlWorkerPool(maximumThreads: max(1, configuration.maximumConcurrentRequests))
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try URLPolicy.check(request.url)
        var current = request
        for _ in 0...configuration.maximumRedirects {
            let response = try await performOnce(current)
            guard let next = try RedirectPolicy.follow(response, from: current) else {
                return response
            }
            current = next
        }
        throw TransportError.tooManyRedirects
    }

    private func performOnce(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let cancel = CancelFlag()
        let configuration = self.configuration
        let pool = self.pool
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                pool.submit { easy in
                    guard let easy else {
                        return {
                            continuation.resume(throwing: CurlGlobal.noHandle)
                        }
                    }
                    let transfer = CurlTransfer(
                        limit: configuration.maximumResponseBytes, cancel: cancel, streaming: nil)
                    let result = easy.perform(
                        request, configuration: configuration, transfer: transfer, streaming: false)
                    return { continuation.resume(with: result.mapError { $0 as any Error }) }
                }
            }
        } onCancel: {
            cancel.raise()
        }
    }
}

extension CurlTransport {
    public struct Configuration: Sendable, Equatable {
        /// Sent on every request, e.g. `loowi/0.1.0`.
        public var userAgent: String
        /// A PEM file of extra certificate authorities (for a self-hosted server).
        /// Verification itself is always on; this only changes whom to trust.
        public var certificateAuthorityFile: String?
        public var connectTimeout: Duration
        /// The whole request, from connecting to the last byte (not used for streams).
        public var totalTimeout: Duration
        /// Answers larger than this are cut off with `TransportError.responseTooLarge`.
        public var maximumResponseBytes: Int
        public var maximumRedirects: Int
        /// Worker threads (each with its own connection); more requests than this queue.
        public var maximumConcurrentRequests: Int
        /// How long a stream may send nothing at all, not even a heartbeat, before it counts
        /// as lost (Mastodon sends one every ten seconds or so).
        public var streamSilence: Duration = .seconds(60)
        /// Tests only: the security option (by its CURLOPT_ name) to treat as refused by libcurl.
        var refusedOptionForTesting: String?

        public init(
            userAgent: String = "loowi/\(EngineVersion.current)",
            certificateAuthorityFile: String? = nil,
            connectTimeout: Duration = .seconds(10),
            totalTimeout: Duration = .seconds(30),
            maximumResponseBytes: Int = 16 * 1024 * 1024,
            maximumRedirects: Int = 5,
            maximumConcurrentRequests: Int = 4
        ) {
            self.userAgent = userAgent
            self.certificateAuthorityFile = certificateAuthorityFile
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maximumResponseBytes = maximumResponseBytes
            self.maximumRedirects = maximumRedirects
            self.maximumConcurrentRequests = maximumConcurrentRequests
        }
    }
}

/// The version loowi reports in its User-Agent; the app passes its own when it differs.
public enum EngineVersion {
    public static let current = "0.1.0"
}
