/// The one PCM format of the audio path: what eSpeak NG produces, so speech is never
/// resampled; earcons are made (or converted on load) to match.
public enum AudioFormat {
    public static let sampleRate = 22_050
    public static let channels = 1

    public static func frames(milliseconds: Double) -> Int {
        Int((milliseconds * Double(sampleRate) / 1000).rounded())
    }

    public static func milliseconds(frames: Int) -> Double {
        Double(frames) * 1000 / Double(sampleRate)
    }
}
