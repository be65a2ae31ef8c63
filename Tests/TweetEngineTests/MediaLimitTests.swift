import Foundation
import Testing
@testable import TweetEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 35, item 10: a file is checked against the server's limits before any upload, the
/// limit is said in plain words, and the upload is read from disk as it goes.
@Suite(.timeLimit(.minutes(5))) struct MediaLimitTests {
    /// A JPEG of `bytes` bytes that takes no room on disk (a sparse file: its magic, then a hole).
    static func sparseJPEG(bytes: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-big-\(UUID().uuidString).jpg").path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        #expect(fd >= 0)
        defer { close(fd) }
        _ = [UInt8]([0xFF, 0xD8, 0xFF, 0xE0]).withUnsafeBytes { write(fd, $0.baseAddress, 4) }
        #expect(ftruncate(fd, off_t(bytes)) == 0)
        return path
    }

    static let instance = #"{"domain":"mastodon.example","configuration":{"media_attachments":{"image_size_limit":10485760,"video_size_limit":41943040}}}"#

    @Test func aPhotoOverTheServersLimitIsRefusedBeforeAnyUpload() async throws {
        let transport = StubTransport { request in
            if request.url.path == "/api/v2/instance" { return .json(Self.instance, url: request.url) }
            return .json(#"{"id":"m1","type":"image","url":"https://x/m1.jpg"}"#, url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let path = try Self.sparseJPEG(bytes: 60 * 1024 * 1024)
        defer { unlink(path) }
        let file = try MediaFile.read(path)
        #expect(file.size == 60 * 1024 * 1024 && file.kind == .image)
        await #expect(throws: EngineError.mediaTooLarge(kind: .image, bytes: 60 * 1024 * 1024, limit: 10_485_760)) {
            _ = try await engine.upload(file, description: "A big loaf")
        }
        #expect(!transport.requests.contains { $0.url.path == "/api/v2/media" })
    }

    @Test func theLimitIsSaidInEnglishSpanishAndCatalan() {
        let error = EngineError.mediaTooLarge(kind: .image, bytes: 60 * 1024 * 1024, limit: 10_485_760)
        #expect(error.spoken(in: .english).text == "The photo is 60 MB; this server takes up to 10 MB. Attach a smaller file; nothing was sent.")
        #expect(error.spoken(in: .spanish).text == "La foto ocupa 60 MB; este servidor admite hasta 10 MB. Adjunta un archivo más pequeño; no se ha enviado nada.")
        #expect(error.spoken(in: .catalan).description == "La foto ocupa 60 MB; aquest servidor admet fins a 10 MB.")
        // Just over the limit never sounds equal to it: the file rounds up, the limit down.
        let justOver = EngineError.mediaTooLarge(kind: .video, bytes: 41_943_041, limit: 41_943_040)
        #expect(justOver.spoken(in: .english).description == "The video is 40.1 MB; this server takes up to 40 MB.")
        #expect(justOver.spoken(in: .spanish).description == "El vídeo ocupa 40,1 MB; este servidor admite hasta 40 MB.")
    }

    @Test func hostileLimitsAreClampedAndZeroMeansUnknown() throws {
        let hostile = #"{"domain":"x","configuration":{"media_attachments":{"image_size_limit":900000000000000000,"video_size_limit":-5}}}"#
        let info = try JSONDecoder().decode(InstanceInfo.self, from: Data(hostile.utf8))
        #expect(info.limits.mediaBytes(for: .image) == ServerNumber.mediaBytes.upperBound)
        #expect(info.limits.mediaBytes(for: .video) == nil)
        let absurd = #"{"domain":"x","configuration":{"media_attachments":{"image_size_limit":1e300}}}"#
        #expect(try JSONDecoder().decode(InstanceInfo.self, from: Data(absurd.utf8)).limits.mediaBytes(for: .image) == nil)
        // The cached snapshot keeps the limits.
        let mastodon = try JSONDecoder().decode(InstanceInfo.self, from: Data(Self.instance.utf8))
        let again = try JSONDecoder().decode(InstanceLimits.self, from: JSONEncoder().encode(mastodon.limits))
        #expect(again.mediaBytes(for: .image) == 10_485_760 && again.mediaBytes(for: .audio) == 41_943_040)
    }
}

/// The upload over real HTTP: libcurl reads the body from the file as it sends it.
@Suite("A file body over real HTTP", .serialized, .timeLimit(.minutes(5)))
struct FileBodyTransportTests {
    struct Echo: Decodable {
        let body: String
        let headers: [[String]]
    }

    @Test func theFileIsSentBetweenItsHeadAndTail() async throws {
        let transport = CurlTransport(
            configuration: .init(userAgent: "loowi/9.9.9", totalTimeout: .seconds(20), maximumResponseBytes: 1024 * 1024))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-body-\(UUID().uuidString).txt").path
        defer { unlink(path) }
        // Several of libcurl's read buffers (64 KiB each), so the callback is called many times.
        let text = String((0..<200_000).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try await withServer(LocalServer.startProbe) { server in
            var request = HTTPRequest(method: .post, url: server.baseURL.appendingPathComponent("echo"))
            request.fileBody = FileBody(head: Data("HEAD[".utf8), path: path, fileSize: 200_000, tail: Data("]TAIL".utf8))
            let response = try await transport.send(request)
            let echo = try JSONDecoder().decode(Echo.self, from: response.body)
            #expect(echo.body == "HEAD[" + text + "]TAIL")
            #expect(echo.headers.first { $0[0].lowercased() == "content-length" }?[1] == "200010")
        }
    }
}
