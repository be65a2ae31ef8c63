#if canImport(Glibc)
    import Glibc
#endif

/// The audio glance (issue 15): a sound of about a tenth of a second, mixed under the first
/// syllables of a post, that tells its kind and its length before the words do. Generated,
/// not a sound pack's file: its parts combine (a boosted reply behind a warning), which files
/// could not.
///
/// The tone is the length: high for a short post, middle, low for a long one. The kinds
/// shape it: a reply glides up, a boost repeats the note, a direct message adds a low fifth
/// under it, a content warning makes it buzz, a poll adds three quick ticks, and media
/// without a description a breath of noise. Quieter than the earcons, so the words stay on top.
public struct PostGlance: Hashable, Sendable, CustomStringConvertible {
    public struct Kinds: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let reply = Kinds(rawValue: 1 << 0)
        public static let boost = Kinds(rawValue: 1 << 1)
        public static let direct = Kinds(rawValue: 1 << 2)
        public static let warning = Kinds(rawValue: 1 << 3)
        public static let poll = Kinds(rawValue: 1 << 4)
        public static let undescribedMedia = Kinds(rawValue: 1 << 5)
    }

    public enum Length: String, Hashable, Sendable, CaseIterable {
        case short, medium, long

        /// Up to 100 characters short, up to 300 medium (under a minute's listening at 175 words
        /// a minute is about 500), longer long.
        public init(characters: Int) {
            self = characters <= 100 ? .short : characters <= 300 ? .medium : .long
        }
    }

    public var kinds: Kinds
    public var length: Length

    public init(kinds: Kinds, length: Length) {
        self.kinds = kinds
        self.length = length
    }

    /// "boost, reply, long": how transcripts write it.
    public var description: String {
        let names: [(Kinds, String)] = [
            (.boost, "boost"), (.reply, "reply"), (.direct, "direct"), (.warning, "warning"), (.poll, "poll"),
            (.undescribedMedia, "undescribed media"),
        ]
        return (names.filter { kinds.contains($0.0) }.map(\.1) + [length.rawValue]).joined(separator: ", ")
    }

    /// How loud the glance is next to an earcon (whose peak is -10 dBFS): under the voice,
    /// not over it.
    static let peak = EarconSynth.peak * 0.5
    static let loudness = 1.0

    var recipe: [EarconSynth.Note] {
        let tone: Double = switch length {
        case .short: 1_319
        case .medium: 988
        case .long: 659
        }
        let harmonics = kinds.contains(.warning) ? 4 : 1
        let glide = kinds.contains(.reply) ? tone * 1.5 : nil
        var notes = [EarconSynth.Note(frequency: tone, glideTo: glide, start: 0, length: 60, loudness: Self.loudness, harmonics: harmonics, decay: 3)]
        if kinds.contains(.boost) {
            notes.append(EarconSynth.Note(frequency: glide ?? tone, start: 55, length: 45, loudness: Self.loudness * 0.8, harmonics: harmonics, decay: 4))
        }
        if kinds.contains(.direct) {
            notes.append(EarconSynth.Note(frequency: tone * 2 / 3, start: 0, length: 100, loudness: Self.loudness * 0.7, decay: 3))
        }
        if kinds.contains(.poll) {
            for index in 0..<3 {
                notes.append(EarconSynth.Note(frequency: 1_760, start: 65 + Double(index) * 22, length: 14, loudness: Self.loudness * 0.6, decay: 2))
            }
        }
        return notes
    }

    /// The glance's sound at the mixer's rate: the notes, and for media without a description
    /// a soft burst of noise (a fixed seed, so the same glance always sounds the same).
    public func samples() -> [Int16] {
        var samples = EarconSynth.samples(notes: recipe, peak: Self.peak)
        guard kinds.contains(.undescribedMedia) else { return samples }
        let count = AudioFormat.frames(milliseconds: 70)
        if samples.count < count { samples += [Int16](repeating: 0, count: count - samples.count) }
        var seed: UInt32 = 0x9E37_79B9
        for index in 0..<count {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let noise = Double(Int32(bitPattern: seed) >> 16) / 32_768
            let envelope = sin(Double.pi * Double(index) / Double(count))
            let value = Double(samples[index]) + noise * envelope * Self.peak * 0.5
            samples[index] = Int16(max(-32_767, min(32_767, value)))
        }
        return samples
    }
}
