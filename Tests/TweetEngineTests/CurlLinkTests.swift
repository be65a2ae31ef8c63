import Testing
@testable import TweetEngine

@Suite(.timeLimit(.minutes(5))) struct CurlLinkTests {
    @Test func libcurlIsLinked() {
        #expect(CurlGlobal.versionText.hasPrefix("libcurl/"))
    }
}
