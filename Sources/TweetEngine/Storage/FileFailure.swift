import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be written, read or moved aside, as facts: the system's error number
/// or what loowi found. Worded in the user's language where it is heard (`spoken(in:)`), in
/// English where it is printed for a log or a script (`description`), so no system English
/// is spoken inside a Spanish or Catalan sentence.
public enum FileFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// An `errno` from the system call that failed.
    case system(Int32)
    /// A file stands where a folder is needed.
    case fileInTheWay
    /// Not a regular file (a folder, a device) where one is needed.
    case notARegularFile
    case unreadable
    case cannotEncode
    /// Every name for a copy kept aside is taken.
    case tooManyCopies

    public var description: String {
        switch self {
        case .system(let code): String(cString: strerror(code))
        case .fileInTheWay: "it is a file, not a folder"
        case .notARegularFile: "not a regular file"
        case .unreadable: "cannot read"
        case .cannotEncode: "cannot encode"
        case .tooManyCopies: "too many kept copies"
        }
    }

    /// The reason in plain words: the common system errors by what they mean to a person
    /// (a full disk, no permission), the rest by their number.
    public func spoken(in language: Language) -> String {
        let say = Catalogue<EngineText>(language)
        switch self {
        case .system(let code):
            switch code {
            case ENOSPC, EDQUOT: return say(.fileDiskFull)
            case EACCES, EPERM: return say(.fileNoPermission)
            case EROFS: return say(.fileReadOnly)
            case ENOTDIR: return say(.fileInTheWay)
            case ENOENT: return say(.fileFolderMissing)
            case EIO: return say(.fileDiskError)
            default: return say(.fileSystemError, String(code))
            }
        case .fileInTheWay: return say(.fileInTheWay)
        case .notARegularFile: return say(.fileNotRegular)
        case .unreadable: return say(.fileUnreadable)
        case .cannotEncode: return say(.fileCannotEncode)
        case .tooManyCopies: return say(.fileTooManyCopies)
        }
    }
}
