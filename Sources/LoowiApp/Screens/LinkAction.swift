import AccessibleControls

/// The keys of a post's list of links (`o`): Enter opens the link (the list's own select),
/// `c` copies its address, `a` says the address whole. Raw values are config.toml's names.
enum LinkAction: String, CaseIterable, Sendable {
    case copy, sayAddress

    static let keys = ScreenKeys(
        name: "links",
        spokenName: { AppStrings($0)(.linkKeys) },
        describe: { (action: LinkAction, language) in AppStrings(language)(action.spokenName) },
        defaults: [.app(.copy, .character("c")), .app(.sayAddress, .character("a"))])

    var spokenName: AppText {
        switch self {
        case .copy: .actionCopyLink
        case .sayAddress: .actionSayAddress
        }
    }
}
