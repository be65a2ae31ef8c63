import FoundationEssentials
import LoowiSupport
import TweetEngine

extension LoowiConfig {
    /// The environment variable that names a certificate authority file; it wins over `ca_file`.
    public static let caFileVariable = "LOOWI_CA_FILE"

    /// The engine's rules from the settings.
    public var engineOptions: TweetEngine.Options {
        TweetEngine.Options(directMessagesOnlyToFollowers: dmFollowersOnly)
    }

    /// The certificate authority file to trust besides the system's: `LOOWI_CA_FILE` when
    /// set, else `ca_file`, else nil. Checked here, so a wrong path is a plain message before
    /// anything is sent rather than "the certificate is not trusted" from libcurl.
    public func certificateAuthorityFile(environment: [String: String] = ProcessEnvironment.current) throws(ConfigError)
        -> String?
    {
        let fromEnvironment = environment[Self.caFileVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard let given = fromEnvironment ?? caFile else { return nil }
        let source = fromEnvironment == nil ? "ca_file" : Self.caFileVariable
        var path = given
        if path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty { path = home + path.dropFirst() }
        let shown = TOMLValue.quoted(given)
        guard FileManager.default.fileExists(atPath: path) else {
            throw ConfigError(
                "\(source) names \(shown), and there is no such file. Give the full path of your server's certificate authority (a PEM file), or remove the setting.")
        }
        guard !isFolder(atPath: path) else {
            throw ConfigError("\(source) names \(shown), which is a folder; give the PEM file of the certificate authority inside it.")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ConfigError("\(source) names \(shown), which loowi is not allowed to read; check the file's permissions.")
        }
        return path
    }

    /// The transport for the account commands and the app: the shared one, or one that also
    /// trusts the certificate authority file.
    public func transport(environment: [String: String] = ProcessEnvironment.current) throws(ConfigError)
        -> CurlTransport
    {
        guard let file = try certificateAuthorityFile(environment: environment) else { return .shared }
        return CurlTransport(configuration: .init(certificateAuthorityFile: file))
    }
}
