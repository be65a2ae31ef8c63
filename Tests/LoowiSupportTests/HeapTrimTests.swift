import LoowiSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(.timeLimit(.minutes(5))) struct HeapTrimTests {
    /// Blocks freed between blocks still in use (a heap after a burst of work) stay resident,
    /// since glibc gives back only an arena's free top, until the trim releases their pages.
    @Test func freedPagesInsideTheHeapGoBackToTheSystem() throws {
        let blocks = (0..<4096).map { _ -> UnsafeMutableRawPointer in
            let block = malloc(8192)!
            memset(block, 1, 8192)
            return block
        }
        // Every 64th block stays: 31.5 MiB freed in holes of 504 KiB.
        let kept = blocks.enumerated().filter { $0.offset % 64 == 63 }.map(\.element)
        defer { kept.forEach { free($0) } }
        for (index, block) in blocks.enumerated() where index % 64 != 63 { free(block) }
        let before = try #require(ResidentMemory.kibibytes())
        #expect(HeapTrim.releaseFreePages())
        let after = try #require(ResidentMemory.kibibytes())
        #expect(before - after >= 16 * 1024, "resident \(before) KiB before the trim, \(after) KiB after")
    }
}
