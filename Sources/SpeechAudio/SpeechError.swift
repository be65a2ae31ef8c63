/// Everything that can go wrong between text and sound, in words a user can act on.
public enum SpeechError: Error, Equatable, CustomStringConvertible {
    case speechDataMissing(path: String?, detail: String)
    /// A library opened on first use is not installed (or not loadable).
    case libraryMissing(name: String, detail: String, package: String)
    case unknownVoice(String, closeMatches: [String])
    case invalidValue(option: String, value: String, allowed: String)
    case synthesisFailed(code: Int)
    case cannotWriteFile(String)
    case unknownEarcon(String, closeMatches: [String])
    /// No speech-dispatcher answered (the app says so in the interface language and falls
    /// back to eSpeak NG; this English text is for logs).
    case speechDispatcherUnavailable(detail: String)

    public var description: String {
        switch self {
        case .speechDataMissing(let path, let detail):
            "eSpeak NG's voice data could not be loaded\(path.map { " from \($0)" } ?? "") (\(detail)). "
                + "Install it with: sudo apt-get install espeak-ng-data"
        case .libraryMissing(let name, let detail, let package):
            "loowi could not load \(name) (\(detail)). Install it with: sudo apt-get install \(package)"
        case .unknownVoice(let name, let matches):
            matches.isEmpty
                ? "There is no voice called \"\(name)\". `loowi voices` lists the voices."
                : "There is no voice called \"\(name)\". Close matches: \(matches.joined(separator: ", "))."
        case .invalidValue(let option, let value, let allowed):
            "\"\(value)\" is not a valid \(option). Allowed: \(allowed)."
        case .synthesisFailed(let code):
            "eSpeak NG could not speak this text (error \(code))."
        case .cannotWriteFile(let path):
            "Cannot write the file \(path). Check that its folder exists and is writable."
        case .unknownEarcon(let name, let matches):
            matches.isEmpty
                ? "There is no sound called \"\(name)\". `loowi sounds --list` lists them."
                : "There is no sound called \"\(name)\". Close matches: \(matches.joined(separator: ", "))."
        case .speechDispatcherUnavailable(let detail):
            "Speech-dispatcher did not answer (\(detail))."
        }
    }
}
