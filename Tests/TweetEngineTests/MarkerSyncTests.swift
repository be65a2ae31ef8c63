import Testing
import TweetEngine

/// `MarkerSync` driven by hand: every instant is made up, nothing sleeps.
@Suite(.timeLimit(.minutes(5))) struct MarkerSyncTests {
    let t0 = ContinuousClock.now
    func at(_ seconds: Int) -> ContinuousClock.Instant { t0 + .seconds(seconds) }
    func marker(_ id: String, _ version: Int) -> Marker { Marker(lastReadID: id, version: version) }

    @Test func idOrderIsMastodons() {
        #expect(MarkerSync.isNewer("100", than: "99"))
        #expect(!MarkerSync.isNewer("99", than: "100"))
        #expect(MarkerSync.isNewer("110", than: "109"))
        #expect(!MarkerSync.isNewer("109", than: "109"))
        #expect(MarkerSync.isNewer("1795433308255", than: "995433308255"))
        #expect(MarkerSync.isNewer("b", than: "a"))
    }

    @Test func firstMoveIsWrittenAtOnce() {
        var sync = MarkerSync(.home)
        #expect(sync.handle(.read(nil), at: at(0)) == .none)
        #expect(sync.handle(.focused("10", byUser: true), at: at(1)) == .write("10"))
        #expect(sync.inFlight == "10")
    }

    @Test func atMostOneWritePerThirtySecondsAndTheNewestIsWritten() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("5", 1)), at: at(0))
        #expect(sync.handle(.focused("10", byUser: true), at: at(1)) == .write("10"))
        #expect(sync.handle(.writeSucceeded(marker("10", 2)), at: at(2)) == .none)
        #expect(sync.handle(.focused("9", byUser: true), at: at(3)) == .writeAt(at(31)))
        #expect(sync.handle(.focused("8", byUser: true), at: at(10)) == .writeAt(at(31)))
        #expect(sync.handle(.tick, at: at(30)) == .writeAt(at(31)))
        #expect(sync.handle(.tick, at: at(31)) == .write("8"))
    }

    @Test func twoMinutesOfReadingWriteAtMostOncePerInterval() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(nil), at: at(0))
        var writes: [(Int, String)] = []
        for second in 0...120 {
            // A new post every second, and a tick every second.
            for event in [MarkerSync.Event.focused(String(1000 - second), byUser: true), .tick] {
                if case .write(let id) = sync.handle(event, at: at(second)) {
                    writes.append((second, id))
                    _ = sync.handle(.writeSucceeded(marker(id, writes.count)), at: at(second))
                }
            }
        }
        #expect(writes.map(\.0) == [0, 30, 60, 90, 120])
        #expect(writes.last?.1 == "880")
        for (a, b) in zip(writes, writes.dropFirst()) { #expect(b.0 - a.0 >= 30) }
    }

    @Test func movingBackToTheWrittenPostLeavesNothingToWrite() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("10", 1)), at: at(0))
        #expect(sync.handle(.focused("9", byUser: true), at: at(1)) == .write("9"))
        _ = sync.handle(.writeSucceeded(marker("9", 2)), at: at(1))
        #expect(sync.handle(.focused("8", byUser: true), at: at(2)) == .writeAt(at(31)))
        #expect(sync.handle(.focused("9", byUser: true), at: at(3)) == .none)
        #expect(sync.handle(.tick, at: at(40)) == .none)
        #expect(sync.handle(.quitting, at: at(41)) == .none)
    }

    @Test func theOpeningPositionNeverGoesBackOverANewerMarker() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("20", 7)), at: at(0))
        // The app opened on an older post (the marked one was not loaded).
        #expect(sync.handle(.focused("15", byUser: false), at: at(0)) == .none)
        #expect(sync.handle(.quitting, at: at(1)) == .none)
        // The same post is the marked one: nothing to write either.
        var same = MarkerSync(.home)
        _ = same.handle(.read(marker("20", 7)), at: at(0))
        #expect(same.handle(.focused("20", byUser: false), at: at(0)) == .none)
    }

    @Test func anOpeningPositionNewerThanTheMarkerIsWritten() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("20", 7)), at: at(0))
        #expect(sync.handle(.focused("25", byUser: false), at: at(0)) == .write("25"))
    }

    @Test func theUserMayMoveToAnOlderPostThanTheMarker() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("20", 7)), at: at(0))
        #expect(sync.handle(.focused("12", byUser: true), at: at(5)) == .write("12"))
    }

    @Test func aMarkerReadLateHonoursAnotherClientOverTheOpeningPosition() {
        // The cached timeline opened on "15" before the server answered with "20".
        var sync = MarkerSync(.home)
        #expect(sync.handle(.focused("15", byUser: false), at: at(0)) == .write("15"))
        _ = sync.handle(.writeFailed(conflict: false), at: at(1))
        #expect(sync.pending == "15")
        #expect(sync.handle(.read(marker("20", 3)), at: at(2)) == .none)
        #expect(sync.pending == nil)
        #expect(sync.handle(.tick, at: at(60)) == .none)
    }

    @Test func aMarkerReadLateDoesNotUndoWhatTheUserChose() {
        var sync = MarkerSync(.home)
        #expect(sync.handle(.focused("15", byUser: true), at: at(0)) == .write("15"))
        _ = sync.handle(.writeFailed(conflict: false), at: at(1))
        #expect(sync.handle(.read(marker("20", 3)), at: at(2)) == .writeAt(at(30)))
        #expect(sync.handle(.tick, at: at(30)) == .write("15"))
    }

    @Test func quittingWritesThePendingPositionAtOnce() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(nil), at: at(0))
        _ = sync.handle(.focused("10", byUser: true), at: at(0))
        _ = sync.handle(.writeSucceeded(marker("10", 1)), at: at(0))
        #expect(sync.handle(.focused("9", byUser: true), at: at(5)) == .writeAt(at(30)))
        #expect(sync.handle(.quitting, at: at(6)) == .write("9"))
    }

    @Test func quittingWithNothingPendingWritesNothing() {
        var sync = MarkerSync(.notifications)
        _ = sync.handle(.read(marker("3", 1)), at: at(0))
        #expect(sync.handle(.quitting, at: at(1)) == .none)
    }

    @Test func quittingDuringAWriteWritesTheNewerPositionWhenItAnswers() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(nil), at: at(0))
        #expect(sync.handle(.focused("10", byUser: true), at: at(0)) == .write("10"))
        _ = sync.handle(.focused("9", byUser: true), at: at(1))
        #expect(sync.handle(.quitting, at: at(1)) == .none)
        #expect(sync.handle(.writeSucceeded(marker("10", 1)), at: at(2)) == .write("9"))
    }

    @Test func aFailureWhileQuittingIsNotRetried() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.focused("10", byUser: true), at: at(0))
        #expect(sync.handle(.quitting, at: at(0)) == .none)
        #expect(sync.handle(.writeFailed(conflict: false), at: at(0)) == .none)
        #expect(sync.handle(.tick, at: at(0)) == .none)
    }

    @Test func aFailedWriteIsRetriedAtTheNextOpportunityNotInALoop() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(nil), at: at(0))
        #expect(sync.handle(.focused("10", byUser: true), at: at(0)) == .write("10"))
        #expect(sync.handle(.writeFailed(conflict: false), at: at(1)) == .writeAt(at(30)))
        #expect(sync.handle(.tick, at: at(2)) == .writeAt(at(30)))
        #expect(sync.handle(.tick, at: at(30)) == .write("10"))
        #expect(sync.handle(.writeFailed(conflict: false), at: at(31)) == .writeAt(at(60)))
        // A newer focus meanwhile replaces the failed one.
        #expect(sync.handle(.focused("8", byUser: true), at: at(40)) == .writeAt(at(60)))
        #expect(sync.handle(.tick, at: at(60)) == .write("8"))
    }

    @Test func aConflictRereadsAndHonoursTheOtherClient() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("10", 1)), at: at(0))
        #expect(sync.handle(.focused("12", byUser: true), at: at(0)) == .write("12"))
        #expect(sync.handle(.writeFailed(conflict: true), at: at(1)) == .read)
        // Nothing is written while the marker is read again.
        #expect(sync.handle(.tick, at: at(40)) == .none)
        #expect(sync.handle(.read(marker("30", 5)), at: at(41)) == .none)
        #expect(sync.server == marker("30", 5))
        #expect(sync.handle(.tick, at: at(100)) == .none)
    }

    @Test func aConflictKeepsAMoveMadeAfterTheFailedWrite() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("10", 1)), at: at(0))
        _ = sync.handle(.focused("12", byUser: true), at: at(0))
        _ = sync.handle(.focused("11", byUser: true), at: at(1))
        #expect(sync.handle(.writeFailed(conflict: true), at: at(2)) == .read)
        #expect(sync.handle(.read(marker("30", 5)), at: at(3)) == .writeAt(at(30)))
        #expect(sync.handle(.tick, at: at(30)) == .write("11"))
    }

    @Test func anOlderVersionReadLaterDoesNotReplaceANewerOne() {
        var sync = MarkerSync(.home)
        _ = sync.handle(.read(marker("30", 5)), at: at(0))
        _ = sync.handle(.read(marker("20", 4)), at: at(1))
        #expect(sync.server == marker("30", 5))
    }
}
