import Testing

@testable import AccessibleControls

/// A terminal that starts a bracketed paste and never ends it: the user hears the paste end,
/// and the keys after it work again. Bytes go through the real decoder into a practice screen.
@MainActor @Suite("Paste that never ends", .timeLimit(.minutes(5))) struct PasteEndTests {
    /// The practice keypad screen with focus in its message field.
    func messageField(_ language: Language) -> (Navigator, ContinuousClock.Instant) {
        let settings = ControlSettings(language: language)
        let gallery = PracticeGallery(settings: settings, keypadStyle: .timed)
        let navigator = Navigator(root: gallery.keypadScreen(), settings: settings)
        let now = ContinuousClock.now
        _ = navigator.start(now: now)
        _ = navigator.handle(.key(.tab), now: now)
        return (navigator, now)
    }

    func heard(_ events: [KeyEvent], _ navigator: Navigator, now: ContinuousClock.Instant) -> [String] {
        events.flatMap { navigator.handle($0, now: now).transcriptLines }
    }

    @Test(arguments: [
        (Language.english, "say: Paste ended: nothing more came.", "say: Quit? Enter: yes. Any other key: no."),
        (Language.spanish, "say: Pegado terminado: no llegó nada más.", "say: ¿Salir? Intro: sí. Otra tecla: no."),
    ])
    func quietPasteIsSaidToEndAndKeysWorkAgain(language: Language, ended: String, quit: String) {
        let (navigator, t0) = messageField(language)
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~hello".utf8), now: t0).isEmpty)
        // Enter pressed while the terminal still thinks it is pasting: taken as text, for now.
        #expect(decoder.decode([0x0D], now: t0 + .milliseconds(200)).isEmpty)
        let events = decoder.tick(now: t0 + .milliseconds(1200))
        let lines = heard(events, navigator, now: t0 + .milliseconds(1200))
        #expect(lines.contains(ended), "\(lines)")
        #expect(lines.last == ended)
        // F10 is the menu/quit key again.
        #expect(heard(decoder.decode(Array("\u{1B}[21~".utf8), now: t0 + .seconds(2)), navigator, now: t0 + .seconds(2)) == [quit])
    }

    @Test func ctrlQInsideAnOpenPasteReachesTheApp() {
        let (navigator, t0) = messageField(.english)
        var decoder = KeyDecoder()
        let lines = heard(decoder.decode(Array("\u{1B}[200~hi\u{11}".utf8), now: t0), navigator, now: t0)
        #expect(Array(lines.suffix(2)) == ["say: Paste ended.", "say: Quit? Enter: yes. Any other key: no."])
        #expect(navigator.handle(.key(.enter), now: t0).transcriptLines == ["say: Goodbye."])
        #expect(navigator.isFinished)
    }

    @Test func tooLongPasteIsSaid() {
        let (navigator, t0) = messageField(.spanish)
        var decoder = KeyDecoder(pasteLimit: 10)
        let lines = heard(decoder.decode(Array("\u{1B}[200~0123456789abcdef".utf8), now: t0), navigator, now: t0)
        #expect(lines.last == "say: Pegado demasiado largo: el resto se ha descartado.")
    }
}
