import FoundationEssentials
import LoowiSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file to attach, recognised by its first bytes (not its name): only images, video and
/// sound go to the server. Only those bytes and the size are read here; the upload reads
/// the file from disk as it sends it (`FileBody`).
public struct MediaFile: Sendable, Equatable {
    public enum Kind: String, Sendable { case image, video, audio }

    public let name: String
    public let path: String
    /// In bytes, when the file was checked.
    public let size: Int
    public let contentType: String
    public let kind: Kind

    /// Mastodon's own limits are 16 MB for images and 99 MB for video; beyond this, no server takes it.
    public static let maxBytes = 100 * 1024 * 1024

    /// The file at `path`, or why it cannot be sent (nothing is sent then).
    public static func read(_ path: String) throws(MediaFileError) -> MediaFile {
        let shown = Sanitizer.clean(path, for: .line)
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(shown) }
        guard !isFolder(atPath: path) else { throw .notMedia(shown) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is then refused as not media.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(shown) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(shown) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notMedia(shown) }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw .tooLarge(shown) }
        var first = [UInt8](repeating: 0, count: 16)
        let got = first.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard got >= 0 else { throw .unreadable(shown) }
        guard let (type, kind) = recognise(Data(first.prefix(got))) else { throw .notMedia(shown) }
        let name = path.lastPathComponent
        return MediaFile(name: name.isEmpty ? "file" : name, path: path, size: size, contentType: type, kind: kind)
    }

    /// The content type by magic bytes.
    static func recognise(_ data: Data) -> (String, Kind)? {
        let b = [UInt8](data.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return ("image/jpeg", .image) }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return ("image/png", .image) }
        if starts(Array("GIF8".utf8)) { return ("image/gif", .image) }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return ("image/webp", .image) }
        if starts(Array("RIFF".utf8)), starts(Array("WAVE".utf8), at: 8) { return ("audio/wav", .audio) }
        if starts(Array("ftyp".utf8), at: 4) { return ("video/mp4", .video) }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return ("video/webm", .video) }
        if starts(Array("OggS".utf8)) { return ("audio/ogg", .audio) }
        if starts(Array("fLaC".utf8)) { return ("audio/flac", .audio) }
        if starts(Array("ID3".utf8)) || (b.count > 1 && b[0] == 0xFF && b[1] & 0xE0 == 0xE0) { return ("audio/mpeg", .audio) }
        return nil
    }
}

/// Why a file cannot be attached, said in plain words; nothing is sent.
public enum MediaFileError: Error, Sendable, Equatable {
    case missing(String)
    case unreadable(String)
    case notMedia(String)
    case tooLarge(String)
    /// The server kept processing it for too long.
    case notReady(String)

    public var message: String {
        switch self {
        case .missing(let path): "There is no file \(path)."
        case .unreadable(let path): "loowi cannot read \(path); check that it is yours to read."
        case .notMedia(let path): "\(path) is not an image, a video or a sound file, so it cannot be attached."
        case .tooLarge(let path): "\(path) is larger than 100 MB; no server takes a file that large."
        case .notReady(let path): "The server is still processing \(path); try the post again in a minute."
        }
    }
}

extension TweetEngine {
    /// The server's size limit for this file, checked before anything is uploaded:
    /// `mediaTooLarge` says both sizes. A server that does not say its limits (or cannot be
    /// asked now) is left to judge the file itself.
    public func checkSize(of file: MediaFile) async throws {
        guard let limits = try? await instanceLimits(), let limit = limits.mediaBytes(for: file.kind) else { return }
        guard file.size <= limit else { throw EngineError.mediaTooLarge(kind: file.kind, bytes: file.size, limit: limit) }
    }

    /// Uploads a file with its description (`/api/v2/media`), after `checkSize`; the file is
    /// read from disk as it is sent. A file the server still processes (202) is asked for
    /// again every second, telling `waiting` each time, until it is ready (at most a minute).
    public func upload(
        _ file: MediaFile, description: String?, waiting: @Sendable (Int) -> Void = { _ in }
    ) async throws -> MediaAttachment {
        try await checkSize(of: file)
        let boundary = "loowi-" + UUID().uuidString
        func part(_ headers: String) -> Data { Data("--\(boundary)\r\n\(headers)\r\n\r\n".utf8) }
        var head = Data()
        if let description, !description.isEmpty {
            head.append(part("Content-Disposition: form-data; name=\"description\""))
            head.append(Data(description.utf8))
            head.append(Data("\r\n".utf8))
        }
        let safeName = file.name.filter { $0 != "\"" && $0 != "\r" && $0 != "\n" }
        head.append(part("Content-Disposition: form-data; name=\"file\"; filename=\"\(safeName)\"\r\nContent-Type: \(file.contentType)"))
        let tail = Data("\r\n--\(boundary)--\r\n".utf8)
        var endpoint = Endpoint(.post, "/api/v2/media")
        endpoint.fileBody = FileBody(head: head, path: file.path, fileSize: file.size, tail: tail)
        endpoint.rawContentType = "multipart/form-data; boundary=\(boundary)"
        let response = try await perform(endpoint)
        var attachment = try decode(MediaAttachment.self, from: response)
        var seconds = 0
        while response.status == 202 || attachment.url == nil {
            guard seconds < 60 else { throw MediaFileError.notReady(Sanitizer.clean(file.name, for: .line)) }
            seconds += 1
            if seconds == 1 { report(.processingMedia(name: file.name)) }
            waiting(seconds)
            try await clock.sleep(for: .seconds(1))
            let again = try await perform(Endpoint(.get, "/api/v1/media/\(PathSegment.escape(attachment.id))"))
            attachment = try decode(MediaAttachment.self, from: again)
            if again.status == 200, attachment.url != nil { break }
        }
        return attachment
    }
}
