import AccessibleControls
import SpeechAudio

/// Chooses where practice speech goes: the real pipeline (sound device, or `--wav`), and in
/// line mode printed lines, which also speak into the WAV file when one is given.
enum PracticeSpeech {
    static func make(line: Bool, options: SpeechOptions, language: Language) async throws -> (output: any SpeechOutput, pipeline: SpeechPipeline?) {
        if line {
            guard options.wav != nil else { return (LineSpeech(fileDescriptor: 1), nil) }
            let pipeline = try await options.makePipeline(language: language)
            return (LineSpeech(fileDescriptor: 1, also: pipeline), pipeline)
        }
        let pipeline = try await options.makePipeline(language: language)
        return (pipeline, pipeline)
    }
}
