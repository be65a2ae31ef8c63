import LoowiSupport

/// One eSpeak NG voice as `loowi voices` lists it.
public struct Voice: Sendable, Equatable {
    public var name: String
    /// The file name within espeak-ng-data/voices, such as `roa/ca`.
    public var identifier: String
    /// Language codes, most preferred first, such as `en-gb`.
    public var languages: [String]

    /// What `--voice` accepts for this voice: its languages and its name.
    var selectors: [String] { languages + [name.lowercased()] }

    /// Whether a voice setting (lowercased) can mean this voice: one of its languages, its
    /// name or its file.
    func answers(to setting: String) -> Bool {
        selectors.contains(setting) || identifier.lowercased() == setting
    }
}

enum VoiceMatching {
    /// Up to five voice selectors that look like `query`: same prefix, or a small edit away.
    static func closeMatches(to query: String, in voices: [Voice]) -> [String] {
        let query = query.lowercased()
        var seen = Set<String>()
        let candidates = voices.flatMap(\.selectors).filter { seen.insert($0).inserted }
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let distance = query.editDistance(to: candidate)
            let related =
                candidate.hasPrefix(query) || query.hasPrefix(candidate)
                || candidate.split(separator: "-").first == query.split(separator: "-").first
            guard related || distance <= max(1, query.count / 3) else { return nil }
            return (candidate, related ? distance - 10 : distance)
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(5).map(\.0)
    }
}
