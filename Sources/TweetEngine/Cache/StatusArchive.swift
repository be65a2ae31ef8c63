import FoundationEssentials
import LoowiSupport

/// Statuses written to disk in the API's own JSON shape and read back through the same fast
/// decoder the timeline uses, so a cached timeline is read in a few milliseconds at start-up.
public enum StatusArchive {
    public static func encode(_ statuses: [Status]) throws -> Data {
        try JSONEncoder().encode(statuses)
    }

    public static func decode(_ data: Data) throws -> [Status] {
        do {
            return try FastJSON.decode(LenientList<Status>.self, from: data).elements
        } catch {
            throw EngineError.decoding(detail: Sanitizer.clean(String(describing: error).prefix(300).description, for: .line))
        }
    }
}
