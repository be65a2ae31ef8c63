/// How loowi speaks: the settings console users know from Speakup and espeakup.
public struct SpeechSettings: Sendable, Hashable {
    /// A voice name or language code (`en-gb`, `en-us`, `es`, `ca`, …).
    public var voice: String
    /// Words per minute.
    public var rate: Int
    /// 0...100, 50 is the voice's own.
    public var pitch: Int
    /// 0...200, 100 is normal.
    public var volume: Int
    public var punctuation: PunctuationLevel
    public var capitals: CapitalIndication

    /// eSpeak NG's own range, in words per minute: the one place it is written. The rate
    /// setting's declaration (config.toml, the settings screen, F7 and F8, `say --rate`) takes
    /// it from here, and speech-dispatcher's scale is mapped onto it.
    public static let rateRange = 80...450
    /// eSpeak NG's normal rate: a new user's, and speech-dispatcher's 0.
    public static let normalRate = 175
    public static let pitchRange = 0...100
    /// The voice's own pitch.
    public static let normalPitch = 50
    public static let volumeRange = 0...200
    public static let normalVolume = 100

    public init(
        voice: String = "en-gb", rate: Int = normalRate, pitch: Int = normalPitch, volume: Int = normalVolume,
        punctuation: PunctuationLevel = .some, capitals: CapitalIndication = .pitch
    ) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.punctuation = punctuation
        self.capitals = capitals
    }

    /// Checks the numeric ranges; the voice is checked by the engine, which knows the voices.
    public func validate() throws(SpeechError) {
        try Self.check("speech rate", rate, Self.rateRange, unit: " words per minute")
        try Self.check("pitch", pitch, Self.pitchRange)
        try Self.check("volume", volume, Self.volumeRange)
    }

    private static func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>, unit: String = "") throws(SpeechError) {
        guard range.contains(value) else {
            throw .invalidValue(option: name, value: String(value), allowed: "\(range.lowerBound) to \(range.upperBound)\(unit)")
        }
    }
}

/// Which punctuation marks are spoken.
public enum PunctuationLevel: String, Sendable, CaseIterable {
    case none, some, most, all

    /// The marks eSpeak NG reads at this level; `all` reads every mark.
    var spokenMarks: String {
        switch self {
        case .none, .all: ""
        case .some: "@#$%&*+=<>|\\~^_"
        case .most: "@#$%&*+=<>|\\~^_()[]{}/\"':;-"
        }
    }
}

/// How a capital letter is told apart when it is read.
public enum CapitalIndication: String, Sendable, CaseIterable {
    /// Nothing: "a" and "A" sound the same.
    case none
    /// eSpeak NG says "capital" before the letter.
    case spell
    /// A short earcon before a capital letter read on its own (typing, reading by character).
    case earcon
    /// The letter is said at a raised pitch.
    case pitch
}
