import Testing

@testable import AccessibleControls
import TranscriptTesting

/// A practice session of each control, as the user hears it. A changed transcript is a
/// changed user experience: review the diff like code, re-record with RECORD_TRANSCRIPTS=1.
@MainActor @Suite("Practice transcripts", .timeLimit(.minutes(5))) struct PracticeTranscriptTests {
    // menu-and-navigation, with its settings keys, is practice's own (the settings keys need
    // an owner of the settings): `PracticeSettingsKeysTests` in LoowiCommandTests.

    @Test func label() throws {
        var session = TranscriptSession { gallery, _ in gallery.menu() }
        session.run([
            .note("The welcome text is a label: Space reads it word by word, Shift-Space goes back, Enter reads it all."),
            .press("Space", "Space", "Space", "Shift-Space", "Shift-Space", "Shift-Space", "Enter"),
        ])
        try assertTranscript(session.text, named: "label")
    }

    @Test func buttons() throws {
        var session = TranscriptSession { gallery, _ in gallery.buttonsScreen() }
        session.run([
            .note("A button: Enter or Space activates it."),
            .press("Enter", "Space"),
            .note("A toggle button says its new state."),
            .press("Tab", "Enter", "Space"),
            .note("A disabled button says it is unavailable, and why."),
            .press("Tab", "Enter"),
            .note("The toolbar: Back, then Info, the same on every screen."),
            .press("Tab", "Tab"),
            .press("F1"),
        ])
        try assertTranscript(session.text, named: "buttons")
    }

    @Test func textField() throws {
        var session = TranscriptSession { gallery, _ in gallery.keypadScreen() }
        session.run([
            .note("Tab to the message field and type; each character is echoed."),
            .press("Tab"),
            .type("hi you"),
            .note("Move by character, by word, and to either end."),
            .press("Left", "Alt-b", "Alt-b", "Alt-f", "Ctrl-E", "Right"),
            .note("Delete, cut a word, paste it back."),
            .press("Backspace", "Ctrl-W", "Ctrl-A", "Ctrl-Y", "Ctrl-K", "Ctrl-U"),
            .note("A paste, and the limit of 40 characters."),
            .paste("The quick brown fox jumps over the lazy dog again"),
            .press("Enter"),
        ])
        try assertTranscript(session.text, named: "text-field")
    }

    @Test func keypadTimed() throws {
        var session = TranscriptSession({ gallery, _ in gallery.keypadScreen() }, keypad: .timed)
        session.run([
            .note("Timed entry: a key says its letters in turn; press it again, or Enter, to take the one you hear."),
            .press("4"),
            .wait(.seconds(2)),
            .press("4"),
            .press("4"),
            .wait(.seconds(1)),
            .note("Another key takes the letter being said and starts."),
            .press("2"),
            .wait(.milliseconds(1500)),
            .press("Enter"),
            .note("Star changes mode; hash deletes."),
            .press("*", "2", "2", "#", "#"),
            .note("The arrows explore the grid from the last key pressed; the 5 key has its own sound."),
            .press("Up", "Up", "Left", "Left", "Up", "Up", "Enter"),
            .wait(.seconds(1)),
            .press("Enter"),
            .note("Read the message with the Read button on the toolbar."),
            .press("Tab", "Tab", "Tab", "Tab", "Tab", "Enter"),
        ])
        try assertTranscript(session.text, named: "keypad-timed")
    }

    @Test func keypadMultiTap() throws {
        var session = TranscriptSession({ gallery, _ in gallery.keypadScreen() }, keypad: .multiTap)
        session.run([
            .note("Multi-tap entry: each press moves to the next letter; a pause takes it."),
            .press("4", "4"),
            .wait(.milliseconds(1500)),
            .press("4", "4", "4"),
            .note("Another key takes the letter at once."),
            .press("0"),
            .wait(.milliseconds(1500)),
            .press("Tab"),
        ])
        try assertTranscript(session.text, named: "keypad-multi-tap")
    }

    @Test func segmentedControl() throws {
        var session = TranscriptSession { gallery, _ in gallery.optionsScreen() }
        session.run([
            .note("Down and Up step through the days; Enter selects; past the end it wraps."),
            .press("Down", "Down", "Enter", "Up", "Up", "Up", "Up"),
            .note("Escape goes back to the day selected."),
            .press("Escape"),
            .note("Colours: nothing selected yet."),
            .press("Tab", "Down", "Enter", "p"),
        ])
        try assertTranscript(session.text, named: "segmented-control")
    }

    @Test func timedSelector() throws {
        var session = TranscriptSession { gallery, _ in gallery.timedScreen() }
        session.run([
            .note("The colours are said in turn, on their own. Press Enter when you hear the one you want."),
            .wait(.seconds(13)),
            .press("Enter"),
            .wait(.seconds(3)),
            .note("Space reads them again; Escape stops; leaving stops too."),
            .press("Space"),
            .wait(.seconds(3)),
            .press("Escape"),
            .press("Space"),
            .wait(.seconds(3)),
            .press("Tab"),
            .wait(.seconds(3)),
        ])
        try assertTranscript(session.text, named: "timed-selector")
    }

    @Test func wheel() throws {
        var session = TranscriptSession { gallery, _ in gallery.wheelScreen() }
        session.run([
            .note("Down and Up (or j and k) move one name; Page Down and Page Up ten; Home and End go to the ends."),
            .press("Up", "Down", "j", "k", "PageDown", "PageDown", "PageDown", "Down", "Home", "End"),
            .note("P says the position; Enter chooses."),
            .press("PageUp", "p", "Enter", "Tab"),
        ])
        try assertTranscript(session.text, named: "wheel")
    }

    @Test func slider() throws {
        var session = TranscriptSession { gallery, _ in gallery.slidersScreen() }
        session.run([
            .note("Right and Up raise the value, Left and Down lower it; Page Up and Page Down move ten steps."),
            .press("Right", "Up", "Left", "Down", "PageUp", "PageUp", "Home", "p"),
            .press("Tab", "End", "PageDown"),
        ])
        try assertTranscript(session.text, named: "slider")
    }

    @Test func busyIndicator() throws {
        var session = TranscriptSession { gallery, _ in gallery.menu() }
        session.run([
            .note("The busy indicator is the last button of the menu: Shift-Tab goes round to it."),
            .press("Shift-Tab", "Shift-Tab", "Shift-Tab", "Enter"),
            .note("While waiting it ticks; any key says how long it has been."),
            .wait(.seconds(5)),
            .press("Tab"),
            .note("Escape asks before cancelling; Escape again keeps waiting."),
            .press("Escape", "Escape"),
            .note("When the wait is over, it says so and goes back."),
            .wait(.seconds(8)),
            .note("Open it again, and this time cancel."),
            .press("Enter", "Escape", "Enter"),
        ])
        try assertTranscript(session.text, named: "busy-indicator")
    }

    @Test func commandLineWithReadline() throws {
        ReadlineField.readUserBindings(false)
        var session = TranscriptSession { gallery, _ in gallery.promptScreen() }
        session.run([
            .note("GNU readline edits the line; what it did is spoken."),
            .type("say hi"),
            .press("Ctrl-A", "Alt-f", "Ctrl-K", "Ctrl-Y", "Ctrl-W"),
            .type("echo"),
            .press("Enter"),
            .note("Up and Down bring back earlier lines."),
            .press("Up", "Up", "Up", "Down", "Ctrl-U", "Tab"),
        ])
        try assertTranscript(session.text, named: "command-line")
    }

    @Test func buttonsInSpanishAtExpertLevel() throws {
        var session = TranscriptSession({ gallery, _ in gallery.optionsScreen() }, settings: ControlSettings(language: .spanish, verbosity: .expert))
        session.run([
            .press("Down", "Enter", "Tab", "Down", "Escape", "Tab")
        ])
        try assertTranscript(session.text, named: "options-spanish-expert")
    }
}
