/// Who turns loowi's text into speech: its own eSpeak NG, or the user's speech-dispatcher
/// (the one queue Speakup, Fenrir and Orca already speak through). Earcons always go through
/// loowi's own mixer.
public enum SpeechBackend: String, Sendable, CaseIterable, Hashable {
    case espeak
    case speechDispatcher = "speech-dispatcher"
}
