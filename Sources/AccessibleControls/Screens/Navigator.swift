/// Runs a stack of screens: keys go to the current screen's focus chain, control events to
/// the screen, and what nobody wanted to the screen-wide keys (Back, Info, repeat, hush,
/// verbosity, quit). A key nothing wants plays the soft-error earcon: no key is silent.
@MainActor
public final class Navigator {
    public typealias Instant = ContinuousClock.Instant

    public private(set) var stack: [ControlScreen]
    public private(set) var settings: ControlSettings
    public let keymap: Keymap
    public private(set) var isFinished = false
    private var isAskingToQuit = false
    /// A screen's yes-or-no question that the next key answers (`ask`).
    private var question: Question?
    /// The last thing said, for "repeat".
    public private(set) var lastUtterance: String?
    /// Keys the app answers on every screen (its settings, its accounts), after the global
    /// keys and before the current screen's own; `onAppAction` carries them out.
    public var appKeys: ScreenKeys?
    /// Called with an action of `appKeys` (its raw value); nil means it cannot be done now.
    public var onAppAction: ((String, ControlContext) -> ScreenOutcome?)?
    /// The owner of the settings answers F5–F8: it changes them, calls `update(settings:)`
    /// and returns what to say. nil (or no answer): the key does nothing.
    public var onSettingKey: ((SettingKey, ControlContext) -> ScreenOutcome?)?

    /// The beginner hints said so far, shared by every screen this navigator shows.
    public let hintsHeard = HintsHeard()
    /// The help list (F1) while it is on top: F1 again closes it, as Escape does.
    private weak var help: ControlScreen?

    public init(root: ControlScreen, settings: ControlSettings, keymap: Keymap = .standard) {
        stack = [root]
        self.settings = settings
        self.keymap = keymap
        root.focus.hintsHeard = hintsHeard
    }

    /// Lets the app's own keys be heard on every screen; `perform` is given each action.
    public func onAppAction<AppAction: RawRepresentable>(
        _ keys: ScreenKeys, _ perform: @escaping (AppAction, ControlContext) -> ScreenOutcome?
    ) where AppAction.RawValue == String {
        assert(keymap.declares(keys), "\(keys.name) is not in the keymap")
        appKeys = keys
        onAppAction = { name, context in AppAction(rawValue: name).flatMap { perform($0, context) } }
    }

    public var current: ControlScreen { stack[stack.count - 1] }

    func context(_ now: Instant) -> ControlContext {
        ControlContext(settings: settings, keymap: keymap, now: now)
    }

    public func start(now: Instant) -> [Feedback] {
        remember(open(current, now: now))
    }

    public func handle(_ event: KeyEvent, now: Instant) -> [Feedback] {
        remember(route(event, now: now))
    }

    /// Whether the screen shown has anything timed under way (its focused control, or a
    /// screen-wide timer such as the busy indicator's grace).
    public var needsTicks: Bool { current.focus.needsTicks || current.onTick != nil }

    public func tick(now: Instant) -> [Feedback] {
        var feedback = current.focus.tick(now: now)
        if let onTick = current.onTick {
            feedback += apply(onTick(context(now)), now: now)
        }
        return remember(feedback)
    }

    /// Draws the current screen, with the last utterance on the line above the toolbar so
    /// that someone reading the screen sees what was said; the controls wrap above it.
    public func draw(width: Int, height: Int, now: Instant) -> Canvas {
        ScreenRenderer.draw(
            current.focus, toolbar: current.toolbar, status: lastUtterance, pinned: current.pinnedText?(), width: width, height: height, now: now)
    }

    // MARK: Routing

