import FoundationEssentials
import LoowiSupport

extension EngineError {
    /// The error in plain words, in one of loowi's languages.
    ///
    /// - Parameters:
    ///   - retryIn: when the caller will retry by itself, to say so ("loowi will try again
    ///     in 30 seconds."); nil when it will not.
    ///   - now: the current time, for "until" phrases (from the engine's clock).
    ///   - timeZone: for the time of day in "try again at 12:05".
    public func spoken(
        in language: Language, retryIn: Duration? = nil, now: Date = Date(), timeZone: TimeZone = .current
    ) -> SpokenMessage {
        let words = ErrorWords(language: language, timeZone: timeZone)
        let description = words.description(of: self)
        var advice = words.advice(for: self, now: now)
        if let retryIn {
            advice = words.retry(in: retryIn)
        }
        return SpokenMessage(description: description, advice: advice)
    }

    /// The error as said about a post that was being sent. When the request left and only
    /// the answer went missing (a dropped connection, an answer cut off or unreadable), the
    /// server *was* reached: "cannot reach the server" would be false, so it says "loowi sent
    /// the post but the server's answer was lost". Other errors are said as `spoken`.
    public func spokenAfterSending(in language: Language, now: Date = Date(), timeZone: TimeZone = .current) -> SpokenMessage {
        let message = spoken(in: language, now: now, timeZone: timeZone)
        guard answerWasLost else { return message }
        return SpokenMessage(description: ErrorWords(language: language, timeZone: timeZone).say(.answerLost), advice: "")
    }

    /// The request reached the server and its answer did not come back whole. A timeout or a
    /// 5xx is not counted: the server may never have had the request, and it says so itself.
    public var answerWasLost: Bool {
        switch self {
        case .transport(.connectionLost), .transport(.answerCutOff), .transport(.invalidResponse), .decoding: true
        default: false
        }
    }

    /// The English description and advice (also what `localizedDescription` gives).
    public var spokenDescription: String { spoken(in: .english).text }
}

extension EngineError: LocalizedError {
    public var errorDescription: String? { spokenDescription }
}

/// Which sentence each error is; the wording is in `EngineText`'s tables (a missing
/// translation fails `EngineTextTests`, never reaches the user as a key).
struct ErrorWords {
    let language: Language
    var timeZone: TimeZone = .current

    func say(_ key: EngineText, _ arguments: String...) -> String {
        Catalogue<EngineText>(language).text(key, arguments)
    }

    func description(of error: EngineError) -> String {
        switch error {
        case .transport(let transport): return description(of: transport)
        case .http(let status, let message):
            switch status {
            case 401:
                return say(.loginInvalid)
            case 403:
                return say(.notAllowed)
            case 404:
                return say(.notFound)
            case 408, 502, 503, 504:
                return say(.notAnswering)
            case 422:
                let reason = message.map { " \($0)" } ?? ""
                return say(.refused, reason)
            case 500...599:
                return say(.serverProblem, String(status))
            default:
                return say(.serverError, String(status))
            }
        case .rateLimited:
            return say(.slowDown)
        case .decoding:
            return say(.unreadableAnswer)
        case .notLoggedIn:
            return say(.notLoggedIn)
        case .postTooLong(let count, let maximum):
            return say(.postTooLong, String(count), String(maximum))
        case .tokenFileInsecure(let path):
            return say(.tokenFileInsecure, path)
        case .tokenStorage(let path, _):
            return say(.tokenStorage, path)
        case .streamingUnavailable:
            return say(.streamingUnavailable)
        case .loginRefused(let message):
            let reason = message.map { " \($0)" } ?? ""
            return say(.loginRefused, reason)
        case .directMessageNotAllowed(let handle):
            return say(.directMessageNotAllowed, handle)
        case .tokenUnusable:
            return say(.tokenUnusable)
        case .tokenFileDamaged(let path, let keptAt):
            return say(.tokenFileDamaged, path, keptAt)
        case .mediaTooLarge(let kind, let bytes, let limit):
            let key: EngineText = switch kind {
            case .image: .photoTooLarge
            case .video: .videoTooLarge
            case .audio: .soundTooLarge
            }
            // The file rounded up and the limit down: a file just over never sounds equal.
            return say(key, ByteSize.megabytes(bytes, roundingUp: true, language: language),
                       ByteSize.megabytes(limit, roundingUp: false, language: language))
        case .cancelled:
            return say(.cancelled)
        }
    }

