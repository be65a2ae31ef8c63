import FoundationEssentials

/// This process's resident memory as the kernel counts it (VmRSS in /proc/self/status): what
/// the memory benchmark reports and what the heap trim's test watches fall.
public enum ResidentMemory {
    /// Kibibytes resident; nil where /proc cannot be read.
    public static func kibibytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
