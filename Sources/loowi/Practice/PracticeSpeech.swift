import AccessibleControls
import ArgumentParser

/// Chooses where practice speech goes.
///
/// PLUG-IN POINT for the real speech pipeline (module SpeechAudio, being built on `main`):
/// until it is merged, full-screen mode records speech silently (the last utterance is also
/// shown on screen) and line mode prints it. When `SpeechPipeline` lands, return it here for
/// the sound device, a WAV-file pipeline for `--wav`, and pass it as `also:` to `LineSpeech`
/// when line mode should speak too.
enum PracticeSpeech {
    static func validate(wav: String?) throws {
        if wav != nil {
            throw ValidationError("--wav needs the eSpeak NG speech pipeline, which is not merged into this build yet. Use --line for now.")
        }
    }

    static func make(line: Bool, wav: String?) throws -> any SpeechOutput {
        try validate(wav: wav)
        return line ? LineSpeech(fileDescriptor: 1) : RecordingSpeech()
    }
}