    private func description(of error: TransportError) -> String {
        switch error {
        case .couldNotConnect, .couldNotResolveHost, .connectionLost:
            return say(.cannotReach)
        case .timedOut:
            return say(.notAnswering)
        case .insecureURL:
            return say(.insecureURL)
        case .certificateNotTrusted, .secureConnectionFailed:
            return say(.certificateNotTrusted)
        case .serverDidNotSpeakHTTPS:
            return say(.notHTTPS)
        case .serverSpeaksHTTPS:
            return say(.speaksHTTPS)
        case .answerCutOff:
            return say(.answerCutOff)
        case .securitySetupFailed:
            return say(.securitySetupFailed)
        case .responseTooLarge:
            return say(.responseTooLarge)
        case .redirectToOtherHost(let host):
            return say(.redirectToOtherHost, host)
        case .invalidURL, .unsupportedScheme:
            return say(.invalidAddress)
        case .cancelled:
            return say(.cancelled)
        case .tooManyRedirects, .invalidResponse, .other:
            return say(.somethingWentWrong)
        }
    }

    func advice(for error: EngineError, now: Date) -> String {
        switch error {
        case .transport(let transport):
            switch transport {
            case .couldNotConnect, .couldNotResolveHost, .connectionLost:
                return say(.checkConnection)
            case .certificateNotTrusted, .secureConnectionFailed:
                return say(.checkCertificate)
            case .serverDidNotSpeakHTTPS:
                return say(.checkAddressAndPort)
            case .serverSpeaksHTTPS:
                return say(.writeHTTPS)
            case .securitySetupFailed:
                return say(.updateLibcurl)
            case .insecureURL, .invalidURL, .unsupportedScheme:
                return say(.useHTTPSAddress)
            case .cancelled:
                return ""
            default:
                return tryLater
            }
        case .http(let status, _):
            switch status {
            case 401: return say(.logInAgain)
            case 422:
                return say(.changeAndRetry)
            case 403, 404: return ""
            default: return tryLater
            }
        case .rateLimited(let until):
            // The time, never "loowi will try again": a command or a cancelled wait does not.
            let at = ClockTime.at(until, language: language, timeZone: timeZone)
            let after = RelativeTime.phrase(after: ServerNumber.duration(seconds: max(1, until.timeIntervalSince(now))), language: language)
            return say(.tryAgainAt, at, after)
        case .decoding:
            return say(.tryLaterMaybeIncompatible)
        case .notLoggedIn:
            return say(.logInFirst)
        case .postTooLong(let count, let maximum):
            let over = count - maximum
            return say(.removeCharacters, String(over))
        case .tokenFileInsecure(let path):
            return say(.fixPermissions, path)
        case .tokenStorage:
            return say(.checkConfigurationFolder)
        case .streamingUnavailable:
            return say(.refreshForNewPosts)
        case .loginRefused:
            return say(.restartLogin)
        case .directMessageNotAllowed:
            return say(.mentionInstead)
        case .tokenUnusable:
            return say(.copyTokenAgain)
        case .tokenFileDamaged:
            return say(.logInToSave)
        case .mediaTooLarge:
            return say(.attachSmaller)
        case .cancelled:
            return ""
        }
    }

    var tryLater: String {
        say(.tryLater)
    }

    func retry(in duration: Duration) -> String {
        let when = RelativeTime.phrase(after: duration, language: language)
        return say(.willRetry, when)
    }
}

extension EngineEvent {
    /// What a wait means, said at once when it starts: "The server asks loowi to wait until
    /// 12:05, in 4 minutes, before asking again."
    public func spoken(in language: Language, now: Date, timeZone: TimeZone = .current) -> String {
        switch self {
        case .waitingForRateLimit(let until):
            let words = ErrorWords(language: language, timeZone: timeZone)
            let time = ClockTime.until(until, language: language, timeZone: timeZone)
            let after = RelativeTime.phrase(after: ServerNumber.duration(seconds: max(1, until.timeIntervalSince(now))), language: language)
            return words.say(.rateLimitWait, time, after)
        case .processingMedia(let name):
            return ErrorWords(language: language, timeZone: timeZone).say(.mediaProcessing, Sanitizer.clean(name, for: .line))
        }
    }
}
