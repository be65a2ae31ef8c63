/// A voice for one person (issue 15, "Voices for people"): an eSpeak NG variant ("m3", "f2")
/// and a pitch offset, so that a listener knows who speaks before the name is said. Derived
/// from the account's handle, the same on every start and machine, or chosen in config.toml's
/// `[voices]` table. It travels inside a language mark as a private-use subtag
/// ("es-x-m3-p4": Spanish, variant m3, pitch 4 higher), which only loowi's own marks carry.
public struct PersonVoice: Hashable, Sendable {
    public let variant: String
    public let pitchOffset: Int

    /// The variants a derived voice is chosen from: eSpeak NG's plain male and female ones,
    /// which every voice takes; the novelty ones (croak, whisper, robots) only when chosen.
    public static let derivedVariants = ["m1", "m2", "m3", "m4", "m5", "m6", "m7", "f1", "f2", "f3", "f4"]
    /// How far a chosen offset may move the pitch (eSpeak NG's pitch runs 0-99).
    public static let offsetRange = -40...40

    /// Nil for a variant that is not a short name of letters and digits, or an offset out of range.
    public init?(variant: String, pitchOffset: Int = 0) {
        guard (1...12).contains(variant.utf8.count), variant.utf8.allSatisfy({ Self.isNameByte($0) }),
            Self.offsetRange.contains(pitchOffset)
        else { return nil }
        self.variant = variant.lowercased()
        self.pitchOffset = pitchOffset
    }

    /// The account's own voice: a hash of its handle (FNV-1a, lower-cased, without a leading
    /// "@") picks the variant and an offset from -12 to +12 in steps of 3.
    public static func derived(from handle: String) -> PersonVoice {
        let hash = FNV1a.hash(normalized(handle).utf8)
        let variant = derivedVariants[Int(hash % UInt64(derivedVariants.count))]
        let offset = Int((hash >> 32) % 9) * 3 - 12
        return PersonVoice(variant: variant, pitchOffset: offset)!
    }

    /// A handle as the table and the hash take it: "@Grace@Fake.Social" is "grace@fake.social".
    public static func normalized(_ handle: String) -> String {
        String(handle.drop { $0 == "@" }).lowercased()
    }

    /// The private-use subtags: "x-m3-p4", "x-f2-n6".
    public var code: String {
        "x-\(variant)-\(pitchOffset < 0 ? "n" : "p")\(abs(pitchOffset))"
    }

    /// A language mark's code split into its language and the person's voice, if it has one:
    /// "es-x-m3-p4" is ("es", m3 +4); "es" is ("es", nil).
    public static func split(_ code: String) -> (language: String, voice: PersonVoice?) {
        let subtags = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let x = subtags.firstIndex(where: { $0.lowercased() == "x" }), x > 0 else { return (code, nil) }
        let language = subtags[..<x].joined(separator: "-")
        let rest = subtags[(x + 1)...]
        guard rest.count == 2, let sign = rest.last?.first, sign == "p" || sign == "n", let amount = Int(rest.last!.dropFirst()),
            let voice = PersonVoice(variant: String(rest.first!), pitchOffset: sign == "n" ? -amount : amount)
        else { return (language, nil) }
        return (language, voice)
    }

    /// A `[voices]` value: a variant, then optionally a signed offset ("f2", "m3 +10", "klatt -5").
    public init?(setting: String) {
        let words = setting.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(words.count) else { return nil }
        var offset = 0
        if words.count == 2 {
            guard let first = words[1].first, first == "+" || first == "-", let amount = Int(words[1].dropFirst()) else { return nil }
            offset = first == "-" ? -amount : amount
        }
        self.init(variant: String(words[0]), pitchOffset: offset)
    }

    /// As config.toml writes it: "m3 +4".
    public var setting: String {
        pitchOffset == 0 ? variant : "\(variant) \(pitchOffset < 0 ? "-" : "+")\(abs(pitchOffset))"
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
