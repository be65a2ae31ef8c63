import Foundation
import Synchronization
import Testing

@testable import TweetEngine

/// Attachments (issue 13, item 3): a file is recognised by its first bytes, not its name;
/// what is not media, missing or a folder is refused in plain words before anything is sent;
/// the upload is one multipart request with the description, and a file the server still
/// processes is asked for again until it is ready.
@Suite(.timeLimit(.minutes(5))) struct MediaFileTests {
    static func write(_ bytes: [UInt8], name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-media-\(UUID().uuidString)-\(name)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func filesAreRecognisedByTheirBytes() throws {
        let png = try MediaFile.read(try Self.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], name: "x.txt"))
        #expect(png.contentType == "image/png" && png.kind == .image)
        let ogg = try MediaFile.read(try Self.write(Array("OggS\0\0".utf8), name: "sound"))
        #expect(ogg.contentType == "audio/ogg" && ogg.kind == .audio)
        let mp4 = try MediaFile.read(try Self.write([0, 0, 0, 0x18] + Array("ftypmp42".utf8), name: "clip"))
        #expect(mp4.kind == .video)
    }

    @Test func whatCannotBeSentIsSaidPlainly() throws {
        let text = try Self.write(Array("hello".utf8), name: "notes.txt")
        #expect(throws: MediaFileError.notMedia(text)) { try MediaFile.read(text) }
        #expect(throws: MediaFileError.missing("/nowhere/at/all.png")) { try MediaFile.read("/nowhere/at/all.png") }
        #expect(throws: MediaFileError.notMedia("/tmp")) { try MediaFile.read("/tmp") }
        #expect(MediaFileError.notMedia("notes.txt").message == "notes.txt is not an image, a video or a sound file, so it cannot be attached.")
    }

    @Test func aFileStillProcessingIsAskedForAgain() async throws {
        let calls = Mutex(0)
        let transport = StubTransport { request in
            if request.url.path == "/api/v2/instance" { return .json(#"{"domain":"mastodon.example"}"#, url: request.url) }
            if request.url.path == "/api/v2/media" {
                return .json(#"{"id":"m1","type":"image","url":null,"description":"A loaf"}"#, status: 202, url: request.url)
            }
            let n = calls.withLock { count -> Int in
                count += 1
                return count
            }
            let ready = n >= 2
            return .json(#"{"id":"m1","type":"image","url":\#(ready ? "\"https://x/m1.png\"" : "null"),"description":"A loaf"}"#, status: ready ? 200 : 206, url: request.url)
        }
        let engine = StubServer.engine(transport: transport)
        let file = try MediaFile.read(try Self.write([0xFF, 0xD8, 0xFF, 0xE0], name: "loaf.jpg"))
        let waited = Mutex<[Int]>([])
        let attachment = try await engine.upload(file, description: "A loaf") { seconds in waited.withLock { $0.append(seconds) } }
        #expect(attachment.url == "https://x/m1.png")
        #expect(transport.requests.map(\.url.path) == ["/api/v2/instance", "/api/v2/media", "/api/v1/media/m1", "/api/v1/media/m1"])
        #expect(waited.withLock { $0 } == [1, 2])
        let upload = try #require(transport.requests.first { $0.url.path == "/api/v2/media" })
        let body = String(decoding: try Self.bytes(of: #require(upload.fileBody)), as: UTF8.self)
        #expect(body.contains("name=\"description\"\r\n\r\nA loaf\r\n"))
        #expect(body.contains("loaf.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"))
        let boundary: String = upload.header("Content-Type")?.components(separatedBy: "boundary=").last ?? "?"
        #expect(body.hasSuffix("\r\n--\(boundary)--\r\n"))
        #expect(upload.header("Content-Type")?.hasPrefix("multipart/form-data; boundary=loowi-") == true)
    }

    /// What a file body sends, read whole (for small test files only).
    static func bytes(of body: FileBody) throws -> Data {
        let file = try Data(contentsOf: URL(fileURLWithPath: body.path)).prefix(body.fileSize)
        return body.head + file + body.tail
    }
}
