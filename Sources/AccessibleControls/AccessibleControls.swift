// The control library is built in issue 3 ("AccessibleControls"). This file only keeps the
// target in the package until then.
@_exported import SpeechAudio
