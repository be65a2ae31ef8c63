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
    }

    /// The ids of the practice screens' controls (the menu's buttons are `Entry`), matched
    /// with `ControlEvent.control(as:)` as the app's screens match theirs.
    enum ControlID: String, CaseIterable {
        case welcome, hello, sounds, send, message, keypad, left, read, day, colour, chosen, names, volume, rate, command, busy
    }

    /// The first screen: a welcome text and one button per practice screen.
    public func menu() -> ControlScreen {
        let welcome = Label(
            id: ControlID.welcome.rawValue, label: "Welcome",
            text:
                "This is loowi practice. Each button below opens a screen where you can try one kind of control. Tab moves to the next control, Shift-Tab to the previous one. Enter opens a screen, Escape comes back here, F1 tells you every key."
        )
        let buttons = Entry.allCases.map { Button(id: $0.rawValue, label: $0.rawValue) as any Control }
        let screen = ControlScreen(title: "Practice", controls: [welcome] + buttons, settings: settings, keymap: keymap)
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
        let hello = Button(id: ControlID.hello.rawValue, label: "Say hello", hint: "Enter or Space says hello back.")
        let sounds = Button.toggle(id: ControlID.sounds.rawValue, label: "Sounds", isOn: true)
        let send = Button(id: ControlID.send.rawValue, label: "Send", isEnabled: false, unavailableReason: "there is nothing to send yet")
        let screen = ControlScreen(title: "Buttons", controls: [hello, sounds, send], settings: settings, keymap: keymap)
        screen.onEvent = { event, _ in
            event.control(as: ControlID.self) == .hello && event.kind == .activated ? ScreenOutcome([.say("Hello to you too!")]) : .none
        }
        return screen
    }

    func keypadScreen() -> ControlScreen {
        let limit = 40
        let field = TextField(id: ControlID.message.rawValue, label: "Message", maxLength: limit)
        let keypad = Keypad(id: ControlID.keypad.rawValue, label: "Keypad", target: field, style: keypadStyle)
        let left = Label(id: ControlID.left.rawValue, label: "Left", text: "\(limit) characters")
        let read = Button(id: ControlID.read.rawValue, label: "Read", hint: "Enter or Space reads the message.")
        let screen = ControlScreen(
            title: "Phone keypad", controls: [keypad, field], toolbarThird: .label(left), toolbarFourth: .button(read),
            settings: settings, keymap: keymap)
        screen.onEvent = { event, context in
            switch (event.control(as: ControlID.self), event.kind) {
            case (.message?, .changed), (.keypad?, .changed):
                left.setText("\(limit - field.characters.count) characters")
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
            id: ControlID.day.rawValue, label: "Day",
            options: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"], selectedIndex: 0)
        let colours = SegmentedControl(id: ControlID.colour.rawValue, label: "Colour", options: ["Red", "Green", "Blue", "Yellow"])
        return ControlScreen(title: "Days and colours", controls: [days, colours], settings: settings, keymap: keymap)
    }

    func timedScreen() -> ControlScreen {
        let colours = TimedSelector(id: ControlID.colour.rawValue, label: "Colour", options: ["Red", "Green", "Blue", "Yellow", "White", "Black"])
        let chosen = Label(id: ControlID.chosen.rawValue, label: "Chosen", text: "nothing yet")
        let screen = ControlScreen(title: "Spoken colours", controls: [colours, chosen], settings: settings, keymap: keymap)
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
        let wheel = Wheel(id: ControlID.names.rawValue, label: "Names", items: Self.names)
        let chosen = Label(id: ControlID.chosen.rawValue, label: "Chosen", text: "nobody yet")
        let screen = ControlScreen(title: "Wheel of names", controls: [wheel, chosen], settings: settings, keymap: keymap)
        screen.onEvent = { event, _ in
            if event.control(as: ControlID.self) == .names, case .selected = event.kind { chosen.setText(wheel.currentItem) }
            return .none
        }
        return screen
    }

    func slidersScreen() -> ControlScreen {
        let volume = Wheel(sliderID: ControlID.volume.rawValue, label: "Volume", range: 0...100, step: 5, value: 50, unit: "percent")
        let rate = Wheel(sliderID: ControlID.rate.rawValue, label: "Speech rate", range: 80...450, step: 10, value: 170, unit: "words a minute")
        return ControlScreen(title: "Sliders", controls: [volume, rate], settings: settings, keymap: keymap)
    }

    func promptScreen() -> ControlScreen {
        let prompt = ReadlineField(
            id: ControlID.command.rawValue, label: "Command", history: ["hello world"],
            hint: "Type a line and press Enter. Up and Down bring back earlier lines. The editing keys of your shell work here.")
        let screen = ControlScreen(title: "Command line", controls: [prompt], settings: settings, keymap: keymap)
        screen.onEvent = { event, _ in
            guard case .submitted(let line) = event.kind, !line.isEmpty else { return .none }
            // Queued: the field has just read the line back, and this must not cut it off.
            return ScreenOutcome([.speak("You entered \(line).", .announcement)])
        }
        return screen
    }

    func busyScreen(startedAt: ContinuousClock.Instant) -> ControlScreen {
        let busy = BusyIndicator(id: ControlID.busy.rawValue, waitingFor: "Loading your timeline", startedAt: startedAt)
        let screen = ControlScreen(title: "Busy indicator", controls: [busy], withToolbar: false, settings: settings, keymap: keymap)
        let duration = busyDuration
        var finished = false
        screen.onTick = { context in
            guard !finished, context.now - startedAt >= duration else { return .none }
            finished = true
            // Important: going back speaks the menu, which must not cut this off.
            return ScreenOutcome([.earcon(.ready), .speak("Your timeline is ready.", .important)], .pop)
        }
        screen.onEvent = { event, _ in
            guard event.kind == .cancelled else { return .none }
            finished = true
            return ScreenOutcome([], .pop)
        }
        return screen
    }
}
