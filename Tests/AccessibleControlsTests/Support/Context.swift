@testable import AccessibleControls

extension ControlContext {
    static func test(
        _ verbosity: Verbosity = .beginner, language: Language = .english,
        positions: Bool = true, echo: KeyEcho = .characters, now: ContinuousClock.Instant = ContinuousClock.now
    ) -> ControlContext {
        ControlContext(
            settings: ControlSettings(language: language, verbosity: verbosity, announcesPositions: positions, keyEcho: echo),
            now: now)
    }
}

extension Optional where Wrapped == [Feedback] {
    /// Transcript lines of a key's answer; "(not handled)" when the control passed it on.
    var lines: [String] { self?.transcriptLines ?? ["(not handled)"] }
}

extension Array where Element == Feedback {
    var lines: [String] { transcriptLines }
}
