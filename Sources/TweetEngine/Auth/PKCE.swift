import FoundationEssentials
import LoowiSupport

/// Proof Key for Code Exchange (RFC 7636), S256 method.
struct PKCE: Sendable {
    let verifier: String
    let challenge: String

    /// 32 random bytes from the system's CSPRNG, base64url: a 43-character verifier.
    static func generate() -> PKCE {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return PKCE(verifier: base64URL(bytes))
    }

    init(verifier: String) {
        self.verifier = verifier
        self.challenge = Self.base64URL(SHA256.hash(Array(verifier.utf8)))
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacing("+", with: "-")
            .replacing("/", with: "_")
            .replacing("=", with: "")
    }
}
