import FoundationEssentials
import Localization
import LoowiSupport
import SpeechAudio
import Synchronization
import Testing
import TweetEngine

@testable import LoowiApp

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 37, item 6: `loowi doctor`'s checks with a fake machine and a fake server: one line
/// per check in the user's language, each problem with its fix, and how many need the user.
@Suite(.timeLimit(.minutes(5))) struct DoctorTests {
    /// A scratch home with loowi's folders, and one saved account on a stub server.
    final class Machine: @unchecked Sendable {
        let root: URL
        let paths: AppPaths
        let environment: [String: String]
        var voice: Result<String, SpeechError> = .success("en-gb")
        var sound = SoundDeviceState.pulseAudio(sink: "alsa_output.pci", description: "Built-in Audio")
        var dispatcherFailure: String? = nil
        var readlineFailure: String? = nil
        /// What reading a Hunspell dictionary gives; the dictionary asked for is kept.
        var spelling: SpellChecker.Outcome = .checked([])
        let spellingAsked = LockedList()
        /// What verify_credentials answers: a status and headers.
        var verify: (status: Int, headers: [HTTPHeader]) = (200, [])
        /// What the user stream answers; nil: it never answers.
        var streamStatus: Int? = 200
        /// Whether a WebSocket opens at /api/v1/streaming (else the upgrade answers 404).
        var socketOpens = false
        var hangs = false
        /// loowi's data folder: the checkout's, which the tests run from.
        var data = DataDirectory.current
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000), holdsSleeps: true)

        init(accounts: [Credentials] = [Machine.grace]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-doctor-\(UUID().uuidString)")
            environment = [
                "HOME": root.path, "XDG_CONFIG_HOME": root.path + "/config", "XDG_STATE_HOME": root.path + "/state",
                "XDG_CACHE_HOME": root.path + "/cache",
            ]
            paths = AppPaths(environment: environment)
            let store = FileTokenStore(fileURL: FileTokenStore.defaultLocation(environment: environment))
            for account in accounts { try store.save(account) }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        static let grace = Credentials(
            server: URL(string: "https://fake.social")!, accessToken: "secret-token-1", accountID: "7", username: "grace")

        var transport: StubTransport {
            let verify = self.verify
            let streamStatus = self.streamStatus
            let socketOpens = self.socketOpens
            return StubTransport(streamScript: { _, _ in
                guard let status = streamStatus else { return ([], TransportError.timedOut) }
                return ([.head(status: status, headers: [])], nil)
            }, socketScript: { _, _ in
                (events: [socketOpens ? .opened : .refused(status: 404, body: Data())], end: nil)
            }) { request in
                switch request.url.path {
                case "/api/v1/accounts/verify_credentials":
                    return .json(
                        #"{"id":"7","username":"grace","acct":"grace","display_name":"Grace"}"#, status: verify.status, headers: verify.headers,
                        url: request.url)
                default:
                    return .json("{}", status: 404, url: request.url)
                }
            }
        }

        func world() -> Doctor.World {
            let (voice, sound, dispatcherFailure, readlineFailure) = (self.voice, self.sound, self.dispatcherFailure, self.readlineFailure)
            let transport: any HTTPTransport = hangs ? HangingTransport() : self.transport
            let clock = self.clock
            var world = Doctor.World(
                paths: paths, environment: environment, speechVoice: { _ in voice }, soundDevice: { sound },
                dispatcher: { dispatcherFailure }, readline: { readlineFailure },
                engine: { config in
                    var options = config.engineOptions
                    options.maximumRateLimitWait = .zero
                    return TweetEngine(transport: transport, clock: clock, tokenStore: InMemoryTokenStore(), options: options)
                })
            world.timeZone = TimeZone(identifier: "UTC")!
            world.data = data
            let (spelling, asked) = (self.spelling, spellingAsked)
            world.spelling = { name in
                asked.names.withLock { $0.append(name.file) }
                return spelling
            }
            return world
        }

        func config(_ text: String) throws {
            try FileManager.default.createDirectory(at: paths.config, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: paths.configFile)
        }

        /// The lines a doctor says, and how many problems it counted.
        func run(_ language: Language = .britishEnglish) async -> (lines: [String], problems: Int, statuses: [DoctorLine.Status]) {
            let heard = Mutex<[DoctorLine]>([])
            let problems = await Doctor(language: language, world: world()).run { line in heard.withLock { $0.append(line) } }
            let lines = heard.withLock { $0 }
            return (lines.map(\.text), problems, lines.map(\.status))
        }
    }

    /// The dictionaries a doctor asked for, from its checks' tasks.
    final class LockedList: Sendable {
        let names = Mutex<[String]>([])
    }

    /// A server that never answers, until the request is cancelled.
    final class HangingTransport: StreamingTransport {
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }

        func openStream(_ request: HTTPRequest) -> AsyncThrowingStream<StreamChunk, any Error> {
            AsyncThrowingStream { _ in }
        }
    }

    @Test func allWellInEnglish() async throws {
        let machine = try Machine()
        let result = await machine.run()
        let config = machine.paths.configFile.path
        #expect(
            result.lines == [
                "eSpeak NG: works, with the voice en-gb for English (UK).",
                "Sound: PulseAudio plays to Built-in Audio.",
                "Line editing: readline is there, for editing what you type.",
                "Spelling: Hunspell and its en_GB dictionary work, for F6 in compose.",
                "loowi's data: found in \(try #require(machine.data).root): the hashtag word lists and the demo.",
                "Settings: there is no config.toml yet (\(config)), so the defaults apply.",
                "File permissions: loowi's files and folders are yours, and only you can read your accounts, drafts and outbox.",
                "Certificates: the system's certificate authorities are trusted, and no other (ca_file is not set).",
                "Account @grace@fake.social: its token works; the server knows you as @grace.",
                "Requests to fake.social: the server does not say how many are left.",
                "Live updates on fake.social: the server streams them as they happen (server-sent events).",
                "Outbox of @grace@fake.social: no post waits.",
                "Drafts of @grace@fake.social: none is kept.",
                "All is well: nothing needs you.",
            ])
        #expect(result.problems == 0)
        // The token is never said.
        #expect(!result.lines.joined().contains("secret-token-1"))
    }

    @Test func allWellInSpanish() async throws {
        let machine = try Machine()
        try machine.config("language = \"es\"\n")
        machine.voice = .success("es")
        let result = await machine.run(.spanish)
        #expect(
            result.lines == [
                "eSpeak NG: funciona, con la voz es para español.",
                "Sonido: PulseAudio reproduce en Built-in Audio.",
                "Edición de líneas: readline está instalada, para editar lo que escribes.",
                "Ortografía: Hunspell y su diccionario es_ES funcionan, para F6 en la pantalla de escritura.",
                "Datos de loowi: están en \(try #require(machine.data).root): las listas de palabras de las etiquetas y la demostración.",
                "Configuración: \(machine.paths.configFile.path) se lee sin problemas.",
                "Permisos de los archivos: los archivos y carpetas de loowi son tuyos, y solo tú puedes leer tus cuentas, borradores y bandeja de salida.",
                "Certificados: se confía en las autoridades de certificación del sistema, y en ninguna otra (ca_file no está puesto).",
                "Cuenta @grace@fake.social: su token funciona; el servidor te conoce como @grace.",
                "Peticiones a fake.social: el servidor no dice cuántas quedan.",
                "Novedades en directo de fake.social: el servidor las envía en cuanto ocurren (eventos enviados por el servidor).",
                "Bandeja de salida de @grace@fake.social: no espera ninguna publicación.",
                "Borradores de @grace@fake.social: no se guarda ninguno.",
                "Todo está bien: nada necesita tu atención.",
            ])
        #expect(result.problems == 0)
    }

    /// Spelling is optional: a missing Hunspell or dictionary is said with its package, and
    /// is not a problem. The dictionary checked is the interface language's.
    @Test func missingSpellingIsSaidWithItsPackageButNeedsNothing() async throws {
        let machine = try Machine()
        machine.spelling = .noLibrary
        var result = await machine.run()
        #expect(result.lines.contains(
            "Spelling: Hunspell is not installed, so F6 in compose cannot check spelling. To have it: sudo apt install libhunspell-1.7-0 hunspell-en-gb"),
            "\(result.lines)")
        #expect(result.problems == 0)
        try machine.config("language = \"es\"\n")
        machine.voice = .success("es")
        machine.spelling = .noDictionary(SpellingDictionaryName(language: .spanish))
        result = await machine.run(.spanish)
        #expect(result.lines.contains(
            "Ortografía: no hay diccionario es_ES, así que F6 en la pantalla de escritura no puede revisar la ortografía. Para tenerlo: sudo apt install hunspell-es"),
            "\(result.lines)")
        #expect(result.problems == 0)
        #expect(machine.spellingAsked.names.withLock { $0 } == ["en_GB", "es_ES"])
    }

    @Test func aRevokedTokenSaysToLogInAgain() async throws {
        let machine = try Machine()
        machine.verify = (401, [])
        var result = await machine.run()
        #expect(
            result.lines.contains(
                "Account @grace@fake.social, problem: the server no longer accepts its token: it was revoked or has expired. To fix: log in again: loowi login fake.social"
            ))
        #expect(result.problems == 1)
        #expect(result.lines.last == "One thing needs you; how to fix it is above.")
        // No requests or stream line for an account the server refuses; its local files still.
        #expect(!result.lines.contains { $0.hasPrefix("Live updates") || $0.hasPrefix("Requests") })
        #expect(result.lines.contains("Outbox of @grace@fake.social: no post waits."))
        result = await machine.run(.spanish)
        #expect(
            result.lines.contains(
                "Cuenta @grace@fake.social, problema: el servidor ya no acepta su token: se revocó o ha caducado. Para arreglarlo: vuelve a iniciar sesión: loowi login fake.social"
            ))
        #expect(result.lines.last == "Una cosa necesita tu atención; arriba está cómo arreglarla.")
    }

    @Test func aConfigErrorIsNamedWithItsLineAndTheFileStillChoosesTheLanguage() async throws {
        let machine = try Machine()
        try machine.config("language = \"es\"\nrate = 900\n")
        #expect(Doctor.language(paths: machine.paths) == .spanish)
        let result = await machine.run(Doctor.language(paths: machine.paths))
        #expect(
            result.lines.contains(
                "Configuración, problema: config.toml line 2: rate 900 is out of range; use 80 to 450. Para arreglarlo: corrige esa línea en \(machine.paths.configFile.path), o quita el ajuste con loowi config unset NOMBRE para volver a su valor predeterminado."
            ))
        #expect(result.problems == 1)
        // The voice checked is the language's own, since the file's voice could not be read.
        #expect(result.lines.first == "eSpeak NG: funciona, con la voz en-gb para español.")
    }

    @Test func aTokenFileOthersCanReadIsNamedWithTheChmod() async throws {
        let machine = try Machine()
        let accounts = FileTokenStore.defaultLocation(environment: machine.environment).path
        chmod(accounts, 0o644)
        let result = await machine.run()
        #expect(result.lines.contains("File permissions, problem: other people can read \(accounts) (mode 0644). To fix: run: chmod 600 \(accounts)"))
        // The accounts themselves are refused by the token store, with its own fix.
        #expect(
            result.lines.contains {
                $0.hasPrefix("Accounts, problem: The login file \(accounts) can be read by other people") && $0.hasSuffix("chmod 600 \(accounts)")
            })
        #expect(result.problems == 2)
        #expect(result.lines.last == "2 things need you; how to fix each is above.")
    }

    @Test func aSettingsFileOthersCanChangeIsAProblemButOneTheyCanReadIsNot() async throws {
        let machine = try Machine()
        try machine.config("rate = 200\n")
        chmod(machine.paths.configFile.path, 0o644)
        #expect(await machine.run().problems == 0)
        chmod(machine.paths.configFile.path, 0o666)
        let result = await machine.run()
        #expect(
            result.lines.contains(
                "File permissions, problem: other people can change \(machine.paths.configFile.path) (mode 0666). To fix: run: chmod 600 \(machine.paths.configFile.path)"
            ))
    }

    @Test func aServerThatDoesNotAnswerIsGivenUpAfterTheTimeLimit() async throws {
        let machine = try Machine()
        machine.hangs = true
        async let result = machine.run()
        // The doctor waits on the engine's clock, never on the machine's speed.
        #expect(await machine.clock.waitForHeldSleeps(1))
        machine.clock.releaseSleeps()
        let lines = await result.lines
        #expect(
            lines.contains(
                "Account @grace@fake.social, problem: the server did not answer within 10 seconds. To fix: check your internet connection and the server's address, then run loowi doctor again."
            ))
    }

    @Test func theRateLimitIsSaidFromTheHeaders() async throws {
        let machine = try Machine()
        // 1_800_000_000 is 08:00 UTC; the reset five minutes on.
        machine.verify = (
            200,
            [
                HTTPHeader(name: "X-RateLimit-Limit", value: "300"), HTTPHeader(name: "X-RateLimit-Remaining", value: "299"),
                HTTPHeader(name: "X-RateLimit-Reset", value: "1800000300"),
            ]
        )
        var result = await machine.run()
        #expect(result.lines.contains("Requests to fake.social: 299 of 300 left until 8:05."))
        result = await machine.run(.spanish)
        #expect(result.lines.contains("Peticiones a fake.social: quedan 299 de 300 hasta las 8:05."))
        machine.verify.headers[1] = HTTPHeader(name: "X-RateLimit-Remaining", value: "0")
        result = await machine.run()
        #expect(
            result.lines.contains(
                "Requests to fake.social, problem: none left until 8:05; until then loowi waits before each request. To fix: wait until 8:05, and run fewer commands in a row."
            ))
        #expect(result.problems == 1)
    }

    @Test func aWebSocketOnlyServerStreams() async throws {
        let machine = try Machine()
        machine.streamStatus = 404
        machine.socketOpens = true
        var result = await machine.run()
        #expect(result.lines.contains("Live updates on fake.social: the server streams them as they happen (WebSocket)."), "\(result.lines)")
        #expect(result.problems == 0)
        result = await machine.run(.spanish)
        #expect(result.lines.contains { $0.hasSuffix(": el servidor las envía en cuanto ocurren (WebSocket).") }, "\(result.lines)")
    }

    @Test func aServerWithoutStreamingIsNoProblem() async throws {
        let machine = try Machine()
        try machine.config("poll_seconds = 120\n")
        machine.streamStatus = 404
        let result = await machine.run()
        #expect(
            result.lines.contains(
                "Live updates on fake.social: the server has no streaming, so loowi asks for news every 120 seconds (poll_seconds)."))
        #expect(result.problems == 0)
    }

    @Test(arguments: [
        (
            SoundDeviceState.nullSink(sink: "auto_null"),
            "Sound, problem: PulseAudio plays to auto_null, a null sink: nothing played there is heard. To fix: choose a real output in your sound settings, or with pactl set-default-sink NAME (pactl list short sinks lists them).",
            true
        ),
        (
            .pcaudio(pulseFailure: "PulseAudio: Connection refused"),
            "Sound: no PulseAudio server answers (PulseAudio: Connection refused), so loowi plays through ALSA.", false
        ),
        (.pcaudio(pulseFailure: nil), "Sound: loowi plays through pcaudiolib, as LOOWI_AUDIO asks.", false),
        (
            .unavailable("no device"),
            "Sound, problem: no sound device opens (no device). To fix: start your sound server (systemctl --user start pipewire-pulse, or pulseaudio --start), or check your sound card with aplay -l. Until then loowi --line prints what it would say, for a braille display.",
            true
        ),
    ])
    func theSoundDevice(state: SoundDeviceState, said: String, isProblem: Bool) async throws {
        let machine = try Machine()
        machine.sound = state
        let result = await machine.run()
        #expect(result.lines[1] == said)
        #expect(result.problems == (isProblem ? 1 : 0))
    }

    @Test func eSpeakNGMissingOrWithoutTheVoice() async throws {
        let machine = try Machine()
        machine.voice = .failure(
            .libraryMissing(name: "eSpeak NG", detail: "libespeak-ng.so.1: cannot open shared object file", package: "libespeak-ng1"))
        var result = await machine.run()
        #expect(
            result.lines[0]
                == "eSpeak NG, problem: the library cannot be opened (libespeak-ng.so.1: cannot open shared object file), so loowi cannot speak. To fix: install it: sudo apt install libespeak-ng1 espeak-ng-data"
        )
        machine.voice = .failure(.unknownVoice("ca", closeMatches: []))
        result = await machine.run(.catalan)
        #expect(
            result.lines[0]
                == "eSpeak NG, problema: no té cap veu per a català. Per arreglar-ho: instal·la espeak-ng-data, o tria una veu que tingui: loowi voices les llista i loowi config set voice NOM en tria una."
        )
        try machine.config("voice = \"robot\"\n")
        machine.voice = .failure(.unknownVoice("robot", closeMatches: []))
        result = await machine.run()
        #expect(result.lines[0].hasPrefix("eSpeak NG, problem: it has no voice called robot, the voice in your settings."))
    }

    @Test func speechDispatcherIsCheckedOnlyWhenChosen() async throws {
        let machine = try Machine()
        machine.dispatcherFailure = "no socket"
        #expect(!(await machine.run().lines.contains { $0.hasPrefix("speech-dispatcher") }))
        try machine.config("speech_backend = \"speech-dispatcher\"\n")
        var result = await machine.run()
        #expect(
            result.lines[2].hasPrefix("speech-dispatcher, problem: does not answer, so loowi speaks with its own eSpeak NG instead. To fix: start it")
        )
        machine.dispatcherFailure = nil
        result = await machine.run()
        #expect(result.lines[2] == "speech-dispatcher: answers; loowi speaks through it, as speech_backend asks.")
    }

    @Test func noAccountYetSaysHowToLogIn() async throws {
        let machine = try Machine(accounts: [])
        let result = await machine.run()
        #expect(
            result.lines.contains(
                "Accounts, problem: none is saved yet. To fix: log in with loowi login and your server's name, such as loowi login mastodon.social; or hear loowi first with loowi demo."
            ))
    }

    @Test func aDamagedOutboxIsNamedWithWhereItWasKept() async throws {
        let machine = try Machine()
        let outbox = Outbox.file(paths: machine.paths, account: Machine.grace.handle)
        try FileManager.default.createDirectory(at: machine.paths.state, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: outbox)
        chmod(outbox.path, 0o600)
        let result = await machine.run()
        let line = try #require(result.lines.first { $0.hasPrefix("Outbox of @grace@fake.social") })
        #expect(line.hasPrefix("Outbox of @grace@fake.social, problem: the file could not be read; loowi set it aside as \(outbox.path)"))
        #expect(line.contains("To fix: what could not be read is in"))
    }

    @Test func aCertificateFileThatIsNotThereIsAProblem() async throws {
        let machine = try Machine()
        try machine.config("ca_file = \"\(machine.root.path)/missing.pem\"\n")
        let result = await machine.run()
        #expect(
            result.lines.contains(
                "Certificates, problem: ca_file names \"\(machine.root.path)/missing.pem\", and there is no such file. Give the full path of your server's certificate authority (a PEM file), or remove the setting. To fix: give the PEM file of your server's certificate authority: loowi config set ca_file /path/to/ca.pem, or stop using one: loowi config unset ca_file"
            ))
        let pem = machine.root.appendingPathComponent("ca.pem")
        try Data("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n".utf8).write(to: pem)
        try machine.config("ca_file = \"\(pem.path)\"\n")
        #expect(await machine.run().lines.contains("Certificates: \(pem.path) is trusted besides the system's certificate authorities."))
        try Data("hello".utf8).write(to: pem)
        #expect(
            await machine.run().lines.contains {
                $0.hasPrefix("Certificates, problem: \(pem.path) holds no PEM certificate")
            })
    }

    /// Issue 37: the data folder the program reads (word lists, the demo) is checked as the
    /// app reads it, and what its absence costs is said.
    @Test func aMissingOrDamagedDataFolderIsNamed() async throws {
        let machine = try Machine()
        machine.data = nil
        var result = await machine.run()
        #expect(
            result.lines.contains(
                "loowi's data, problem: not found, so hashtags are read as written and the demo cannot start. To fix: reinstall loowi, or run the loowi built in its source folder."),
            "\(result.lines)")
        #expect(result.problems == 1)
        result = await machine.run(.spanish)
        #expect(result.lines.contains { $0.hasPrefix("Datos de loowi, problema: no se encuentran, así que las etiquetas se leen tal como están escritas") }, "\(result.lines)")
        // A list out of order is refused as the app refuses it; the demo's files are looked for.
        let root = machine.root.appendingPathComponent("share/loowi")
        let source = try #require(DataDirectory.current)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("wordlists"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("demo"), withIntermediateDirectories: true)
        for code in ["en", "ca"] {
            try FileManager.default.copyItem(atPath: source.path(.wordList(code)), toPath: root.appendingPathComponent("wordlists/\(code).txt").path)
        }
        try Data("zebra 3\napple 4\n".utf8).write(to: root.appendingPathComponent("wordlists/es.txt"))
        // The emoji names: Catalan's damaged (a line without its name), the others whole.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("emoji"), withIntermediateDirectories: true)
        for code in ["en", "es"] {
            try FileManager.default.copyItem(atPath: source.path(.emojiNames(code)), toPath: root.appendingPathComponent("emoji/\(code).txt").path)
        }
        try Data("👋\n".utf8).write(to: root.appendingPathComponent("emoji/ca.txt"))
        try FileManager.default.copyItem(atPath: source.path(.demoSeed), toPath: root.appendingPathComponent("demo/seed.toml").path)
        machine.data = DataDirectory(root: root.path, layout: .installed)
        result = await machine.run()
        #expect(
            result.lines.contains(
                "loowi's data, problem: missing or damaged: \(root.path)/wordlists/es.txt, \(root.path)/emoji/ca.txt, \(root.path)/demo/live.json. To fix: reinstall loowi, or run the loowi built in its source folder."),
            "\(result.lines)")
    }

    @Test func theCataloguesAreComplete() {
        #expect(CatalogueAudit.problems(DoctorText.self) == [])
    }
}
