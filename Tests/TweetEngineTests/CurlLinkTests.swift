import Testing
@testable import TweetEngine

@Suite struct CurlLinkTests {
    @Test func libcurlIsLinked() {
        #expect(CurlGlobal.versionText.hasPrefix("libcurl/"))
    }
}
