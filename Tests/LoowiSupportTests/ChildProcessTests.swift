#if canImport(Glibc)
    import Glibc
#endif
import Testing

@testable import LoowiSupport

@Suite(.timeLimit(.minutes(5))) struct ChildProcessTests {
    /// A file this process holds open without close-on-exec (FoundationEssentials writes files
    /// so) is not passed to a child: a long-lived one would keep it open, and a script being
    /// written could then not be run.
    @Test func aChildGetsOnlyItsThreeStreams() throws {
        let stray = open("/dev/null", O_WRONLY)
        try #require(stray > 2)
        defer { close(stray) }
        // Its standard output is there to be seen, so "closed" is not a shell that sees nothing.
        let probe = "test -e /dev/fd/1 || exit 9; test -e /dev/fd/\(stray) && echo inherited || echo closed"
        let result = try #require(ChildProcess.run(["/bin/sh", "-c", probe]))
        #expect(result.code == 0)
        #expect(result.output == "closed\n")
    }

    /// Its output still reaches the pipe.
    @Test func thePipeStillArrives() throws {
        let result = try #require(ChildProcess.run(["/bin/sh", "-c", "printf 'one\\ntwo\\n'; exit 3"]))
        #expect(result.code == 3)
        #expect(result.output == "one\ntwo\n")
    }

    /// Output and error sent to one file (as the mock servers' logs are) both reach it.
    @Test func aFileForOutputAndErrorStillArrives() throws {
        let path = "/tmp/loowi-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).log"
        defer { unlink(path) }
        let child = try ChildProcess.spawn(["/bin/sh", "-c", "echo out; echo err >&2"], output: .file(path), error: .sameAsOutput)
        #expect(child.wait() == 0)
        let file = open(path, O_RDONLY)
        try #require(file >= 0)
        defer { close(file) }
        #expect(String(decoding: StandardStreams.readAll(from: file), as: UTF8.self) == "out\nerr\n")
    }
}
