#if canImport(Glibc)
    import Glibc
#endif
import Testing

@testable import LoowiSupport

@Suite struct ChildProcessTests {
    /// A file this process holds open without close-on-exec (FoundationEssentials writes files
    /// so) is not passed to a child: a long-lived one would keep it open, and a script being
    /// written could then not be run.
    @Test func aChildGetsOnlyItsThreeStreams() throws {
        let stray = open("/dev/null", O_WRONLY)
        try #require(stray > 2)
        defer { close(stray) }
        let probe = "test -e /dev/fd/\(stray) && echo inherited || echo closed"
        let result = try #require(ChildProcess.run(["/bin/sh", "-c", probe]))
        #expect(result.code == 0)
        #expect(result.output == "closed\n")
    }

    /// Its output still reaches the pipe, and a redirected stream still reaches its file.
    @Test func theStreamsAskedForStillArrive() throws {
        let result = try #require(ChildProcess.run(["/bin/sh", "-c", "printf 'one\\ntwo\\n'; exit 3"]))
        #expect(result.code == 3)
        #expect(result.output == "one\ntwo\n")
    }
}
