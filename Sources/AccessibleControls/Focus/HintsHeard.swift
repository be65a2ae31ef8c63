/// The beginner hints said in this session: each is said the first time a control of a
/// screen is focused with it, and not again on every return to that screen (F1's list always
/// starts with it). Screens are told apart by title, so every "New post" is one screen.
@MainActor
public final class HintsHeard {
    private struct Heard: Hashable {
        var hint: String
        var screen: String
    }

    private var heard: Set<Heard> = []

    public init() {}

    /// True the first time `hint` is asked about on `screen`; it counts as heard from then on.
    public func firstTime(_ hint: String, on screen: String) -> Bool {
        heard.insert(Heard(hint: hint, screen: screen)).inserted
    }
}
