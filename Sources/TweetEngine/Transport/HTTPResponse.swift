import FoundationEssentials
import LoowiSupport

/// One HTTP response as a plain value.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [HTTPHeader]
    public var body: Data
    /// The URL that produced this response (after same-host redirects).
    public var url: URL

    public init(status: Int, headers: [HTTPHeader] = [], body: Data = Data(), url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The first value of a header, compared without case as HTTP requires.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.equalsIgnoringCase(name) }?.value
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}
