import Foundation

/// Plain messages for people at a shell.
enum Console {
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("loowi: \(message)\n".utf8))
    }
}
