import AccessibleControls
import Testing
import TweetEngine

@testable import LoowiApp

/// Server-side filters (issue 13, item 11) and quote posts (item 12): a post matching a
/// "warn" filter is read like a content warning and opened with E; one matching a "hide"
/// filter is not shown in any buffer, nor announced; a quote post reads the quoted one after it.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FiltersAndQuotesTests {
    typealias Post = FakeMastodon.Post

    static func withFiltersAndAQuote(_ app: AppHarness) -> AppHarness {
        app.server.state.withLock {
            $0.newPosts = [
                Post(id: "142", author: "3", html: "<p>The vote is tomorrow.</p>", minutesAgo: 1, filter: ("politics", "warn")),
                Post(id: "141", author: "4", html: "<p>Buy now!</p>", minutesAgo: 2, filter: ("adverts", "hide")),
                Post(id: "140", author: "3", html: "<p>So true.</p>", minutesAgo: 3, quotes: "105"),
            ]
        }
        return app
    }

    @Test func aWarnFilterIsReadLikeAWarningAndAHideFilterIsNotShownInEnglish() async {
        let app = Self.withFiltersAndAQuote(AppHarness())
        await app.open()
        #expect(app.said().last?.hasPrefix("say: Home timeline. Posts, list, Linus. Filtered: politics. Press E to read it. 1 minute ago, 1 of 6.") == true)
        await app.press("e")
        #expect(app.said() == ["say: Linus. Filtered: politics. The vote is tomorrow. 1 minute ago"])
        // The advert is not there: the next post is the quote.
        await app.press("Down")
        #expect(app.said() == ["say: Linus. So true. Quoting Grace Hopper: Compilers are fun. 3 minutes ago, 2 of 6"])
        let home = app.core.appScreen(at: 0) as? TimelineScreen
        #expect(home?.posts.contains { $0.id == "141" } == false)
    }

    @Test func aWarnFilterAndAQuoteInSpanish() async {
        let app = Self.withFiltersAndAQuote(AppHarness(language: .spanish))
        await app.open()
        #expect(app.said().last?.contains("Linus. Filtrada: politics. Pulsa E para leerla. hace 1 minuto, 1 de 6.") == true)
        await app.press("Down")
        #expect(app.said() == ["say: Linus. So true. Cita a Grace Hopper: Compilers are fun. hace 3 minutos, 2 de 6"])
    }

    /// The post view reads it whole: the filter's name, then the text.
    @Test func thePostViewReadsAFilteredPostWhole() async {
        let app = Self.withFiltersAndAQuote(AppHarness())
        await app.open()
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().first?.contains("Linus. Filtered: politics. The vote is tomorrow. 1 minute ago.") == true)
    }
}
