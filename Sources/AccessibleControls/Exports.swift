// The feedback vocabulary (Earcon, SpeechPriority, SpeechOutput) belongs to SpeechAudio; every
// user of the controls needs it, so it is re-exported rather than imported everywhere.
@_exported import SpeechAudio
