#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full screen's look, chosen by the user (config.toml's `theme`): white on black, bright
/// yellow on black for more contrast, or the terminal's own colours (which a user may have set
/// for their eyes, and which `NO_COLOR` asks for). Focus is bold and inverse in all three, with
/// a marker, so it never rests on colour.
public enum ScreenTheme: String, Sendable, CaseIterable, Hashable {
    case `default`
    case highContrast = "high-contrast"
    case plain

    public var palette: Palette {
        switch self {
        case .default: .whiteOnBlack
        case .highContrast: .yellowOnBlack
        case .plain: .terminalColours
        }
    }
}

/// The SGR colours a theme adds to the three styles. Bold (1/22) and inverse (7/27) are the
/// same in every palette, so moving between styles costs the same bytes whatever the theme.
public struct Palette: Sendable, Hashable {
    /// Foreground and background SGR parameters ("97;40"); nil writes no colour at all.
    public let colours: String?

    public static let whiteOnBlack = Palette(colours: "97;40")
    public static let yellowOnBlack = Palette(colours: "93;40")
    public static let terminalColours = Palette(colours: nil)

    /// The theme's palette, or the terminal's colours when `NO_COLOR` is set to anything but
    /// the empty string (no-color.org): the user's wish for every program wins over a setting.
    public static func forTerminal(_ theme: ScreenTheme, noColor: String?) -> Palette {
        if let noColor, !noColor.isEmpty { return .terminalColours }
        return theme.palette
    }

    /// A variable of the process's environment, read when the screen loop starts.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The whole style from any state: a reset, then its attributes and colours.
    func code(for style: Canvas.Style) -> String {
        "\u{1B}[" + (["0"] + attributes(style) + (colours.map { [$0] } ?? [])).joined(separator: ";") + "m"
    }

    /// The shortest SGR from one style to another. From the defaults (nil), where the last
    /// frame's ESC[0m left them, no reset is needed, and plain normal text needs nothing.
    func transition(from current: Canvas.Style?, to style: Canvas.Style) -> String {
        guard let current else {
            let parameters = attributes(style) + (colours.map { [$0] } ?? [])
            return parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
        }
        switch (current, style) {
        case _ where current == style: return ""
        case (.normal, .bright): return "\u{1B}[1m"
        case (.normal, .focused): return "\u{1B}[1;7m"
        case (.bright, .normal): return "\u{1B}[22m"
        case (.bright, .focused): return "\u{1B}[7m"
        case (.focused, .normal): return "\u{1B}[22;27m"
        case (.focused, .bright): return "\u{1B}[27m"
        default: return code(for: style)
        }
    }

    private func attributes(_ style: Canvas.Style) -> [String] {
        switch style {
        case .normal: []
        case .bright: ["1"]
        case .focused: ["1", "7"]
        }
    }
}
