import AccessibleControls
import FoundationEssentials
import LoowiApp
import LoowiSupport
import SpeechAudio
import TweetEngine

extension Loowi {
    struct DoctorCommand: Command {
        static let info = CommandInfo(
            name: "doctor",
            abstract: "Check loowi's set-up and say how to fix what is wrong: speech, sound, settings, files, accounts and their servers.",
            discussion: """
                One line per check, printed and spoken in loowi's language; each problem says how to fix it. \
                Exit status 0 when all is well, 1 when something needs you. The sound device is opened and \
                closed at once to check it, also with --silent. A check that needs the network gives up after \
                \(Int(timeLimit.components.seconds)) seconds. Tokens are never shown.
                """,
            parameters: [
                .flag("silent", help: "Print the lines without speaking them (the sound device is still checked)."),
                .option("wav", value: "file", help: "Speak the lines into this WAV file instead of playing them.", values: .file),
                .option(
                    "language", help: "The language to speak in: en-gb, en-us, es or ca (default: config.toml's).",
                    values: .choice(Language.allValueStrings)),
            ])

        static let timeLimit = Duration.seconds(10)

        var silent: Bool
        var wav: String?
        var language: Language?

        init(_ values: ArgumentValues) throws {
            silent = values.flag("silent")
            wav = values.string("wav")
            language = try values.value("language")
        }

        func validate() throws { try SpeechOptions.checkOutput(wav: wav, silent: silent) }

        func run() async throws {
            let paths = AppPaths()
            let environment = ProcessEnvironment.current
            let language = language ?? Doctor.language(paths: paths)
            let config = (try? ConfigFile(paths: paths).load()) ?? LoowiConfig()
            // The sound device first, on purpose, and closed before the voice opens it again:
            // an ALSA device without a mixer takes one user at a time.
            let sound = await Task.detached { SoundDeviceProbe.probe(environment: environment) }.value
            let speaker = silent ? nil : try await DoctorSpeaker.open(config: config, language: language, wav: wav, sound: sound)
            var world = Doctor.World(
                paths: paths, environment: environment,
                speechVoice: { voice in
                    do throws(SpeechError) {
                        try await SpeechEngine.shared.validate(SpeechSettings(voice: voice))
                        return .success(voice)
                    } catch {
                        return .failure(error)
                    }
                },
                soundDevice: { sound },
                dispatcher: {
                    do throws(SpeechError) {
                        let connection = try await SpeechDispatcherConnection.open()
                        await connection.close()
                        return nil
                    } catch {
                        return error.description
                    }
                },
                readline: { await MainActor.run { LineEditing.problem } },
                engine: { config in
                    // A doctor reports the rate limit; it does not wait for it.
                    let options = CommandSupport.engineOptions(config.engineOptions, noWait: true, reportsWaits: false)
                    return TweetEngine(transport: try config.transport(environment: environment), options: options)
                })
            world.timeLimit = Self.timeLimit
            let problems = await Doctor(language: language, world: world).run { line in
                CommandSupport.printLine(line.text)
                speaker?.say(line.text)
            }
            await speaker?.finish()
            if problems > 0 { throw ExitStatus.failure }
        }
    }
}

/// Speaks the doctor's lines as they come, with the settings' voice (the language's own when
/// --language names another), through speech-dispatcher when it is chosen and answers. No
/// voice when there is nothing to hear it with: the lines are printed all the same.
struct DoctorSpeaker {
    let pipeline: SpeechPipeline

    static func open(config: LoowiConfig, language: Language, wav: String?, sound: SoundDeviceState) async throws -> DoctorSpeaker? {
        let sink: AudioSink
        if let wav {
            sink = try WAVFileSink(url: URL(fileURLWithPath: wav))
        } else {
            switch sound {
            case .pulseAudio, .pcaudio: sink = DeviceSink()
            case .nullSink, .unavailable: return nil
            }
        }
        let voice = (language == config.language ? config.voice : nil) ?? language.voice
        let settings = SpeechSettings(
            voice: voice, rate: config.rate, pitch: config.pitch, volume: config.volume, punctuation: config.punctuation, capitals: config.capitals)
        let connection = config.speechBackend == .speechDispatcher ? try? await SpeechDispatcherConnection.open() : nil
        guard
            let pipeline = try? await SpeechPipeline(
                sink: sink, settings: settings, earcons: EarconLibrary(pack: config.soundPack), dispatcher: connection)
        else {
            // No eSpeak NG or no such voice: its own line says so and how to fix it.
            sink.close()
            return nil
        }
        return DoctorSpeaker(pipeline: pipeline)
    }

    func say(_ text: String) { pipeline.enqueue(text, priority: .announcement) }

    func finish() async { await pipeline.finish() }
}
