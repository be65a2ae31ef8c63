import AccessibleControls
import TweetEngine

/// `s`: one field for people, hashtags, posts or an address (found on other servers too,
/// `resolve`); Enter searches and the results open as a buffer after the seven.
@MainActor
final class SearchScreen: AppScreen {
    enum ControlID: String {
        case query
    }

    let screen: ControlScreen
    unowned let app: AppCore

    init(app: AppCore) {
        self.app = app
        let s = app.strings
        let field = TextField(id: ControlID.query.rawValue, label: s(.searchField), hint: s(.searchHint))
        screen = ControlScreen(title: s(.searchTitle), controls: [field], settings: app.settings, keymap: app.keymap)
        screen.onEvent = { [weak self] event, _ in
            guard let self, case .submitted(let text) = event.kind else { return .none }
            return self.search(String(text.trimmingWhitespace))
        }
    }

    private func search(_ query: String) -> ScreenOutcome {
        let s = app.strings
        guard !query.isEmpty else { return ScreenOutcome([.earcon(.softError), .say(s(.nothingToSearch))]) }
        let key = OpenedBuffer.Key.search(query.lowercased())
        let me = app.me?.id
        if let open = app.goToOpened(key) { return open }
        return ScreenOutcome(
            app.perform(
                s(.searching, query),
                { engine in
                    let results = try await engine.search(query, limit: 20, resolve: true)
                    // How you stand with every person found, in one request. Without it the
                    // results are still worth reading: the people are said without it.
                    let others = results.accounts.map(\.id).filter { $0 != me }
                    let relationships = others.isEmpty ? [] : (try? await engine.relationships(with: others)) ?? []
                    return (results, relationships)
                },
                then: { [weak self] (found: (SearchResults, [Relationship])) in
                    guard let app = self?.app else { return .none }
                    let buffer = SearchResultsScreen(app: app, query: query, results: found.0, relationships: found.1)
                    return app.arrive(at: buffer, opened: key, named: s(.searchResultsTitle, query))
                }))
    }
}
