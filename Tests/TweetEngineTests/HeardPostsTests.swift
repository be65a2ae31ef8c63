import Testing
import TweetEngine

/// `HeardPosts` (issue 35, item 12): the mark moves only over a run of heard posts from the old
/// mark; nothing here sleeps or needs a thread.
@Suite(.timeLimit(.minutes(5))) struct HeardPostsTests {
    /// Home, newest first: 20 above the marked 10.
    let order = (10...20).reversed().map(String.init)

    @Test func readingTopDownFromTheNewestLeavesTheMarkWhereItWas() {
        var heard = HeardPosts()
        heard.start(at: "10", in: order)
        // The newest seven heard (20 down to 14): 13, 12 and 11 were not.
        for id in ["20", "19", "18", "17", "16", "15", "14"] { #expect(heard.hear([id], in: order) == nil) }
        #expect(heard.mark == "10")
        #expect(heard.unheard(order) == ["13", "12", "11"])
    }

    @Test func theRunFromTheMarkMovesItAndJoinsWhatWasHeardAbove() {
        var heard = HeardPosts()
        heard.start(at: "10", in: order)
        heard.hear(["15", "14"], in: order)
        #expect(heard.hear(["11"], in: order) == "11")
        #expect(heard.hear(["13"], in: order) == nil)
        // 12 closes the gap: the mark goes to 15, over 13 and 14 heard before.
        #expect(heard.hear(["12"], in: order) == "15")
        #expect(heard.unheard(order) == ["20", "19", "18", "17", "16"])
        // What the mark covers is forgotten: only posts above it are kept.
        #expect(heard.heard.isEmpty)
        heard.hear(["18"], in: order)
        #expect(heard.heardAbove(in: order) == ["18"])
    }

    @Test func hearingBelowTheMarkNeverMovesItBack() {
        var heard = HeardPosts()
        heard.start(at: "15", in: order)
        #expect(heard.hear(["12", "11"], in: order) == nil)
        #expect(heard.mark == "15")
        #expect(heard.heard.isEmpty)
        // An older marker from elsewhere is not taken either; a newer one is.
        #expect(heard.start(at: "12", in: order) == nil)
        #expect(heard.start(at: "17", in: order) == "17")
    }

    @Test func aNewerMarkFromElsewhereTakesThePostsHeardAboveIt() {
        var heard = HeardPosts()
        heard.start(at: "10", in: order)
        heard.hear(["14", "13"], in: order)
        #expect(heard.start(at: "12", in: order) == "14")
    }

    @Test func aMarkedPostNoLongerLoadedStartsFromTheNewestOlderOne() {
        // 12 was deleted: the run starts above 11.
        let order = order.filter { $0 != "12" }
        var heard = HeardPosts(mark: "12")
        #expect(heard.hear(["13"], in: order) == "13")
    }

    @Test func aMarkBelowEverythingLoadedStaysForWhatIsBetweenWasNotHeard() {
        var heard = HeardPosts(mark: "5")
        #expect(heard.hear(order, in: order) == nil)
        #expect(heard.mark == "5")
        #expect(heard.unheard(order) == [])
        // What is kept across a restart is what the buffer holds above the mark.
        #expect(heard.heardAbove(in: ["20", "19"]) == ["20", "19"])
    }

    @Test func nothingIsCountedWhileTheMarkIsUnknown() {
        var heard = HeardPosts()
        #expect(heard.hear(["20"], in: order) == nil)
        #expect(heard.unheard(order) == nil)
        #expect(heard.start(at: "19", in: order) == "20")
    }

    @Test func idsAreOrderedAsTheBufferHoldsThem() {
        // A boost's entry id is newer than the post's; the buffer's own order decides.
        let order = ["30", "103b", "103", "29"]
        var heard = HeardPosts(mark: "29")
        #expect(heard.hear(["103"], in: order) == "103")
        #expect(heard.hear(["103b"], in: order) == "103b")
    }
}
