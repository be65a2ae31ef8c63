/// The practice screens, like iLoowi's test applications (ButtonPhone, SCPhone,
/// SegmCtrlDays, WheelNames…): one screen per control, so a new user learns each by ear and
/// a reviewer can try each one. They live in the library, next to the controls they teach,
/// so the transcript tests drive exactly what `loowi practice` shows.
@MainActor
public struct PracticeGallery {
    public var settings: ControlSettings
    public var keymap: Keymap
    public var keypadStyle: Keypad.EntryStyle
    /// How long the busy practice waits before it finishes on its own.
    public var busyDuration: Duration

    public init(settings: ControlSettings, keymap: Keymap = .standard, keypadStyle: Keypad.EntryStyle = .timed, busyDuration: Duration = .seconds(12))
    {
        self.settings = settings
        self.keymap = keymap
        self.keypadStyle = keypadStyle
        self.busyDuration = busyDuration
    }

    public enum Entry: String, CaseIterable, Sendable {
        case buttons = "Buttons"
        case keypad = "Phone keypad"
        case options = "Days and colours"
        case timed = "Spoken colours"
        case wheel = "Wheel of names"
        case sliders = "Sliders"
        case prompt = "Command line"
        case busy = "Busy indicator"

        /// The screen's name, on its button and as its title.
        var title: PracticeText {
            switch self {
            case .buttons: .buttons
            case .keypad: .phoneKeypad
            case .options: .daysAndColours
            case .timed: .spokenColours
            case .wheel: .wheelOfNames
            case .sliders: .sliders
            case .prompt: .commandLine
            case .busy: .busyIndicator
            }
        }
    }

    /// The words, in the interface language.
    var words: Catalogue<PracticeText> { Catalogue(settings.language) }

    /// The ids of the practice screens' controls (the menu's buttons are `Entry`), matched
    /// with `ControlEvent.control(as:)` as the app's screens match theirs.
    enum ControlID: String, CaseIterable {
        case welcome, hello, sounds, send, message, keypad, left, read, day, colour, chosen, names, volume, rate, command, busy
    }

    /// The first screen: a welcome text and one button per practice screen.
    public func menu() -> ControlScreen {
        let welcome = Label(
            id: ControlID.welcome.rawValue, label: words(.welcome), text: words(.welcomeText))
        let buttons = Entry.allCases.map { Button(id: $0.rawValue, label: words($0.title)) as any Control }
        let screen = ControlScreen(title: words(.practice), controls: [welcome] + buttons, settings: settings, keymap: keymap)
        screen.onEvent = { event, context in
            guard event.kind == .activated, let entry = event.control(as: Entry.self) else { return .none }
            return ScreenOutcome([], .push(self.screen(entry, now: context.now)))
        }
        return screen
    }

    public func screen(_ entry: Entry, now: ContinuousClock.Instant) -> ControlScreen {
        switch entry {
        case .buttons: buttonsScreen()
        case .keypad: keypadScreen()
        case .options: optionsScreen()
        case .timed: timedScreen()
        case .wheel: wheelScreen()
        case .sliders: slidersScreen()
        case .busy: busyScreen(startedAt: now)
        case .prompt: promptScreen()
        }
    }

    func buttonsScreen() -> ControlScreen {
        let hello = Button(id: ControlID.hello.rawValue, label: words(.sayHello), hint: words(.sayHelloHint))
        let sounds = Button.toggle(id: ControlID.sounds.rawValue, label: words(.sounds), isOn: true)
        let send = Button(id: ControlID.send.rawValue, label: words(.send), isEnabled: false, unavailableReason: words(.nothingToSend))
        let greeting = words(.helloBack)
        let screen = ControlScreen(title: words(.buttons), controls: [hello, sounds, send], settings: settings, keymap: keymap)
        screen.onEvent = { event, _ in
            event.control(as: ControlID.self) == .hello && event.kind == .activated ? ScreenOutcome([.say(greeting)]) : .none
        }
        return screen
    }

    func keypadScreen() -> ControlScreen {
        let limit = 40
        let field = TextField(id: ControlID.message.rawValue, label: words(.message), maxLength: limit)
        let keypad = Keypad(id: ControlID.keypad.rawValue, label: words(.keypad), target: field, style: keypadStyle)
        let left = Label(id: ControlID.left.rawValue, label: words(.left), text: words(.characters, String(limit)))
        let read = Button(id: ControlID.read.rawValue, label: words(.read), hint: words(.readHint))
        let words = self.words
        let screen = ControlScreen(
            title: words(.phoneKeypad), controls: [keypad, field], toolbarThird: .label(left), toolbarFourth: .button(read),
            settings: settings, keymap: keymap)
        screen.onEvent = { event, context in
            switch (event.control(as: ControlID.self), event.kind) {
            case (.message?, .changed), (.keypad?, .changed):
                left.setText(words(.characters, String(limit - field.characters.count)))
                return .none
            case (.read?, .activated):
                return ScreenOutcome([.say(field.text.isEmpty ? context.strings(.empty) : field.text)])
            default:
                return .none
            }
        }
        return screen
    }

