/// eSpeak NG's voices and the one it chose for each voice setting ("en-gb" → the file
/// `gmw/en`), kept by the app between starts. eSpeak NG 1.51 reads all 131 of its voice files
/// (about 5 ms) to list them or to choose one by language or name, but loads a voice given by
/// its file without them: with this, a start reads none of them.
///
/// Valid only for the eSpeak NG data it was made with (`signature`); a chosen voice is still
/// checked when loaded, and a mismatch means choosing afresh.
public struct RememberedVoices: Sendable, Equatable {
    /// eSpeak NG's version and data folder, and when its data last changed.
    public var signature: String
    /// The voices, as eSpeak NG lists them.
    public var installed: [Voice]
    /// By voice setting, lowercased.
    public var chosen: [String: Voice]

    public init(signature: String, installed: [Voice] = [], chosen: [String: Voice] = [:]) {
        self.signature = signature
        self.installed = installed
        self.chosen = chosen
    }

    /// The signature, then a line per voice ("voice", its file, name and languages) and per
    /// choice ("chose", the setting and the voice's file), tab-separated.
    public var text: String {
        var lines = [signature]
        for voice in installed where Self.canHold(voice) {
            lines.append(["voice", voice.identifier, voice.name, voice.languages.joined(separator: " ")].joined(separator: "\t"))
        }
        for (setting, voice) in chosen.sorted(by: { $0.key < $1.key }) where Self.canHold(setting) && Self.canHold(voice) {
            lines.append(["chose", setting, voice.identifier].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// nil for text that is not such a file; a line that is not understood is left out, and
    /// so is a choice of a voice not listed or that the setting cannot mean.
    public init?(text: String) {
        var lines = text.split(separator: "\n")
        guard !lines.isEmpty, !lines[0].contains("\t") else { return nil }
        signature = String(lines.removeFirst())
        installed = []
        chosen = [:]
        var byFile: [String: Voice] = [:]
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 4, fields[0] == "voice", !fields[1].isEmpty {
                let voice = Voice(name: fields[2], identifier: fields[1], languages: fields[3].split(separator: " ").map(String.init))
                installed.append(voice)
                byFile[voice.identifier] = voice
            } else if fields.count == 3, fields[0] == "chose", let voice = byFile[fields[2]], voice.answers(to: fields[1]) {
                chosen[fields[1]] = voice
            }
        }
        guard !installed.isEmpty else { return nil }
    }

    /// Whether a line gives the voice back unchanged.
    private static func canHold(_ voice: Voice) -> Bool {
        canHold(voice.identifier) && (voice.name.isEmpty || canHold(voice.name))
            && voice.languages.allSatisfy { !$0.isEmpty && !$0.contains(where: \.isWhitespace) }
    }

    private static func canHold(_ field: String) -> Bool {
        !field.isEmpty && !field.contains { $0 == "\t" || $0.isNewline }
    }
}
