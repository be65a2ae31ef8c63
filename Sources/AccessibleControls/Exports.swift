// The one language type and the Catalogue every module's words go through: every user of the
// controls names a language, so it is re-exported rather than imported everywhere.
@_exported import Localization
// The feedback vocabulary (Earcon, SpeechPriority, SpeechOutput) belongs to SpeechAudio; every
// user of the controls needs it, so it is re-exported rather than imported everywhere.
@_exported import SpeechAudio