    func optionsScreen() -> ControlScreen {
        let days = SegmentedControl(
            id: ControlID.day.rawValue, label: words(.day),
            options: [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday].map { words($0) }, selectedIndex: 0)
        let colours = SegmentedControl(
            id: ControlID.colour.rawValue, label: words(.colour), options: [.red, .green, .blue, .yellow].map { words($0) })
        return ControlScreen(title: words(.daysAndColours), controls: [days, colours], settings: settings, keymap: keymap)
    }

    func timedScreen() -> ControlScreen {
        let colours = TimedSelector(
            id: ControlID.colour.rawValue, label: words(.colour), options: [.red, .green, .blue, .yellow, .white, .black].map { words($0) })
        let chosen = Label(id: ControlID.chosen.rawValue, label: words(.chosen), text: words(.nothingYet))
        let screen = ControlScreen(title: words(.spokenColours), controls: [colours, chosen], settings: settings, keymap: keymap)
        screen.onEvent = { event, _ in
            if event.control(as: ControlID.self) == .colour, case .selected(let i) = event.kind { chosen.setText(colours.options[i]) }
            return .none
        }
        return screen
    }

    static let names = [
        "Ada", "Alberto", "Ana", "Beatriz", "Carlos", "Carmen", "Daniel", "Elena", "Fernando", "Gloria",
        "Hugo", "Inés", "Javier", "Julia", "Lucía", "Manuel", "María", "Marta", "Nuria", "Óscar",
        "Pablo", "Paula", "Raúl", "Rosa", "Sergio", "Sofía", "Tomás", "Valeria", "Víctor", "Yolanda",
    ]

    func wheelScreen() -> ControlScreen {
        let wheel = Wheel(id: ControlID.names.rawValue, label: words(.names), items: Self.names)
        let chosen = Label(id: ControlID.chosen.rawValue, label: words(.chosen), text: words(.nobodyYet))
        let screen = ControlScreen(title: words(.wheelOfNames), controls: [wheel, chosen], settings: settings, keymap: keymap)
        screen.onEvent = { event, _ in
            if event.control(as: ControlID.self) == .names, case .selected = event.kind { chosen.setText(wheel.currentItem) }
            return .none
        }
        return screen
    }

    func slidersScreen() -> ControlScreen {
        let volume = Wheel(sliderID: ControlID.volume.rawValue, label: words(.volume), range: 0...100, step: 5, value: 50, unit: words(.percent))
        let rate = Wheel(sliderID: ControlID.rate.rawValue, label: words(.speechRate), range: SpeechSettings.rateRange, step: 10, value: 170, unit: words(.wordsAMinute))
        return ControlScreen(title: words(.sliders), controls: [volume, rate], settings: settings, keymap: keymap)
    }

    func promptScreen() -> ControlScreen {
        let prompt = ReadlineField(
            id: ControlID.command.rawValue, label: words(.command), history: ["hello world"], hint: words(.commandHint))
        let words = self.words
        let screen = ControlScreen(title: words(.commandLine), controls: [prompt], settings: settings, keymap: keymap)
        screen.onEvent = { event, _ in
            guard case .submitted(let line) = event.kind, !line.isEmpty else { return .none }
            // Queued: the field has just read the line back, and this must not cut it off.
            return ScreenOutcome([.speak(words(.youEntered, line), .announcement)])
        }
        return screen
    }

    func busyScreen(startedAt: ContinuousClock.Instant) -> ControlScreen {
        let busy = BusyIndicator(id: ControlID.busy.rawValue, waitingFor: words(.loadingTimeline), startedAt: startedAt)
        let ready = words(.timelineReady)
        let screen = ControlScreen(title: words(.busyIndicator), controls: [busy], withToolbar: false, settings: settings, keymap: keymap)
        let duration = busyDuration
        var finished = false
        screen.onTick = { context in
            guard !finished, context.now - startedAt >= duration else { return .none }
            finished = true
            // Important: going back speaks the menu, which must not cut this off.
            return ScreenOutcome([.earcon(.ready), .speak(ready, .important)], .pop)
        }
        screen.onEvent = { event, _ in
            guard event.kind == .cancelled else { return .none }
            finished = true
            return ScreenOutcome([], .pop)
        }
        return screen
    }
}
