import Foundation
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// What the user hears when the server is not what the address says (plain HTTP at an
/// https:// address), when an answer is cut off, and when libcurl refuses a safety option
/// (then nothing is sent).
@Suite("Transport failures say what happened", .serialized, .timeLimit(.minutes(5)))
struct TransportWordingTests {
    let transport = CurlTransport(configuration: .init(totalTimeout: .seconds(20)))

    @Test func httpsToAPlainHTTPServerSaysItDidNotSpeakHTTPS() async throws {
        try await withServer(LocalServer.startProbe) { server in
            let address = URL(string: "https://127.0.0.1:\(server.port)/health")!
            await #expect(throws: TransportError.serverDidNotSpeakHTTPS) {
                _ = try await transport.send(HTTPRequest(url: address))
            }
        }
    }

    @Test func aTruncatedBodySaysTheAnswerWasCutOff() async throws {
        _ = try await withServer(LocalServer.startProbe) { server in
            await #expect(throws: TransportError.answerCutOff) {
                _ = try await transport.send(HTTPRequest(url: server.baseURL.appendingPathComponent("truncated")))
            }
        }
    }

    @Test(arguments: ["CURLOPT_PROTOCOLS_STR", "CURLOPT_REDIR_PROTOCOLS_STR", "CURLOPT_SSL_VERIFYPEER", "CURLOPT_SSL_VERIFYHOST", "CURLOPT_NOPROXY"])
    func aRefusedSafetyOptionSendsNothing(option: String) async throws {
        let listener = try Listener()
        var configuration = CurlTransport.Configuration(totalTimeout: .seconds(5))
        configuration.refusedOptionForTesting = option
        let refusing = CurlTransport(configuration: configuration)
        var request = HTTPRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/api/v1/statuses")!)
        request.setHeader("Authorization", "Bearer secret-token")
        await #expect(throws: TransportError.securitySetupFailed(option)) {
            _ = try await refusing.send(request)
        }
        #expect(!listener.hadConnection, "a connection was made although \(option) was refused")
    }

    @Test func theCAFileOptionIsCheckedToo() async throws {
        let listener = try Listener()
        var configuration = CurlTransport.Configuration(certificateAuthorityFile: "/etc/ssl/certs/ca-certificates.crt", totalTimeout: .seconds(5))
        configuration.refusedOptionForTesting = "CURLOPT_CAINFO"
        await #expect(throws: TransportError.securitySetupFailed("CURLOPT_CAINFO")) {
            _ = try await CurlTransport(configuration: configuration).send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(listener.port)/")!))
        }
        #expect(!listener.hadConnection)
    }

    @Test func theListenerSeesAConnection() throws {
        // The control for the two tests above: a real connection is noticed.
        let listener = try Listener()
        #expect(!listener.hadConnection)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(listener.port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        #expect(listener.hadConnection)
    }

    @Test func theWordsInEnglishAndSpanish() {
        let notHTTPS = EngineError.transport(.serverDidNotSpeakHTTPS)
        #expect(notHTTPS.spoken(in: .english).text.hasPrefix("The server did not answer in HTTPS, the secure protocol loowi uses."))
        #expect(notHTTPS.spoken(in: .spanish).text.hasPrefix("El servidor no ha respondido en HTTPS"))
        #expect(!notHTTPS.spoken(in: .english).text.contains("certificate"))
        let speaks = EngineError.transport(.serverSpeaksHTTPS)
        #expect(speaks.spoken(in: .english).text == "The server speaks HTTPS, but the address starts with http://. Write https:// instead.")
        #expect(speaks.spoken(in: .spanish).text == "El servidor habla HTTPS, pero la dirección empieza por http://. Escribe https:// en su lugar.")
        let cut = EngineError.transport(.answerCutOff)
        #expect(cut.spoken(in: .english).text.hasPrefix("The server's answer was cut off before its end."))
        #expect(cut.spoken(in: .spanish).text.hasPrefix("La respuesta del servidor se ha cortado antes del final."))
        #expect(cut.isTemporary)
        let setup = EngineError.transport(.securitySetupFailed("CURLOPT_SSL_VERIFYPEER"))
        #expect(setup.spoken(in: .english).text.hasPrefix("loowi could not turn on its connection safety checks, so it sent nothing."))
        #expect(setup.spoken(in: .spanish).text.hasPrefix("loowi no ha podido activar sus comprobaciones de seguridad"))
    }
}

/// A loopback TCP socket that listens and never accepts: `hadConnection` tells whether
/// anyone connected (a pending connection waits in the backlog).
///
/// Its port is below the kernel's ephemeral range (32768 and up on Linux): a port the kernel
/// hands out could be the one another test just took from `freeLoopbackPort` for its server,
/// and that test's readiness probe would then connect here.
final class Listener {
    let fd: Int32
    let port: Int

    init() throws {
        for _ in 0..<50 {
            let port = Int.random(in: 20000..<32000)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            if bound == 0, listen(fd, 8) == 0 {
                self.fd = fd
                self.port = port
                return
            }
            close(fd)
        }
        throw TransportError.couldNotConnect
    }

    var hadConnection: Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 200) > 0
    }

    deinit { close(fd) }
}
