import Testing
@testable import TweetEngine

@Suite struct CurlLinkTests {
    @Test func libcurlIsLinked() {
        #expect(CurlVersion.text.hasPrefix("libcurl/"))
    }
}
