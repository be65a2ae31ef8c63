import FoundationEssentials
import LoowiSupport
import SpeechAudio
import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// The checks of this computer: speech, sound, line editing, the settings, file modes and the
/// certificate authority file.
extension Doctor {
    /// config.toml read as the app reads it: the settings (the defaults when it cannot be read)
    /// and the line that says so.
    func settings() -> (LoowiConfig, DoctorLine) {
        let s = strings
        let file = ConfigFile(paths: world.paths)
        let path = file.url.path
        guard file.exists else { return (LoowiConfig(), line(s(.subjectSettings), s(.settingsMissing, path))) }
        do {
            return (try file.load(), line(s(.subjectSettings), s(.settingsRead, path)))
        } catch {
            // The message names the file, the line and what is allowed (the app's own check).
            return (LoowiConfig(), line(s(.subjectSettings), s(.settingsError, error.description), fix: s(.settingsFix, path)))
        }
    }

    func speech(_ config: LoowiConfig) async -> DoctorLine {
        let s = strings
        let voice = config.voice ?? config.language.voice
        let subject = s(.subjectSpeech)
        switch await world.speechVoice(voice) {
        case .success(let name):
            return line(subject, s(.speechWorks, name, config.language.ownName))
        case .failure(.libraryMissing(_, let detail, _)):
            return line(subject, s(.speechMissing, detail), fix: s(.speechMissingFix))
        case .failure(.speechDataMissing(_, let detail)):
            return line(subject, s(.speechDataMissing, detail), fix: s(.speechDataFix))
        case .failure(.unknownVoice(let name, _)) where config.voice != nil:
            return line(subject, s(.speechNoVoiceNamed, name), fix: s(.speechVoiceFix))
        case .failure(.unknownVoice):
            return line(subject, s(.speechNoVoiceForLanguage, config.language.ownName), fix: s(.speechVoiceFix))
        case .failure(let error):
            return line(subject, error.description, fix: s(.speechVoiceFix))
        }
    }

    func sound(_ state: SoundDeviceState) -> DoctorLine {
        let s = strings
        let subject = s(.subjectSound)
        switch state {
        case .pulseAudio(let sink, let description):
            return line(subject, s(.soundPulse, description.isEmpty ? sink : description))
        case .nullSink(let sink):
            return line(subject, s(.soundNull, sink), fix: s(.soundNullFix))
        case .pcaudio(nil):
            return line(subject, s(.soundChosenPCAudio))
        case .pcaudio(let pulseFailure?):
            return line(subject, s(.soundALSA, pulseFailure))
        case .unavailable(let reason):
            return line(subject, s(.soundNone, reason), fix: s(.soundNoneFix))
        }
    }

    func dispatcher(_ failure: String?) -> DoctorLine {
        let s = strings
        guard failure != nil else { return line(s(.subjectDispatcher), s(.dispatcherAnswers)) }
        return line(s(.subjectDispatcher), s(.dispatcherSilent), fix: s(.dispatcherFix))
    }

    func readline(_ failure: String?) -> DoctorLine {
        let s = strings
        guard let failure else { return line(s(.subjectReadline), s(.readlineWorks)) }
        return line(s(.subjectReadline), s(.readlineMissing, failure), fix: s(.readlineFix))
    }

    /// Hunspell and the interface language's dictionary, read as F6 reads them. Spelling is
    /// optional (the package only suggests Hunspell), so what is missing is said with its
    /// package but is not a problem.
    func spelling(_ config: LoowiConfig) async -> DoctorLine {
        let s = strings
        let name = SpellingDictionaryName(language: config.language)
        switch await world.spelling(name) {
        case .checked: return line(s(.subjectSpelling), s(.spellingWorks, name.file))
        case .noLibrary: return line(s(.subjectSpelling), s(.spellingWithoutHunspell, HunspellLibrary.package + " " + name.package))
        case .noDictionary(let missing): return line(s(.subjectSpelling), s(.spellingWithoutDictionary, missing.file, missing.package))
        }
    }

    // MARK: File modes

    /// What may be open to others: nothing of a token, a draft or an outbox; nothing written
    /// by others in the settings (ca_file there decides whom loowi trusts) or the folders.
    enum Exposure {
        /// No group or other bit at all (0600, 0700).
        case none
        /// No group or other write bit.
        case readOnly
    }

    func permissions() -> [DoctorLine] {
        let s = strings
        let subject = s(.subjectPermissions)
        let paths = world.paths
        var watched: [(path: String, exposure: Exposure, folder: Bool)] = [
            (paths.config.path, .readOnly, true),
            (FileTokenStore.defaultLocation(environment: world.environment).path, .none, false),
            (paths.configFile.path, .readOnly, false),
            (paths.state.path, .readOnly, true),
        ]
        // Every account's drafts and outbox: private text, direct messages among it.
        for entry in (folderEntries(atPath: paths.state.path) ?? []).sorted(by: { $0.name < $1.name })
        where !entry.isFolder && entry.name.hasSuffix(".json") && (entry.name.hasPrefix("drafts-") || entry.name.hasPrefix("outbox-")) {
            watched.append((paths.state.path.appendingPathComponent(entry.name), .none, false))
        }
        var lines: [DoctorLine] = []
        for item in watched {
            var info = stat()
            guard stat(item.path, &info) == 0 else { continue }
            let mode = info.st_mode & 0o777
            let wanted = item.folder ? "700" : "600"
            if info.st_uid != world.userID {
                let owner = getpwuid(world.userID).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? String(world.userID)
                lines.append(line(subject, s(.permissionsOwner, item.path), fix: s(.permissionsChown, owner, item.path)))
            } else if mode & 0o022 != 0 {
                lines.append(line(subject, s(.permissionsWritable, item.path, Self.octal(mode)), fix: s(.permissionsChmod, wanted, item.path)))
            } else if item.exposure == .none, mode & 0o077 != 0 {
                lines.append(line(subject, s(.permissionsReadable, item.path, Self.octal(mode)), fix: s(.permissionsChmod, wanted, item.path)))
            }
        }
        return lines.isEmpty ? [line(subject, s(.permissionsFine))] : lines
    }

    /// "0644".
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    // MARK: Certificates

    /// `LOOWI_CA_FILE` or `ca_file`: there, readable and PEM. With settings that cannot be
    /// read, only the environment's file is known.
    func certificates(_ config: LoowiConfig) -> DoctorLine {
        let s = strings
        let subject = s(.subjectCertificates)
        let file: String?
        do {
            file = try config.certificateAuthorityFile(environment: world.environment)
        } catch {
            return line(subject, s(.certificatesProblem, error.description), fix: s(.certificatesFix))
        }
        guard let file else { return line(subject, s(.certificatesSystem)) }
        guard case .success(let bytes) = readFileBytes(atPath: file) else {
            return line(subject, s(.certificatesProblem, file), fix: s(.certificatesFix))
        }
        guard String(decoding: bytes, as: UTF8.self).contains("-----BEGIN CERTIFICATE-----") else {
            return line(subject, s(.certificatesNotPEM, file), fix: s(.certificatesFix))
        }
        return line(subject, s(.certificatesFile, file))
    }
}

extension ConfigFile {
    /// The `language` line alone, for a doctor whose file has a problem elsewhere; nil when
    /// the file, its syntax or that line cannot be read.
    public var languageLine: Language? {
        guard let text = try? readText(), let document = try? TOMLParser.parse(text),
            let entry = document.entries.first(where: { $0.table == nil && $0.key == ConfigKey.language.rawValue }),
            case .string(let code) = entry.value
        else { return nil }
        return Language(rawValue: code.lowercased())
    }
}
