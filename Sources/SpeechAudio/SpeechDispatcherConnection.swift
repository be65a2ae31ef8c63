#if canImport(Glibc)
    import Glibc
#endif
internal import CSpeechd
import FoundationEssentials
import LoowiSupport

/// loowi's connections to the user's speech-dispatcher. libspeechd's calls block on a socket
/// and a connection must not be used from two threads at once, so both connections live on
/// this actor, whose executor is one thread of its own (never the cooperative pool).
///
/// Two connections, one client: "speech" carries focus speech and announcements, "important"
/// carries errors, so that a key's CANCEL (which acts on one connection) never drops an
/// important message (see `SpeechPriority.dispatcherSteps`).
public actor SpeechDispatcherConnection {
    private nonisolated let executor = DedicatedThreadExecutor()
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private var speech: UnsafeMutablePointer<SPDConnection>?
    private var important: UnsafeMutablePointer<SPDConnection>?
    private var applied: SpeechSettings?
    private var voiceList: [DispatcherVoice]?
    /// libspeechd's functions: there are connections only when it opened.
    private var library: UnsafePointer<CSpeechd_functions>? { speechdLibrary.functions }

    private init() {}

    /// Connects to the speech-dispatcher that SPEECHD_ADDRESS names (else the user's own
    /// socket), starting it the way other clients do when it is installed but not running.
    /// Throws `.speechDispatcherUnavailable` when none answers. `socketPath` names a Unix
    /// socket instead (tests; no environment to change).
    public static func open(socketPath: String? = nil) async throws(SpeechError) -> SpeechDispatcherConnection {
        let connection = SpeechDispatcherConnection()
        try await connection.connect(socketPath: socketPath)
        return connection
    }

    private func connect(socketPath: String?) throws(SpeechError) {
        guard let spd = speechdLibrary.functions else {
            throw .libraryMissing(name: "speech-dispatcher's client library", detail: speechdLibrary.problem, package: "libspeechd2")
        }
        speech = try Self.open(spd, name: "speech", socketPath: socketPath)
        do {
            important = try Self.open(spd, name: "important", socketPath: socketPath)
        } catch {
            close()
            throw error
        }
    }

    private static func open(
        _ spd: UnsafePointer<CSpeechd_functions>, name: String, socketPath: String?
    ) throws(SpeechError) -> UnsafeMutablePointer<SPDConnection> {
        var error: UnsafeMutablePointer<CChar>?
        let user = ProcessEnvironment.current["USER"] ?? "loowi"
        let opened: UnsafeMutablePointer<SPDConnection>?
        if let socketPath {
            opened = socketPath.withCString { path in
                var address = SPDConnectionAddress()
                address.method = SPD_METHOD_UNIX_SOCKET
                address.unix_socket_name = UnsafeMutablePointer(mutating: path)
                return spd.pointee.spd_open2("loowi", name, user, SPD_MODE_SINGLE, &address, 0, &error)
            }
        } else {
            opened = spd.pointee.spd_open2("loowi", name, user, SPD_MODE_SINGLE, nil, 1, &error)
        }
        guard let connection = opened else {
            let detail = error.map { String(cString: $0) } ?? "no answer"
            free(error)
            throw .speechDispatcherUnavailable(detail: detail)
        }
        return connection
    }

    /// Closes both connections; what was already sent is still said by speech-dispatcher.
    public func close() {
        guard let spd = library else { return }
        if let speech { spd.pointee.spd_close(speech) }
        if let important { spd.pointee.spd_close(important) }
        speech = nil
        important = nil
    }

    // MARK: Speaking

    func say(_ text: String, priority: SpeechPriority) {
        guard let spd = library else { return }
        for step in priority.dispatcherSteps {
            switch step {
            case .cancelSpeech:
                if let speech { _ = spd.pointee.spd_cancel(speech) }
            case .say(let level, let onImportant):
                guard !text.isEmpty, let connection = onImportant ? important : speech else { continue }
                _ = spd.pointee.spd_say(connection, SPDPriority(UInt32(level.rawValue)), text)
            }
        }
    }

    /// Hush: both connections stop and drop what they queued.
    func hush() {
        guard let spd = library else { return }
        if let speech { _ = spd.pointee.spd_cancel(speech) }
        if let important { _ = spd.pointee.spd_cancel(important) }
    }

    /// Sets rate, pitch, volume, punctuation, capitals and voice on both connections.
    func apply(_ settings: SpeechSettings) {
        guard settings != applied, let spd = library else { return }
        let voice = settings.voice == applied?.voice ? nil : resolve(settings.voice)
        for case let connection? in [speech, important] {
            _ = spd.pointee.spd_set_voice_rate(connection, Int32(SpeechDispatcherMapping.rate(wordsPerMinute: settings.rate)))
            _ = spd.pointee.spd_set_voice_pitch(connection, Int32(SpeechDispatcherMapping.pitch(settings.pitch)))
            _ = spd.pointee.spd_set_volume(connection, Int32(SpeechDispatcherMapping.volume(settings.volume)))
            _ = spd.pointee.spd_set_punctuation(connection, Self.punctuation(settings.punctuation))
            // "pitch" and "earcon" are not speech-dispatcher's to do: loowi plays the capital
            // earcon itself, and a raised pitch has no SSIP setting.
            _ = spd.pointee.spd_set_capital_letters(connection, settings.capitals == .spell ? SPD_CAP_SPELL : SPD_CAP_NONE)
            if let voice {
                if let language = voice.language { _ = spd.pointee.spd_set_language(connection, language) }
                if let name = voice.name { _ = spd.pointee.spd_set_synthesis_voice(connection, name) }
            }
        }
        applied = settings
    }

    /// A language code sets the language (speech-dispatcher picks its voice); a name that
    /// speech-dispatcher lists sets that voice and its language.
    private func resolve(_ voice: String) -> (language: String?, name: String?) {
        if let language = SpeechDispatcherMapping.language(voice) { return (language, nil) }
        if let match = voices().first(where: { $0.name.lowercased() == voice.lowercased() }) {
            return (match.language, match.name)
        }
        return (nil, nil)
    }

    private static func punctuation(_ level: PunctuationLevel) -> SPDPunctuation {
        switch level {
        case .none: SPD_PUNCT_NONE
        case .some: SPD_PUNCT_SOME
        case .most: SPD_PUNCT_MOST
        case .all: SPD_PUNCT_ALL
        }
    }

    // MARK: Voices

    /// The voices of speech-dispatcher's output module, optionally only those for a language.
    public func voices(language: String? = nil) -> [DispatcherVoice] {
        let all: [DispatcherVoice]
        if let voiceList {
            all = voiceList
        } else {
            all = readVoices()
            voiceList = all
        }
        guard let language = language?.lowercased(), !language.isEmpty else { return all }
        return all.filter { $0.language.lowercased() == language || $0.language.lowercased().hasPrefix(language + "-") }
    }

    private func readVoices() -> [DispatcherVoice] {
        guard let spd = library, let speech, let list = spd.pointee.spd_list_synthesis_voices(speech) else { return [] }
        defer { spd.pointee.free_spd_voices(list) }
        var voices: [DispatcherVoice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            voices.append(
                DispatcherVoice(
                    name: voice.name.map { String(cString: $0) } ?? "",
                    language: voice.language.map { String(cString: $0) } ?? "",
                    variant: voice.variant.map { String(cString: $0) } ?? ""))
        }
        return voices
    }

    // MARK: The output's ordered requests

    enum Request: Sendable {
        case say(String, SpeechPriority)
        case hush
        case settings(SpeechSettings)
        case barrier(CheckedContinuation<Void, Never>)
    }

    /// Runs an output's requests in order, one at a time, on this actor's thread.
    func run(_ requests: AsyncStream<Request>) async {
        for await request in requests {
            switch request {
            case .say(let text, let priority): say(text, priority: priority)
            case .hush: hush()
            case .settings(let settings): apply(settings)
            case .barrier(let continuation): continuation.resume()
            }
        }
    }
}

/// One voice as speech-dispatcher lists it.
public struct DispatcherVoice: Sendable, Equatable {
    public var name: String
    /// Such as "en-GB".
    public var language: String
    /// "none" when the voice has no variant.
    public var variant: String
}

/// libspeechd's functions, opened the first time the speech-dispatcher backend connects (see
/// CSpeechd's shim.h); the table is written once, before anyone reads it, and never again.
private nonisolated(unsafe) let speechdLibrary: (functions: UnsafePointer<CSpeechd_functions>?, problem: String) = {
    if let table = CSpeechd_load() { return (table, "") }
    return (nil, String(cString: CSpeechd_load_error()))
}()
