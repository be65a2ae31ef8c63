import FoundationEssentials
import Localization
import LoowiSupport
import SpeechAudio

/// The sound device a start speaks to, waited for until `DeviceOpening`'s deadline. When no
/// device answered, the start says so once, in the interface language, and carries on
/// without sound: the line and the screen still show what is said.
public enum SoundDeviceStart {
    /// The device, or a silent sink and the sentence to say when none answered in time.
    public static func sink(from opening: DeviceOpening, language: Language) async -> (sink: AudioSink, notice: String?) {
        switch await opening.sink() {
        case .opened(let sink): (sink, nil)
        case .noAnswer: (NullSink(), noAnswerSentence(in: language))
        }
    }

    public static func noAnswerSentence(in language: Language) -> String {
        AppStrings(language)(.noSoundDeviceAnswered)
    }

    /// Prints `notice` on standard error, as loowi's other start-up notices are.
    public static func report(_ notice: String?) {
        if let notice { StandardStreams.writeError("loowi: " + notice + "\n") }
    }
}