    private func route(_ event: KeyEvent, now: Instant) -> [Feedback] {
        let strings = Strings(settings.language)
        if let question {
            self.question = nil
            // Asked on a screen no longer shown (an answer opened another): it has lapsed.
            if question.screen === current {
                guard event == .key(.enter) else { return question.no }
                return apply(question.yes(context(now)), now: now)
            }
        }
        if isAskingToQuit {
            isAskingToQuit = false
            if event == .key(.enter) || event == .key(.character("y")) {
                isFinished = true
                return [.say(strings(.goodbye))]
            }
            return [.say(strings(.quitCancelled))]
        }
        if case .key(let key) = event, let first = current.takesKeyFirst, let outcome = first(key, context(now)) {
            return apply(outcome, now: now)
        }
        if let feedback = current.focus.handle(event, now: now) {
            return handleEvents(in: feedback, now: now)
        }
        guard case .key(let key) = event else { return [.earcon(.softError)] }
        // Global keys before the app's, and both before the screen's own, so a remapped screen
        // key never hides F1, Escape or the settings.
        if keymap.action(for: key, in: .global) == nil, let appKeys, case .screen(let name)? = keymap.command(for: key, in: appKeys) {
            guard let outcome = onAppAction?(name, context(now)) else { return [.earcon(.softError)] }
            return apply(outcome, now: now)
        }
        let screenFirst = current.screenKeysFirst.contains(key) ? current.screenKeys.flatMap { keymap.command(for: key, in: $0) } : nil
        let bound = screenFirst ?? keymap.action(for: key, in: .global).map(KeyCommand.control) ?? current.screenKeys.flatMap { keymap.command(for: key, in: $0) }
        guard let bound else { return upOrDown(key, now: now) ?? [.earcon(.softError)] }
        let action: Action
        switch bound {
        case .screen(let name):
            // The app's own action: only the screen knows what it does.
            guard let outcome = current.onAction?(name, context(now)) else { return [.earcon(.softError)] }
            return apply(outcome, now: now)
        case .control(let controlAction):
            action = controlAction
        }
        switch action {
        case .back:
            return back(now: now)
        case .info:
            return toggleHelp(now: now)
        case .repeatLast:
            return [.say(lastUtterance ?? strings(.nothingToRepeat))]
        case .hush:
            return [.hush]
        case .cycleVerbosity:
            return settingKey(.cycleVerbosity, now: now)
        case .togglePositions:
            return settingKey(.togglePositions, now: now)
        case .quit:
            isAskingToQuit = true
            return [.say(strings(.quitQuestion))]
        case .whereAmI:
            return [.say(current.focus.whereAmI(in: context(now)))]
        case .slower:
            return settingKey(.slower, now: now)
        case .faster:
            return settingKey(.faster, now: now)
        default:
            // Only screen-wide actions are bound globally or in a screen scope; any other does nothing here.
            return [.earcon(.softError)]
        }
    }

    /// Opens the current screen's help as a list, one key a line: first a short line naming
    /// the screen and how many lines there are (all that is said on opening), then the focused
    /// control's hint, then the keys. On the help itself, closes it and says where the user was.
    private func toggleHelp(now: Instant) -> [Feedback] {
        if let help, current === help { return back(now: now) }
        let strings = Strings(settings.language)
        let lines = current.helpLines(in: context(now), appKeys: appKeys)
        let summary = HelpSummary.line(screen: current.title, lines: lines.count + 1, strings: strings)
        let list = Wheel(id: "help", label: strings(.helpList), items: [summary] + lines)
        let screen = ControlScreen(
            title: strings(.helpTitle, current.title), controls: [list], withToolbar: false, settings: settings, keymap: keymap)
        screen.openingWords = summary + "."
        help = screen
        return apply(ScreenOutcome([], .push(screen)), now: now)
    }

    /// Up and Down on a screen without a list (user details, compose) move focus as Tab and
    /// Shift-Tab do, instead of doing nothing; where a list is, they belong to it.
    private func upOrDown(_ key: Key, now: Instant) -> [Feedback]? {
        guard key == .up || key == .down, !current.focus.hasList else { return nil }
        return current.focus.moveFocus(forward: key == .down, now: now)
    }

    /// F5–F8: the owner of the settings changes them and says so; with no owner, or none
    /// that can, the key does nothing and says that.
    private func settingKey(_ key: SettingKey, now: Instant) -> [Feedback] {
        guard let outcome = onSettingKey?(key, context(now)) else { return [.earcon(.softError)] }
        return apply(outcome, now: now)
    }

    /// The settings as their owner has them now: every screen's controls follow. The only
    /// way the navigator's settings change.
    public func update(settings newSettings: ControlSettings) {
        settings = newSettings
        for screen in stack { screen.focus.settings = settings }
    }

    // MARK: Questions

    /// A question the next key answers, as quitting is asked: Enter is yes, any other key no.
    private struct Question {
        /// The screen that asked; the question lapses when another is shown.
        weak var screen: ControlScreen?
        let yes: (ControlContext) -> ScreenOutcome
        let no: [Feedback]
    }

    /// Asks `question` on the current screen and returns its words for the screen to say.
    /// The next key answers it and does nothing else: Enter runs `yes`; any other key (Escape
    /// too) is answered with `no` ("Cancelled: …"), so nothing is done by surprise and no key
    /// is silent.
    public func ask(_ question: String, no: [Feedback], yes: @escaping (ControlContext) -> ScreenOutcome) -> [Feedback] {
        self.question = Question(screen: current, yes: yes, no: no)
        return [.say(question)]
    }

    // MARK: Screens opened and closed from outside (answers that arrive later)

    /// Opens `screen` on top and says it, as a push from an event would; or, with `announce`
    /// false, only draws it (a busy indicator that speaks up after a moment).
    public func push(_ screen: ControlScreen, now: Instant, announce: Bool = true) -> [Feedback] {
        guard announce else {
            _ = current.focus.focused.focusLost(in: context(now))
            screen.focus.settings = settings
            screen.focus.hintsHeard = hintsHeard
            stack.append(screen)
            return [.redraw]
        }
        return remember(apply(ScreenOutcome([], .push(screen)), now: now))
    }

