import FoundationEssentials

/// The repository's checkout, found from this file (Tests/LoowiAppTests/Support/Checkout.swift):
/// the suites that read its demo files and scripts share it, TSan's build included.
enum Checkout {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
