/// The screen-wide keys that change a setting: F5 (verbosity), F6 (positions), F7 and F8
/// (slower, faster). The navigator owns no setting: it hands these to whoever does
/// (`Navigator.onSettingKey`), which changes its state once, gives the navigator the new
/// control settings (`update(settings:)`) and says what changed.
public enum SettingKey: Sendable, CaseIterable, Hashable {
    case cycleVerbosity, togglePositions, slower, faster
}
