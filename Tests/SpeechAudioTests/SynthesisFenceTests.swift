import CEspeak
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// eSpeak NG 1.51 walks up the stack past a clause until it meets a space byte (see
/// `CEspeak_synth_fenced` in CEspeak's shim.h); loowi calls it through a frame holding a run of
/// spaces, so the walk ends there at the latest instead of running off the thread's stack.
/// A stand-in for `espeak_Synth` looks up its own stack for that run, as the walk would.
@Suite("Synthesis fence", .timeLimit(.minutes(5)))
struct SynthesisFenceTests {
    @Test("espeak_Synth runs below a run of spaces that ends any walk up the stack")
    func fenceAboveSynthesis() {
        let table = Self.tableWithStandIn()
        defer { table.deallocate() }
        let text: [CChar] = Array("nuevas".utf8CString)

        // Called directly, the stand-in finds no such run above it: what it finds below is the
        // fence's doing. (First, so no fence has ever been written on this stack.)
        var direct = 0
        withUnsafeMutablePointer(to: &direct) { found in
            _ = table.pointee.espeak_Synth(text, text.count, 0, POS_CHARACTER, 0, 0, nil, found)
        }
        #expect(direct == Self.notFound, "a run of spaces was already on the stack, \(direct) bytes up")

        var fenced = 0
        withUnsafeMutablePointer(to: &fenced) { found in
            _ = CEspeak_synth_fenced(table, text, text.count, 0, found)
        }
        #expect(fenced != Self.notFound, "no fence above espeak_Synth: eSpeak NG's walk could run off the stack")
        #expect(fenced < 4096, "the fence is \(fenced) bytes up, not in the calling frame")
    }

    static let notFound = -1

    typealias StandIn = @convention(c) (
        UnsafeRawPointer?, Int, UInt32, espeak_POSITION_TYPE, UInt32, UInt32, UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?
    ) -> espeak_ERROR

    /// A function table whose only callable entry is the stand-in for espeak_Synth.
    static func tableWithStandIn() -> UnsafeMutablePointer<CEspeak_functions> {
        let size = MemoryLayout<CEspeak_functions>.size
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<CEspeak_functions>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let standIn: StandIn = standInSynth
        raw.storeBytes(of: standIn, toByteOffset: MemoryLayout<CEspeak_functions>.offset(of: \.espeak_Synth)!, as: type(of: standIn))
        return raw.bindMemory(to: CEspeak_functions.self, capacity: 1)
    }

    /// How many bytes above `start` a run of `length` spaces begins, looking no further than
    /// the top of this thread's stack; nil when there is none.
    static func spaceRun(above start: UnsafeRawPointer, length: Int) -> Int? {
        // glibc's pthread_getattr_np is behind _GNU_SOURCE, which the Glibc module does not set.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        var attributes = pthread_attr_t()
        guard unsafeBitCast(symbol, to: GetAttributes.self)(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return nil }
        let top = UnsafeRawPointer(base) + size
        var run = 0
        var cursor = start
        while cursor < top {
            run = cursor.load(as: UInt8.self) == 0x20 ? run + 1 : 0
            if run == length { return cursor - start - (length - 1) }
            cursor += 1
        }
        return nil
    }
}

/// Stands in for espeak_Synth: writes how far up its stack a fence-long run of spaces begins.
private func standInSynth(
    _: UnsafeRawPointer?, _: Int, _: UInt32, _: espeak_POSITION_TYPE, _: UInt32, _: UInt32, _: UnsafeMutablePointer<UInt32>?, _ found: UnsafeMutableRawPointer?
) -> espeak_ERROR {
    var here: UInt8 = 0
    let distance = withUnsafePointer(to: &here) { SynthesisFenceTests.spaceRun(above: UnsafeRawPointer($0), length: Int(CEspeak_fence_bytes)) }
    found?.assumingMemoryBound(to: Int.self).pointee = distance ?? SynthesisFenceTests.notFound
    return EE_OK
}