    /// Removes `screen` (a busy indicator whose wait ended) without a word: what happens next
    /// says what matters. The screen below keeps its focus and position.
    public func dismiss(_ screen: ControlScreen, now: Instant) {
        guard stack.count > 1, let index = stack.lastIndex(where: { $0 === screen }) else { return }
        if index == stack.count - 1 { _ = screen.focus.focused.focusLost(in: context(now)) }
        stack.remove(at: index)
        current.focus.settings = settings
    }

    /// Puts `screen` in place of the root while the root is the only screen (an app's
    /// buffers take turns as the first screen), keeping what the navigator remembers: the
    /// last utterance for repeat, the settings changed with keys. False, and nothing done,
    /// when another screen is open on top.
    @discardableResult
    public func replaceRoot(with screen: ControlScreen, now: Instant) -> Bool {
        guard stack.count == 1 else { return false }
        if stack[0] !== screen { _ = current.focus.focused.focusLost(in: context(now)) }
        screen.focus.settings = settings
        screen.focus.hintsHeard = hintsHeard
        stack = [screen]
        return true
    }

    /// Puts back screens that were open on top of the root when a buffer opened from them
    /// (a post's action list under an author's posts): the last is said as Escape says a
    /// screen it comes back to, its focus where the user left it.
    public func restore(_ screens: [ControlScreen], now: Instant) -> [Feedback] {
        guard let top = screens.last else { return [] }
        _ = current.focus.focused.focusLost(in: context(now))
        for screen in screens {
            screen.focus.settings = settings
            screen.focus.hintsHeard = hintsHeard
            stack.append(screen)
        }
        return remember(open(top, now: now, refocus: true))
    }

    /// Says the current screen again as if it had just opened (title, then the focused
    /// control), keeping its focus: a screen whose content has just arrived.
    public func announceCurrent(now: Instant) -> [Feedback] {
        remember(open(current, now: now, refocus: true))
    }

    /// Applies what a screen asked for after an answer arrived.
    public func perform(_ outcome: ScreenOutcome, now: Instant) -> [Feedback] {
        remember(apply(outcome, now: now))
    }

    /// Gives each control event to its screen (Back on the toolbar goes back).
    private func handleEvents(in feedback: [Feedback], now: Instant) -> [Feedback] {
        var result: [Feedback] = []
        let screen = current
        for item in feedback {
            result.append(item)
            guard case .event(let event) = item, screen === current else { continue }
            if event.control(as: ToolbarControl.self) == .info, event.kind == .activated {
                result += toggleHelp(now: now)
                continue
            }
            // On the first screen slot 1 is the screen's own (the home timeline's About).
            if event.control(as: ToolbarControl.self) == .back, event.kind == .activated, stack.count > 1 {
                result += back(now: now)
                continue
            }
            result += apply(screen.onEvent(event, context(now)), now: now)
        }
        return result
    }

    private func apply(_ outcome: ScreenOutcome, now: Instant) -> [Feedback] {
        var feedback = outcome.feedback
        switch outcome.navigation {
        case .stay: break
        case .push(let screen):
            _ = current.focus.focused.focusLost(in: context(now))
            screen.focus.settings = settings
            screen.focus.hintsHeard = hintsHeard
            stack.append(screen)
            feedback += open(screen, now: now)
        case .pop:
            feedback += back(now: now)
        case .quit:
            isFinished = true
        }
        return feedback
    }

    private func back(now: Instant) -> [Feedback] {
        guard stack.count > 1 else {
            if let outcome = current.onBackAtRoot?(context(now)) { return apply(outcome, now: now) }
            return [.earcon(.boundary), .say(Strings(settings.language)(.firstScreen))]
        }
        let leaving = current
        _ = leaving.focus.focused.focusLost(in: context(now))
        let farewell = leaving.onLeave?(context(now)) ?? []
        stack.removeLast()
        current.focus.settings = settings
        return farewell + open(current, now: now, refocus: true)
    }

    /// The screen's title goes in front of the first control's description, in one utterance,
    /// so the focus speech (which interrupts) does not cut the title off.
    private func open(_ screen: ControlScreen, now: Instant, refocus: Bool = false) -> [Feedback] {
        var feedback = refocus ? screen.focus.focus(screen.focus.focusIndex, now: now) : screen.focus.start(now: now)
        if let i = feedback.firstIndex(where: { if case .speak(_, .interrupt) = $0 { true } else { false } }),
            case .speak(let text, let priority) = feedback[i]
        {
            let words = refocus ? nil : screen.openingWords
            feedback[i] = .speak(words ?? (screen.title + ". " + text), priority)
        }
        feedback += screen.onOpen?(context(now)) ?? []
        return feedback
    }

    private func remember(_ feedback: [Feedback]) -> [Feedback] {
        for item in feedback {
            if case .speak(let text, _) = item { lastUtterance = text }
        }
        return feedback
    }
}
