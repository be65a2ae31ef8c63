#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import LoowiSupport
import Synchronization

/// The earcons a pipeline plays: the built-in ones, each replaceable by a file of the same
/// name in the user's sound pack, `$XDG_DATA_HOME/loowi/sounds/PACK/NAME.wav`.
public struct EarconLibrary: Sendable {
    /// The pack's sounds, read at once so that a file that cannot be used is told at start.
    private let packSounds: [Earcon: [Int16]]
    /// The built-in sounds, each made the first time it is played or by `prepareAll()`:
    /// making all of them is 16 M instructions, which every start paid before its first word.
    private let made = MadeSounds()
    /// Files from the pack that could not be used, with the reason, to tell the user once.
    public let problems: [SoundPackProblem]
    public let packFolder: URL?

    public init(pack: String? = nil, environment: [String: String] = ProcessEnvironment.current) {
        var sounds: [Earcon: [Int16]] = [:]
        var problems: [SoundPackProblem] = []
        let folder = pack.map { Self.packsFolder(environment: environment).appendingPathComponent($0, isDirectory: true) }
        if let folder, !FileManager.default.fileExists(atPath: folder.path) {
            problems.append(.folderMissing(folder.path))
        }
        for earcon in Earcon.allCases {
            guard let file = folder?.appendingPathComponent("\(earcon.rawValue).wav"), FileManager.default.fileExists(atPath: file.path)
            else { continue }
            do {
                sounds[earcon] = try WAVFile.read(file).convertedForMixer()
            } catch let error as WAVFile.ReadError {
                problems.append(.file(error))
            } catch {
                problems.append(.unreadable(file.path))
            }
        }
        packSounds = sounds
        self.problems = problems
        self.packFolder = folder
    }

    public func samples(for earcon: Earcon) -> [Int16] {
        packSounds[earcon] ?? made.samples(for: earcon)
    }

    /// Makes every built-in sound not made yet, so that no key waits for one (the app calls
    /// it once its first words are under way).
    public func prepareAll() {
        for earcon in Earcon.allCases where packSounds[earcon] == nil { _ = made.samples(for: earcon) }
    }

    /// `$XDG_DATA_HOME/loowi/sounds`, or `~/.local/share/loowi/sounds`.
    public static func packsFolder(environment: [String: String]) -> URL {
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path).appendingPathComponent(".local/share")
        return base.appendingPathComponent("loowi/sounds", isDirectory: true)
    }

    /// The sound packs the user has: the folders in `packsFolder`, sorted.
    public static func installedPacks(environment: [String: String] = ProcessEnvironment.current) -> [String] {
        let folder = packsFolder(environment: environment)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && isFolder(atPath: folder.appendingPathComponent($0).path) }.sorted()
    }

    /// Finds an earcon by its file name, for the command line.
    public static func earcon(named name: String) throws(SpeechError) -> Earcon {
        if let earcon = Earcon(rawValue: name.lowercased()) { return earcon }
        let names = Earcon.allCases.map(\.rawValue)
        let close = names.filter { name.lowercased().editDistance(to: $0) <= 3 || $0.hasPrefix(name.lowercased()) }
        throw .unknownEarcon(name, closeMatches: close)
    }
}

/// The built-in earcons made so far, shared by every copy of a library.
private final class MadeSounds: Sendable {
    private let sounds = Mutex<[Earcon: [Int16]]>([:])

    func samples(for earcon: Earcon) -> [Int16] {
        if let made = sounds.withLock({ $0[earcon] }) { return made }
        // Made outside the lock: two threads making the same sound at once both get it.
        let made = EarconSynth.samples(for: earcon)
        sounds.withLock { $0[earcon] = made }
        return made
    }
}
