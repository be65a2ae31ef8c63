import LoowiSupport

/// A size in megabytes as said aloud: "60 MB", "10.5 MB" ("10,5 MB" in Spanish and
/// Catalan). Counted in MiB, as servers state their limits (Mastodon's 10485760 is "10 MB").
enum ByteSize {
    static func megabytes(_ bytes: Int, roundingUp: Bool, language: Language) -> String {
        // Tenths of a MiB; clamped to 2^50 bytes first so that ×10 cannot overflow.
        let scaled = min(max(0, bytes), 1 << 50) * 10
        let mebibyte = 1 << 20
        let tenths = roundingUp ? (scaled + mebibyte - 1) / mebibyte : scaled / mebibyte
        let whole = tenths / 10, fraction = tenths % 10
        let separator = language == .spanish || language == .catalan ? "," : "."
        let number = fraction == 0 ? String(whole) : "\(whole)\(separator)\(fraction)"
        return Catalogue<EngineText>(language).text(.megabytes, [number])
    }
}
