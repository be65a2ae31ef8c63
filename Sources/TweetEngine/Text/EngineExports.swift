// The engine speaks in the one language type every module shares; its users name it
// (`error.spoken(in: .spanish)`), so it is re-exported rather than imported everywhere.
@_exported import Localization
// Every server string is cleaned through the one sanitiser, and the engine's users clean what
// they print or say with it too (`Sanitizer.clean(name, for: .line)`): re-exported.
@_exported import TextSafety
