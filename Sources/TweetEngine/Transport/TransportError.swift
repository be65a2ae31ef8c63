/// Failures below HTTP, with English names for libcurl's result codes.
public enum TransportError: Error, Sendable, Equatable, Hashable {
    /// The URL could not be parsed or has no host.
    case invalidURL(String)
    /// Only `https` is used, and plain `http` only for loopback addresses.
    case insecureURL(String)
    case unsupportedScheme(String)
    case couldNotResolveHost(String)
    case couldNotConnect
    case timedOut
    /// The connection closed before the whole answer arrived.
    case connectionLost
    /// TLS failed: the certificate is not trusted, expired, or for another name.
    case certificateNotTrusted
    case secureConnectionFailed
    /// An https:// address, but the server answered in plain HTTP (a wrong port or scheme).
    case serverDidNotSpeakHTTPS
    /// An http:// address, but the server speaks HTTPS there.
    case serverSpeaksHTTPS
    /// The answer ended before the length the server announced.
    case answerCutOff
    /// libcurl refused one of the options that keep a request safe (named here), so the
    /// request was not sent.
    case securitySetupFailed(String)
    case responseTooLarge(limit: Int)
    /// A redirect pointed to another host, which loowi never follows.
    case redirectToOtherHost(String)
    case tooManyRedirects
    /// The answer was not valid HTTP or could not be decompressed.
    case invalidResponse
    case cancelled
    /// Anything else libcurl reported, with its code and English text.
    case other(code: Int, message: String)
}
