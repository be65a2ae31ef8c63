import Foundation
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.timeLimit(.minutes(5))) struct CryptoTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha256StandardVectors() {
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000))) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test func pkceMatchesRFC7636Example() {
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let fresh = PKCE.generate()
        #expect(fresh.verifier.count == 43)
        #expect(fresh.verifier != PKCE.generate().verifier)
        #expect(!fresh.verifier.contains("+") && !fresh.verifier.contains("/") && !fresh.verifier.contains("="))
    }

    @Test func serverAddresses() throws {
        #expect(try TweetEngine.serverURL(from: "mastodon.social").absoluteString == "https://mastodon.social")
        #expect(try TweetEngine.serverURL(from: " https://mastodon.social/ ").absoluteString == "https://mastodon.social")
        #expect(try TweetEngine.serverURL(from: "@ada@mastodon.social").absoluteString == "https://mastodon.social")
        #expect(try TweetEngine.serverURL(from: "http://127.0.0.1:3000").absoluteString == "http://127.0.0.1:3000")
        #expect(throws: EngineError.transport(.insecureURL("http://mastodon.social"))) {
            try TweetEngine.serverURL(from: "http://mastodon.social")
        }
    }
}
