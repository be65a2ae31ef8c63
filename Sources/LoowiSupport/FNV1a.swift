/// FNV-1a, 64 bits: a cheap hash that is the same on every run and machine (Swift's own
/// `Hasher` is seeded per process), for a person's voice made from their handle and the word
/// lists' table.
public enum FNV1a {
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }
}
