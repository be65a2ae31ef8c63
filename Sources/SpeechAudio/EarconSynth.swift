#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials

/// The project's own earcons, made in code so they are exact, tiny and reproducible; the
/// WAV files in `Sounds/` are this output (`loowi sounds --export Sounds`), kept as the
/// template for sound packs. Tones are soft-edged sines in the 150 Hz - 2.1 kHz range, peaks
/// at about -10 dBFS or lower, so none is harsh at full volume and speech stays on top.
public enum EarconSynth {
    /// One note: frequency in Hz (a second frequency makes a glide), start and length in
    /// milliseconds, relative loudness 0...1, and how many upper partials colour it.
    struct Note {
        var frequency: Double
        var glideTo: Double?
        var start: Double
        var length: Double
        var loudness: Double = 1
        var harmonics: Int = 1
        var decay: Double = 4
    }

    static let peak = 0.3 * 32_767

    static func recipe(_ earcon: Earcon) -> [Note] {
        switch earcon {
        case .focus:
            [Note(frequency: 1_175, start: 0, length: 32, loudness: 0.9, decay: 4)]
        case .activate:
            [Note(frequency: 784, start: 0, length: 40), Note(frequency: 1_175, start: 35, length: 55)]
        case .boundary:
            [Note(frequency: 220, start: 0, length: 90, harmonics: 3, decay: 5)]
        case .wrap:
            [Note(frequency: 440, glideTo: 1_320, start: 0, length: 120, loudness: 0.8, decay: 2)]
        case .error:
            [
                Note(frequency: 466, start: 0, length: 80, harmonics: 2),
                Note(frequency: 330, start: 70, length: 110, harmonics: 2),
            ]
        case .softError:
            [Note(frequency: 294, start: 0, length: 60, loudness: 0.6, harmonics: 2)]
        case .busyTick:
            [Note(frequency: 1_760, start: 0, length: 16, loudness: 0.55, decay: 2)]
        case .postSent:
            [
                Note(frequency: 523, start: 0, length: 50), Note(frequency: 659, start: 40, length: 50),
                Note(frequency: 784, start: 80, length: 65),
            ]
        case .boost:
            [Note(frequency: 587, start: 0, length: 55), Note(frequency: 1_175, start: 45, length: 80)]
        case .favourite:
            [
                Note(frequency: 1_047, start: 0, length: 120, loudness: 0.6, decay: 4),
                Note(frequency: 1_319, start: 0, length: 120, loudness: 0.5, decay: 4),
            ]
        case .follow:
            [Note(frequency: 523, start: 0, length: 55), Note(frequency: 784, start: 50, length: 70)]
        case .newPost:
            [Note(frequency: 1_397, start: 0, length: 90, loudness: 0.6, decay: 5)]
        case .mention:
            [Note(frequency: 1_319, start: 0, length: 45, loudness: 0.7), Note(frequency: 1_319, start: 60, length: 60, loudness: 0.7)]
        case .directMessage:
            [
                Note(frequency: 988, start: 0, length: 50), Note(frequency: 784, start: 45, length: 50),
                Note(frequency: 659, start: 90, length: 55),
            ]
        case .keypadCentre:
            [Note(frequency: 165, start: 0, length: 45, harmonics: 3, decay: 3)]
        case .limitReached:
            [Note(frequency: 196, start: 0, length: 120, loudness: 0.8, harmonics: 4, decay: 2)]
        case .ready:
            [
                Note(frequency: 523, start: 0, length: 60), Note(frequency: 659, start: 50, length: 60),
                Note(frequency: 784, start: 100, length: 60), Note(frequency: 1_047, start: 150, length: 110),
            ]
        case .capital:
            [Note(frequency: 1_568, start: 0, length: 28, loudness: 0.8, decay: 3)]
        }
    }

    public static func samples(for earcon: Earcon) -> [Int16] {
        samples(notes: recipe(earcon))
    }

    /// `notes` mixed, their loudest point at `peak`.
    static func samples(notes: [Note], peak: Double = peak) -> [Int16] {
        let rate = Double(AudioFormat.sampleRate)
        let total = notes.map { $0.start + $0.length }.max() ?? 0
        var mix = [Double](repeating: 0, count: AudioFormat.frames(milliseconds: total))
        for note in notes {
            let first = AudioFormat.frames(milliseconds: note.start)
            let count = AudioFormat.frames(milliseconds: note.length)
            let attack = AudioFormat.frames(milliseconds: 4)
            var phase = 0.0
            for index in 0..<count where first + index < mix.count {
                let progress = Double(index) / Double(count)
                let frequency = note.frequency + ((note.glideTo ?? note.frequency) - note.frequency) * progress
                phase += 2 * Double.pi * frequency / rate
                var value = 0.0
                for partial in 1...note.harmonics { value += sin(phase * Double(partial)) / Double(partial * partial) }
                // Soft attack, exponential decay, and a short fade at the very end: no clicks.
                let envelope =
                    min(1, Double(index) / Double(attack)) * exp(-note.decay * progress)
                    * min(1, Double(count - index) / Double(attack))
                mix[first + index] += value * envelope * note.loudness
            }
        }
        // Overlapping notes may add up past 1: scale those down, keep the others' loudness.
        let loudest = mix.map(abs).max() ?? 0
        let scale = peak / max(loudest, 1)
        return mix.map { Int16(($0 * scale).rounded()) }
    }
}
