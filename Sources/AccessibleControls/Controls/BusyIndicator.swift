/// iLoowi's blocker view: while the program waits it says what for, ticks softly, answers any
/// key with how long it has been, and lets a long wait be cancelled (Escape, then Enter).
/// It takes every key: nothing else on the screen can be used until the wait ends.
@MainActor
public final class BusyIndicator: Control {
    public typealias Instant = ContinuousClock.Instant

    public let id: String
    public let role = Role.busy
    /// What is being waited for: "Loading your timeline".
    public var label: String
    public let isCancellable: Bool
    public let startedAt: Instant
    public private(set) var lastTickAt: Instant
    public private(set) var isAskingToCancel = false

    public init(id: String, waitingFor: String, startedAt: Instant, isCancellable: Bool = true) {
        self.id = id
        self.label = waitingFor
        self.startedAt = startedAt
        self.lastTickAt = startedAt
        self.isCancellable = isCancellable
    }

    public var hint: String? { nil }
    /// It ticks softly for as long as it is shown.
    public var needsTicks: Bool { true }

    /// What to say when the wait begins: "Loading your timeline. Please wait."
    public func announcement(in context: ControlContext) -> [Feedback] {
        [.say(context.strings(.busyWaiting, label))]
    }

    public func tick(in context: ControlContext) -> [Feedback] {
        let interval = context.settings.busyTickInterval
        guard context.now - lastTickAt >= interval else { return [] }
        // Keep to the beat even if a tick came late, and never tick twice for one late call.
        while context.now - lastTickAt >= interval { lastTickAt += interval }
        return [.earcon(.busyTick)]
    }

    public func handle(_ key: Key, in context: ControlContext) -> [Feedback]? {
        let strings = context.strings
        let cancelAction = action(for: key, in: context) == .cancel
        if isAskingToCancel {
            if key == .enter {
                isAskingToCancel = false
                // Important: the screen closes next, and its focus speech must not cut this off.
                return [.earcon(.activate), .speak(strings(.busyCancelled), .important), .event(ControlEvent(id, .cancelled))]
            }
            if cancelAction {
                isAskingToCancel = false
                return [.say(strings(.busyContinues))]
            }
            return [.say(strings(.busyCancelQuestion, labelInSentence))]
        }
        if cancelAction, isCancellable {
            isAskingToCancel = true
            return [.say(strings(.busyCancelQuestion, labelInSentence))]
        }
        return [.say(status(in: context))]
    }

    public func handlePaste(_ text: String, in context: ControlContext) -> [Feedback]? {
        [.say(status(in: context))]
    }

    /// The label inside a sentence: "Cancel loading your timeline?" (an acronym keeps its case).
    var labelInSentence: String {
        let letters = Array(label)
        guard letters.count > 1, letters[1].isLowercase else { return label }
        return letters[0].lowercased() + String(letters.dropFirst())
    }

    /// "Loading your timeline, 12 seconds so far."
    public func status(in context: ControlContext) -> String {
        context.strings(.busyStatus, label, context.strings.duration(context.now - startedAt))
    }

    public func displayText(in context: ControlContext) -> String {
        let seconds = Int((context.now - startedAt).components.seconds)
        let spinner = ["|", "/", "-", "\\"][seconds % 4]
        return "\(spinner) \(label)… \(context.strings.duration(context.now - startedAt))"
    }
}
