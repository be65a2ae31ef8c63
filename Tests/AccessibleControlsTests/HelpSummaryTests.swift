import Testing

@testable import AccessibleControls

/// Issue 39, item 6: F1's first line names the screen and the number of lines, at most 200
/// characters, in the user's language.
@Suite(.timeLimit(.minutes(5))) struct HelpSummaryTests {
    @Test func namesTheScreenAndTheLinesInEachLanguage() {
        #expect(HelpSummary.line(screen: "Home", lines: 62, strings: Strings(.english)) == "Help for Home: 62 lines; Down reads them")
        #expect(HelpSummary.line(screen: "Inicio", lines: 62, strings: Strings(.spanish)) == "Ayuda de Inicio: 62 líneas; Abajo las lee")
        #expect(HelpSummary.line(screen: "Inici", lines: 62, strings: Strings(.catalan)) == "Ajuda de Inici: 62 línies; Avall les llegeix")
    }

    @Test func aLongTitleIsCutAtAWordAndTheCountKept() {
        let title = "Thread of Grace Okafor: " + String(repeating: "the compilers were slow again today ", count: 10)
        let line = HelpSummary.line(screen: title, lines: 71, strings: Strings(.english))
        #expect(line.count <= 200)
        #expect(line.hasPrefix("Help for Thread of Grace Okafor: the compilers"))
        #expect(line.hasSuffix("…: 71 lines; Down reads them"))
        // Cut after a whole word: no word is left in pieces before the ellipsis.
        let cutWord = line.components(separatedBy: "…").first?.split(separator: " ").last
        #expect(["the", "compilers", "were", "slow", "again", "today"].contains(cutWord.map(String.init) ?? ""))
    }
}
