/// How much a control says when it is focused (PRODUCT.md, "Verbosity levels").
public enum Verbosity: String, Sendable, CaseIterable, Hashable {
    /// Name, role, state and a hint: "Reply, button. Enter replies to this post."
    case beginner
    /// Name, role and state.
    case intermediate
    /// Just the name, and the value where there is one.
    case expert
}

/// What a text field says as you type.
public enum KeyEcho: String, Sendable, CaseIterable, Hashable {
    case none, characters, words, both
}

/// The user's settings that change what controls say. Values, so a test states them exactly.
public struct ControlSettings: Sendable, Hashable {
    public var language: Language
    public var verbosity: Verbosity
    public var announcesPositions: Bool
    public var keyEcho: KeyEcho
    /// Speech rate, used to estimate when an utterance ends (timed selector, timed keypad).
    public var wordsPerMinute: Int
    /// The silence a timed selector leaves after each option.
    public var selectorPause: Duration
    /// How long a multi-tap keypad waits after the last press before it commits.
    public var multiTapTimeout: Duration
    /// How often the busy indicator ticks.
    public var busyTickInterval: Duration

    public init(
        language: Language = .english, verbosity: Verbosity = .beginner,
        announcesPositions: Bool = true, keyEcho: KeyEcho = .characters,
        wordsPerMinute: Int = 175, selectorPause: Duration = .milliseconds(700),
        multiTapTimeout: Duration = .milliseconds(1200), busyTickInterval: Duration = .seconds(2)
    ) {
        self.language = language
        self.verbosity = verbosity
        self.announcesPositions = announcesPositions
        self.keyEcho = keyEcho
        self.wordsPerMinute = wordsPerMinute
        self.selectorPause = selectorPause
        self.multiTapTimeout = multiTapTimeout
        self.busyTickInterval = busyTickInterval
    }

    /// A rough time for speaking `text` at this rate: a fixed start-up plus the characters at
    /// about six characters a word. Good enough to pace a selector; a real `speechFinished`
    /// event, where the pipeline gives one, is better.
    public func estimatedDuration(of text: String) -> Duration {
        let charactersPerSecond = Double(max(wordsPerMinute, 40)) * 6 / 60
        return .milliseconds(250) + .milliseconds(Int(Double(text.count) / charactersPerSecond * 1000))
    }
}

/// Everything a control needs to answer a key: settings, words, keys, and the time.
public struct ControlContext: Sendable {
    public typealias Instant = ContinuousClock.Instant
    public var settings: ControlSettings
    public var keymap: Keymap
    public var now: Instant
    public var strings: Strings { Strings(settings.language) }

    public init(settings: ControlSettings = ControlSettings(), keymap: Keymap = .standard, now: Instant) {
        self.settings = settings
        self.keymap = keymap
        self.now = now
    }
}
