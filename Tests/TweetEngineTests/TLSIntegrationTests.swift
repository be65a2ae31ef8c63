import Foundation
import Testing
@testable import TweetEngine

/// HTTPS through libcurl with verification always on: an untrusted certificate fails, the
/// configured certificate authority makes it work, and a name mismatch fails.
@Suite("HTTPS against mastodon-mock", .enabled(if: TestCertificates.available, "needs /usr/bin/openssl to make a test CA"), .timeLimit(.minutes(5)))
struct TLSIntegrationTests {
    @Test func certificateVerificationIsAlwaysOn() async throws {
        let certificates = try TestCertificates.make()
        defer { try? FileManager.default.removeItem(atPath: certificates.directory) }
        try await withServer({ try await LocalServer.startMock(tls: certificates) }) { mock in
            #expect(mock.baseURL.scheme == "https")
            let untrusted = CurlTransport(configuration: .init(totalTimeout: .seconds(20)))
            await #expect(throws: TransportError.certificateNotTrusted) {
                _ = try await untrusted.send(HTTPRequest(url: mock.baseURL.appendingPathComponent("health")))
            }

            let trusted = CurlTransport(configuration: .init(
                certificateAuthorityFile: certificates.authority, totalTimeout: .seconds(20)))
            let engine = mock.engine(token: "ada_token", transport: trusted)
            let me = try await engine.verifyCredentials()
            #expect(me.username == "ada")

            // The certificate is for 127.0.0.1, not for "localhost": refused even with the CA.
            let byName = URL(string: "https://localhost:\(mock.port)/health")!
            await #expect(throws: TransportError.certificateNotTrusted) {
                _ = try await trusted.send(HTTPRequest(url: byName))
            }
        }
    }

    @Test func plainHTTPToATLSServerSaysItSpeaksHTTPS() async throws {
        let certificates = try TestCertificates.make()
        defer { try? FileManager.default.removeItem(atPath: certificates.directory) }
        try await withServer({ try await LocalServer.startMock(tls: certificates) }) { mock in
            let plain = URL(string: "http://127.0.0.1:\(mock.port)/health")!
            let transport = CurlTransport(configuration: .init(totalTimeout: .seconds(20)))
            await #expect(throws: TransportError.serverSpeaksHTTPS) {
                _ = try await transport.send(HTTPRequest(url: plain))
            }
        }
    }
}
