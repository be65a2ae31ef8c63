/// How loowi's settings and priorities become speech-dispatcher's, which all run from -100
/// to 100 with 0 as the synthesiser's own.
public enum SpeechDispatcherMapping {
    /// loowi's 175 words per minute (eSpeak NG's normal) is speech-dispatcher's 0; 80 is -100
    /// and 450 is 100, straight lines on each side. This is the shape of the espeak-ng
    /// module's own mapping (EspeakMinRate, EspeakNormalRate, EspeakMaxRate: 80, 170, 449),
    /// so a rate sounds about the same through either backend.
    public static func rate(wordsPerMinute: Int) -> Int {
        let range = SpeechSettings.rateRange
        let normal = SpeechSettings.normalRate
        let words = min(max(wordsPerMinute, range.lowerBound), range.upperBound)
        let span = words < normal ? normal - range.lowerBound : range.upperBound - normal
        return rounded(Double(words - normal) * 100 / Double(span))
    }

    /// loowi's pitch 0...100 with 50 the voice's own: twice the distance from 50.
    public static func pitch(_ pitch: Int) -> Int {
        let range = SpeechSettings.pitchRange
        return (min(max(pitch, range.lowerBound), range.upperBound) - 50) * 2
    }

    /// loowi's volume 0...200 with 100 normal. speech-dispatcher's normal is its loudest (100,
    /// its DefaultVolume), so loowi's 100 is 100, silence is -100, and it cannot go louder:
    /// 100 to 200 all stay at 100.
    public static func volume(_ volume: Int) -> Int {
        let range = SpeechSettings.volumeRange
        return min(max(volume, range.lowerBound), 100) * 2 - 100
    }

    /// "en-gb" as speech-dispatcher writes languages, "en-GB"; nil when `voice` is not a
    /// language code but a voice name.
    public static func language(_ voice: String) -> String? {
        let parts = voice.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.dropFirst().allSatisfy({ (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        var tag = [first.lowercased()]
        for part in parts.dropFirst() { tag.append(part.count == 2 ? part.uppercased() : part.lowercased()) }
        return tag.joined(separator: "-")
    }

    private static func rounded(_ value: Double) -> Int { Int(value.rounded()) }
}

/// speech-dispatcher's message priorities (SSIP), as loowi uses them.
public enum DispatcherPriority: Int, Sendable {
    case important = 1, message = 2, text = 3, notification = 4
}

/// One thing sent to speech-dispatcher for an utterance.
public enum DispatcherStep: Equatable, Sendable {
    /// CANCEL on the speech connection: stops what loowi is saying there and drops what it queued.
    case cancelSpeech
    case say(DispatcherPriority, onImportantConnection: Bool)
}

extension SpeechPriority {
    /// What each loowi priority sends. Focus speech and announcements are both "message":
    /// messages never cut each other off and queue in order, so an announcement waits for the
    /// utterance being said (with "text" for focus speech, a later announcement would cancel
    /// it, since message outranks text; with "notification", an announcement that comes while
    /// anything is said would be dropped unheard). A key's own CANCEL is what cuts in, just
    /// as with eSpeak NG. Important messages go through a second connection: CANCEL acts on
    /// one connection only, so an interrupting key never drops them; "important" is never
    /// cut off by anyone and is said before any other queued speech. Only a hush cancels both.
    public var dispatcherSteps: [DispatcherStep] {
        switch self {
        case .interrupt: [.cancelSpeech, .say(.message, onImportantConnection: false)]
        case .announcement: [.say(.message, onImportantConnection: false)]
        case .important: [.say(.important, onImportantConnection: true)]
        }
    }
}
