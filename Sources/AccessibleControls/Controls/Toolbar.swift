/// What slots 3 and 4 of a toolbar may hold (LVToolBar's configurable controls).
@MainActor
public enum ToolbarItem {
    case button(Button)
    case label(Label)
    case segmented(SegmentedControl)
    case timedSelector(TimedSelector)
    case wheel(Wheel)

    public var control: any Control {
        switch self {
        case .button(let c): c
        case .label(let c): c
        case .segmented(let c): c
        case .timedSelector(let c): c
        case .wheel(let c): c
        }
    }
}

/// The ids of the toolbar's own controls, for matching their events with
/// `ControlEvent.control(as:)` like a screen's own ids.
public enum ToolbarControl: String, Sendable, CaseIterable {
    case back = "toolbar.back"
    case info = "toolbar.info"
}

/// The same four slots on every screen, so the user learns one layout: Back, Info, and two
/// that each screen chooses. An empty slot is skipped by focus but keeps its place on screen.
@MainActor
public struct Toolbar {
    public static let backID = ToolbarControl.back.rawValue
    public static let infoID = ToolbarControl.info.rawValue

    public let back: Button
    /// Opens the help list, as F1 does.
    public let info: Button
    public let third: ToolbarItem?
    public let fourth: ToolbarItem?

    public init(language: Language = .english, third: ToolbarItem? = nil, fourth: ToolbarItem? = nil, backLabel: String? = nil) {
        let strings = Strings(language)
        back = Button(id: Self.backID, label: backLabel ?? strings(.toolbarBack))
        info = Button(id: Self.infoID, label: strings(.toolbarInfo), hint: strings(.toolbarInfoHint))
        self.third = third
        self.fourth = fourth
    }

    /// The focusable controls, left to right.
    public var controls: [any Control] {
        [back, info] + [third, fourth].compactMap { $0?.control }
    }

    /// The four slots for drawing, nil where a slot is empty.
    public var slots: [(any Control)?] {
        [back, info, third?.control, fourth?.control]
    }
}
