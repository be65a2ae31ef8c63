// The engine speaks in the one language type every module shares; its users name it
// (`error.spoken(in: .spanish)`), so it is re-exported rather than imported everywhere.
@_exported import Localization
