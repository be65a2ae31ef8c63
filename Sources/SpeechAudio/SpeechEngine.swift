#if canImport(Glibc)
    import Glibc
#endif
internal import CEspeak
import FoundationEssentials
import LoowiSupport
import Synchronization

/// The one owner of eSpeak NG in the process. eSpeak NG keeps global state, so every call
/// into it runs on this actor, whose executor is a thread of its own: synthesis blocks that
/// thread, never the cooperative pool. Any number of pipelines share it; each job carries the
/// settings it wants, so pipelines never see each other's voice or rate.
public actor SpeechEngine {
    public static let shared = SpeechEngine()

    private nonisolated let executor = DedicatedThreadExecutor()
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// eSpeak NG's functions, set once `prepare()` has loaded its data.
    private var library: UnsafePointer<CEspeak_functions>?
    /// eSpeak NG's voices: as a previous start remembered them, or read from its 131 voice
    /// files (about 5 ms) when first needed.
    private var listed: [Voice]?
    /// The list came from a previous start: a setting not found in it is looked for again in
    /// eSpeak NG's own (a voice may have been added since).
    private var listedFromMemory = false
    /// The voice loaded for each setting (lowercased): eSpeak NG's choice for a language, the
    /// voice a name or file names. Loaded by its file next time.
    private var chosen: [String: Voice] = [:]
    /// What a `RememberedVoices` must have been made with to be used (see there).
    private var signature = ""
    private var applied: SpeechSettings?
    /// Which voice reads a language under a voice ("es" under "en-gb"); nil: the voice's own.
    private var languageVoices: [String: String?] = [:]

    /// How long each block of PCM that eSpeak NG hands over is: short, so the first sample
    /// reaches the mixer soon after a key.
    static let bufferMilliseconds: Int32 = 20

    public init() {}

    /// Loads eSpeak NG's data (once). `dataPath` overrides where espeak-ng-data is looked for.
    public func prepare(dataPath: String? = nil) throws(SpeechError) {
        guard library == nil else { return }
        guard let espeak = eSpeakLibrary.functions else {
            throw .libraryMissing(name: "eSpeak NG", detail: eSpeakLibrary.problem, package: "libespeak-ng1")
        }
        let path = dataPath ?? ProcessEnvironment.current["ESPEAK_DATA_PATH"]
        espeak.pointee.espeak_ng_InitializePath(path)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak.pointee.espeak_ng_Initialize(&context)
        if status != ENS_OK {
            espeak.pointee.espeak_ng_ClearErrorContext(&context)
            throw .speechDataMissing(path: path, detail: Self.message(espeak, for: status))
        }
        let output = espeak.pointee.espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, Self.bufferMilliseconds, nil)
        guard output == ENS_OK else { throw .speechDataMissing(path: path, detail: Self.message(espeak, for: output)) }
        guard espeak.pointee.espeak_ng_GetSampleRate() == Int32(AudioFormat.sampleRate) else {
            throw .speechDataMissing(path: path, detail: "unexpected sample rate \(espeak.pointee.espeak_ng_GetSampleRate())")
        }
        espeak.pointee.espeak_SetSynthCallback(synthesisCallback)
        signature = Self.signature(espeak)
        library = espeak
    }

    /// The installed voices, optionally only those for a language (`es` also finds `es-419`).
    public func voices(language: String? = nil) throws(SpeechError) -> [Voice] {
        try prepare()
        let all = allVoices()
        guard let language = language?.lowercased(), !language.isEmpty else { return all }
        return all.filter { voice in
            voice.languages.contains { $0 == language || $0.hasPrefix(language + "-") }
        }
    }

    /// Checks that `name` selects a voice; the error lists close matches. The voice is then
    /// loaded (its dictionary read), so that the first words of a start do not wait for it.
    /// With what a previous start `remembered` (if made with this eSpeak NG and its data),
    /// neither the list nor a voice chosen before is read from eSpeak NG's voice files.
    public func validate(_ settings: SpeechSettings, remembered: RememberedVoices? = nil) throws(SpeechError) {
        try settings.validate()
        try prepare()
        if let remembered, remembered.signature == signature, listed == nil {
            listed = remembered.installed
            listedFromMemory = true
            chosen = remembered.chosen
        }
        _ = try resolve(settings.voice)
        try apply(settings)
    }

    /// The voices and the choices made so far: what the app keeps for the next start.
    public func rememberedVoices() -> RememberedVoices {
        RememberedVoices(signature: signature, installed: listed ?? [], chosen: chosen)
    }

    private func allVoices() -> [Voice] {
        if let listed { return listed }
        let voices = library.map(Self.readVoices) ?? []
        listed = voices
        listedFromMemory = false
        return voices
    }

    /// Everything known of eSpeak NG's voices is read again when next needed.
    private func forgetVoices() {
        listed = nil
        listedFromMemory = false
        chosen = [:]
    }

    private func resolve(_ name: String) throws(SpeechError) -> Voice {
        let wanted = name.lowercased()
        if let voice = chosen[wanted] { return voice }
        if let voice = Self.find(wanted, in: allVoices()) { return voice }
        if listedFromMemory {
            listed = nil
            if let voice = Self.find(wanted, in: allVoices()) { return voice }
        }
        throw .unknownVoice(name, closeMatches: VoiceMatching.closeMatches(to: name, in: allVoices()))
    }

    private static func find(_ wanted: String, in voices: [Voice]) -> Voice? {
        voices.first(where: { $0.languages.contains(wanted) }) ?? voices.first(where: { $0.answers(to: wanted) })
    }

    // MARK: Synthesis

    /// Synthesises one utterance, handing PCM to the job's mixer block by block, and stops at
    /// the next block once the job has been cancelled.
    func synthesize(_ job: SynthesisJob) {
        guard !job.isCancelled else { return }
        do {
            try prepare()
            try apply(settings(for: job))
        } catch {
            return
        }
        let context = Unmanaged.passRetained(job)
        defer { context.release() }
        guard let espeak = library else { return }
        _ = job.text.text.utf8CString.withUnsafeBytes { buffer in
            // Through the fence: eSpeak NG 1.51 can read up the stack past a clause (shim.h).
            CEspeak_synth_fenced(espeak, buffer.baseAddress!, buffer.count, UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), context.toOpaque())
        }
    }

    /// The job's settings for its stretch: its language's voice, and a person's voice in the
    /// mark ("es-x-m3-p4") adds its variant and moves the pitch.
    private func settings(for job: SynthesisJob) -> SpeechSettings {
        guard let code = job.language else { return job.settings }
        let (language, person) = PersonVoice.split(code)
        var settings = languageSettings(job.settings, language)
        if let person {
            settings.voice += "+" + person.variant
            settings.pitch = min(max(settings.pitch + person.pitchOffset, SpeechSettings.pitchRange.lowerBound), SpeechSettings.pitchRange.upperBound)
        }
        return settings
    }

    /// The voice of `language` when the settings' own voice does not speak it and eSpeak NG has
    /// one; otherwise the settings' voice reads it (a language without a voice falls back).
    /// Decided once per pair of voice and language.
    private func languageSettings(_ settings: SpeechSettings, _ language: String) -> SpeechSettings {
        let key = settings.voice + "\u{0}" + language
        let voice: String?
        if let known = languageVoices[key] {
            voice = known
        } else {
            voice = languageVoice(language, under: settings.voice)
            languageVoices[key] = .some(voice)  // nil is kept too: no voice switch
        }
        guard let voice else { return settings }
        var switched = settings
        switched.voice = voice
        return switched
    }

    /// The voice name that reads `language` under `base`: nil when `base` already speaks it
    /// (an "en" post under "en-us") or no voice does. "pt-br" finds "pt-br", else "pt".
    func languageVoice(_ language: String, under base: String) -> String? {
        let primary = LanguageMarks.primary(language)
        if let own = try? resolve(base), own.languages.contains(where: { LanguageMarks.primary($0) == primary }) { return nil }
        for candidate in [language.lowercased(), String(primary)] where (try? resolve(candidate)) != nil {
            return candidate
        }
        return nil
    }

    private func apply(_ settings: SpeechSettings) throws(SpeechError) {
        guard settings != applied, let espeak = library else { return }
        if settings.voice != applied?.voice {
            // "es+m3": a voice and one of eSpeak NG's variants (a person's voice).
            let parts = settings.voice.split(separator: "+", maxSplits: 1)
            let base = parts.first.map(String.init) ?? settings.voice
            // eSpeak NG's voice changes below, whatever `applied` said, even if it then fails.
            applied = nil
            try select(base, variant: parts.count == 2 ? String(parts[1]) : nil, espeak)
        }
        _ = espeak.pointee.espeak_ng_SetParameter(espeakRATE, Int32(settings.rate), 0)
        _ = espeak.pointee.espeak_ng_SetParameter(espeakPITCH, Int32(settings.pitch), 0)
        _ = espeak.pointee.espeak_ng_SetParameter(espeakVOLUME, Int32(settings.volume), 0)
        switch settings.punctuation {
        case .none: _ = espeak.pointee.espeak_ng_SetParameter(espeakPUNCTUATION, Int32(espeakPUNCT_NONE.rawValue), 0)
        case .all: _ = espeak.pointee.espeak_ng_SetParameter(espeakPUNCTUATION, Int32(espeakPUNCT_ALL.rawValue), 0)
        case .some, .most:
            var marks = settings.punctuation.spokenMarks.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
            marks.append(0)
            _ = espeak.pointee.espeak_ng_SetPunctuationList(marks)
            _ = espeak.pointee.espeak_ng_SetParameter(espeakPUNCTUATION, Int32(espeakPUNCT_SOME.rawValue), 0)
        }
        // eSpeak NG: 0 nothing, 2 says "capital", 3 and up raise the pitch by that many Hz.
        // The earcon style is played by the pipeline, so eSpeak NG itself does nothing then.
        let capitals: Int32 =
            switch settings.capitals {
            case .none, .earcon: 0
            case .spell: 2
            case .pitch: 30
            }
        _ = espeak.pointee.espeak_ng_SetParameter(espeakCAPITALS, capitals, 0)
        applied = settings
    }

    /// Loads the voice `base` names, with one of eSpeak NG's variants. A setting chosen before
    /// is loaded by its file; a choice made now is remembered.
    private func select(_ base: String, variant: String?, _ espeak: UnsafePointer<CEspeak_functions>) throws(SpeechError) {
        let wanted = base.lowercased()
        if let known = chosen[wanted] {
            if load(known.identifier, variant: variant, espeak) == ENS_OK, Self.currentName(espeak) == known.name { return }
            // eSpeak NG's data changed under the same signature: everything is read afresh.
            forgetVoices()
        }
        let refused = SpeechError.unknownVoice(base + (variant.map { "+" + $0 } ?? ""), closeMatches: [])
        let voice = try resolve(base)
        var file = voice
        var identified = true
        if voice.languages.contains(wanted) {
            // By language, eSpeak NG chooses among the voices that speak it; a person's variant
            // goes on that voice (below), so plain words and a person's sound alike.
            let status = wanted.withCString { language in
                var selector = espeak_VOICE()
                selector.languages = language
                return espeak.pointee.espeak_ng_SetVoiceByProperties(&selector)
            }
            guard status == ENS_OK else { throw refused }
            // Which file it loaded is known by its name, when one voice has it.
            let name = Self.currentName(espeak)
            let matches = allVoices().filter { $0.name == name }
            if matches.count == 1 { file = matches[0] } else { identified = false }
            if variant == nil {
                if identified { chosen[wanted] = file }
                return
            }
        }
        guard load(file.identifier, variant: variant, espeak) == ENS_OK else { throw refused }
        if identified { chosen[wanted] = file }
    }

    /// eSpeak NG loads a voice named by its file without listing the others.
    private func load(_ identifier: String, variant: String?, _ espeak: UnsafePointer<CEspeak_functions>) -> espeak_ng_STATUS {
        if let variant {
            let status = espeak.pointee.espeak_ng_SetVoiceByName(identifier + "+" + variant)
            // A variant eSpeak NG does not have (a typing error in config.toml): the voice alone.
            if status == ENS_OK { return status }
        }
        return espeak.pointee.espeak_ng_SetVoiceByName(identifier)
    }

    /// The loaded voice's name, as its file gives it ("English (Great Britain)").
    private static func currentName(_ espeak: UnsafePointer<CEspeak_functions>) -> String? {
        espeak.pointee.espeak_GetCurrentVoice()?.pointee.name.map { String(cString: $0) }
    }

    /// eSpeak NG's version and data folder, and a digest of when its phoneme table (rebuilt
    /// with every release of the data) and its voice folders and their subfolders last changed
    /// (a file added to or removed from one changes it): what remembered voices hold for.
    private static func signature(_ espeak: UnsafePointer<CEspeak_functions>) -> String {
        var data: UnsafePointer<CChar>?
        let version = espeak.pointee.espeak_Info(&data).map { String(cString: $0) } ?? ""
        let folder = data.map { String(cString: $0) } ?? ""
        var times = ""
        for path in [folder + "/phontab"] + ["lang", "voices"].flatMap({ withSubfolders(folder + "/" + $0) }) {
            var info = stat()
            times += stat(path, &info) == 0 ? "\(path) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)\n" : "\(path) -\n"
        }
        return ["espeak-ng", version, folder, String(FNV1a.hash(times.utf8), radix: 16)].joined(separator: " ")
    }

    /// A folder and the folders directly in it, sorted.
    private static func withSubfolders(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [path] }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if entry.pointee.d_type == UInt8(DT_DIR), name != ".", name != ".." { found.append(path + "/" + name) }
        }
        return [path] + found.sorted()
    }

    private static func readVoices(_ espeak: UnsafePointer<CEspeak_functions>) -> [Voice] {
        guard let list = espeak.pointee.espeak_ListVoices(nil) else { return [] }
        var voices: [Voice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let voice = entry.pointee
            var languages: [String] = []
            if var cursor = voice.languages {
                // Pairs of (priority byte, zero-terminated name), ended by a zero byte.
                while cursor.pointee != 0 {
                    let language = String(cString: cursor + 1)
                    languages.append(language.lowercased())
                    cursor += 2 + strlen(cursor + 1)
                }
            }
            voices.append(
                Voice(
                    name: voice.name.map { String(cString: $0) } ?? "",
                    identifier: voice.identifier.map { String(cString: $0) } ?? "",
                    languages: languages))
        }
        return voices
    }

    private static func message(_ espeak: UnsafePointer<CEspeak_functions>, for status: espeak_ng_STATUS) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak.pointee.espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// eSpeak NG's functions, opened the first time speech is prepared (see CEspeak's shim.h); the
/// table is written once, before anyone reads it, and never again.
private nonisolated(unsafe) let eSpeakLibrary: (functions: UnsafePointer<CEspeak_functions>?, problem: String) = {
    if let table = CEspeak_load() { return (table, "") }
    return (nil, String(cString: CEspeak_load_error()))
}()

/// eSpeak NG calls this on the engine's thread, from inside `espeak_Synth`, with each block
/// of PCM; the job travels as user data. Returning 1 stops the synthesis.
private func synthesisCallback(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let events, let data = events.pointee.user_data else { return 0 }
    let job = Unmanaged<SynthesisJob>.fromOpaque(data).takeUnretainedValue()
    if job.isCancelled { return 1 }
    if let wav, count > 0 {
        job.deliver(Array(UnsafeBufferPointer(start: wav, count: Int(count))))
    }
    return 0
}
