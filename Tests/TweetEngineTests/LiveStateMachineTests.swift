import Testing
@testable import TweetEngine

/// A generator that always gives the same number, so the jitter is known.
struct FixedRandom: RandomNumberGenerator {
    var value: UInt64
    mutating func next() -> UInt64 { value }
}

@Suite(.timeLimit(.minutes(5))) struct LiveStateMachineTests {
    typealias Machine = LiveStateMachine<FixedRandom>

    /// Jitter at its lowest: each wait is half the backoff step, and 1 s at the least. (Zero would spin `Int.random`, which rejects it.)
    private func machine(random: UInt64 = 1 << 32) -> Machine {
        Machine(backoff: Backoff(initial: .seconds(1), maximum: .seconds(60)), pollEvery: .seconds(60), random: FixedRandom(value: random))
    }

    private let lost = EngineError.transport(.connectionLost)

    @Test func theFirstConnectionIsSaidOnceAndEventsChangeNothing() {
        var m = machine()
        #expect(m.receive(.start) == [.connect])
        #expect(m.receive(.connected) == [.announce(.started)])
        #expect(m.state == .live)
        #expect(m.receive(.event) == [])
        #expect(m.receive(.start) == [])
    }

    @Test func aBreakMendedByTheFirstReconnectIsNotSaidButTheGapIsFilled() {
        var m = machine()
        _ = m.receive(.start)
        _ = m.receive(.connected)
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(1))])
        #expect(m.receive(.timer) == [.connect])
        #expect(m.receive(.connected) == [.fillGap(returning: nil)])
    }

    @Test func anOutageIsSaidOnceEachWayWithBackoffThatDoublesToSixtySeconds() {
        var m = machine()
        _ = m.receive(.start)
        _ = m.receive(.connected)
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(1))])
        _ = m.receive(.timer)
        #expect(m.receive(.failed(lost)) == [.announce(.stopped(lost)), .wait(.seconds(1))])
        _ = m.receive(.timer)
        // The third failure in a row asks whether REST answers; it does not (the server is down).
        #expect(m.receive(.failed(lost)) == [.poll(returning: nil)])
        #expect(m.state == .checking)
        #expect(m.receive(.polled(succeeded: false)) == [.wait(.seconds(2))])
        var waits: [Duration] = []
        for _ in 0..<8 {
            _ = m.receive(.timer)
            for action in m.receive(.failed(lost)) {
                if case .wait(let d) = action { waits.append(d) }
                if case .announce = action { Issue.record("the outage was said twice") }
            }
            if m.state == .checking { _ = m.receive(.polled(succeeded: false)) }
        }
        #expect(waits.allSatisfy { $0 <= .seconds(30) })
        #expect(waits.last == .seconds(30))
        _ = m.receive(.timer)
        #expect(m.receive(.connected) == [.fillGap(returning: .stopped)])
        // The next outage is said again.
        _ = m.receive(.failed(lost))
        _ = m.receive(.timer)
        #expect(m.receive(.failed(lost)).first == .announce(.stopped(lost)))
    }

    @Test func jitterSpreadsEachWaitOverItsUpperHalf() {
        var m = machine(random: .max)
        _ = m.receive(.start)
        _ = m.receive(.connected)
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(1))])
        _ = m.receive(.timer)
        #expect(m.receive(.failed(lost)) == [.announce(.stopped(lost)), .wait(.seconds(2))])
        var low = machine()
        _ = low.receive(.start)
        _ = low.receive(.connected)
        _ = low.receive(.failed(lost))
        _ = low.receive(.timer)
        #expect(low.receive(.failed(lost)) == [.announce(.stopped(lost)), .wait(.seconds(1))])
    }

    @Test func aServerThatFloodsAtEveryConnectionBacksOffAndIsSaidOnce() {
        var m = machine()
        let flood = EngineError.transport(.responseTooLarge(limit: 4 * 1024 * 1024))
        _ = m.receive(.start)
        _ = m.receive(.connected)
        #expect(m.receive(.failed(flood)) == [.wait(.seconds(1))])
        _ = m.receive(.timer)
        // Opened again, but no event before the next cut: not a success.
        _ = m.receive(.connected)
        #expect(m.receive(.failed(flood)) == [.announce(.stopped(flood)), .wait(.seconds(1))])
        _ = m.receive(.timer)
        _ = m.receive(.connected)
        // An event proves the connection: the next ordinary break is a first one again.
        _ = m.receive(.event)
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(1))])
    }

    @Test func silenceIsADeadConnection() {
        var m = machine()
        _ = m.receive(.start)
        _ = m.receive(.connected)
        #expect(m.receive(.silence) == [.wait(.seconds(1))])
        #expect(m.state == .waiting)
        // Silence from a connection already given up is stale.
        #expect(m.receive(.silence) == [])
    }

    @Test func aRefusedLoginEndsLiveUpdates() {
        var m = machine()
        _ = m.receive(.start)
        let refused = EngineError.http(status: 401, message: "The access token was revoked")
        #expect(m.receive(.failed(refused)) == [.announce(.ended(refused))])
        #expect(m.state == .ended)
        #expect(m.receive(.timer) == [])
    }

    @Test func aServerWithoutStreamingIsPolledAndSaysSoOnce() {
        for status in [404, 501] {
            var m = machine()
            _ = m.receive(.start)
            #expect(m.receive(.failed(.http(status: status, message: nil))) == [
                .announce(.polling(every: .seconds(60))), .wait(.seconds(60)),
            ])
            #expect(m.receive(.timer) == [.poll(returning: nil)])
            #expect(m.receive(.polled(succeeded: true)) == [.wait(.seconds(60))])
            #expect(m.receive(.timer) == [.poll(returning: nil)])
        }
    }

    @Test func threeFailedConnectsWhileRESTWorksTurnToPolling() {
        var m = machine()
        _ = m.receive(.start)
        _ = m.receive(.failed(lost))
        _ = m.receive(.timer)
        _ = m.receive(.failed(lost))
        _ = m.receive(.timer)
        #expect(m.receive(.failed(lost)) == [.poll(returning: nil)])
        #expect(m.receive(.polled(succeeded: true)) == [.announce(.polling(every: .seconds(60))), .wait(.seconds(60))])
        #expect(m.state == .polling)
    }

    @Test func aFailedPollIsSaidAtOnceAndOnceAndTheNextPollSaysTheReturn() {
        var m = machine()
        _ = m.receive(.start)
        _ = m.receive(.failed(.streamingUnavailable))
        #expect(m.receive(.timer) == [.poll(returning: nil)])
        // Within one interval of the server going away: the first failed poll says it.
        #expect(m.receive(.polled(succeeded: false)) == [.announce(.unreachable(.transport(.connectionLost))), .wait(.seconds(60))])
        #expect(m.receive(.timer) == [.poll(returning: .unreachable)])
        #expect(m.receive(.polled(succeeded: false)) == [.wait(.seconds(60))])
        // The poll that answers says the return, with what it brought (the driver's `reachable`).
        #expect(m.receive(.timer) == [.poll(returning: .unreachable)])
        #expect(m.receive(.polled(succeeded: true)) == [.wait(.seconds(60))])
        #expect(m.receive(.timer) == [.poll(returning: nil)])
        // A second outage is said again.
        #expect(m.receive(.polled(succeeded: false)).first == .announce(.unreachable(.transport(.connectionLost))))
    }

    @Test func nothingStoppedBeforeTheStreamWasEverOpenTheCheckSaysWhetherTheServerAnswers() {
        var m = machine()
        _ = m.receive(.start)
        // A server down at start: no "stopped" (nothing was live), then one "cannot reach".
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(1))])
        _ = m.receive(.timer)
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(1))])
        _ = m.receive(.timer)
        #expect(m.receive(.failed(lost)) == [.poll(returning: nil)])
        #expect(m.receive(.polled(succeeded: false)) == [.announce(.unreachable(.transport(.connectionLost))), .wait(.seconds(2))])
        _ = m.receive(.timer)
        // It comes back with its stream: started, and the return said with what arrived.
        #expect(m.receive(.connected) == [.announce(.started), .fillGap(returning: .unreachable)])
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(1))])
        _ = m.receive(.timer)
        #expect(m.receive(.connected) == [.fillGap(returning: nil)])
    }

    @Test func aStreamThatBrokeAndTurnedToPollingIsSaidBackWhenTheStreamIs() {
        var m = machine()
        _ = m.receive(.start)
        _ = m.receive(.connected)
        _ = m.receive(.failed(lost))
        _ = m.receive(.timer)
        #expect(m.receive(.failed(lost)).first == .announce(.stopped(lost)))
        _ = m.receive(.timer)
        _ = m.receive(.failed(lost))
        // REST answers: polling, quietly (not "every minute": the stream was live and broke).
        #expect(m.receive(.polled(succeeded: true)) == [.wait(.seconds(60))])
        // A poll does not say the stream's return.
        #expect(m.receive(.timer) == [.poll(returning: nil)])
    }

    @Test func pollingAfterFailuresTriesTheStreamAgainEveryFivePolls() {
        var m = machine()
        _ = m.receive(.start)
        for _ in 0..<2 {
            _ = m.receive(.failed(lost))
            _ = m.receive(.timer)
        }
        _ = m.receive(.failed(lost))
        _ = m.receive(.polled(succeeded: true))
        #expect(m.state == .polling)
        for _ in 0..<4 {
            #expect(m.receive(.timer) == [.poll(returning: nil)])
            #expect(m.receive(.polled(succeeded: true)) == [.wait(.seconds(60))])
        }
        _ = m.receive(.timer)
        #expect(m.receive(.polled(succeeded: true)) == [.connect])
        #expect(m.state == .retrying)
        // Still failing: polling goes on without a word, and tries again five polls later.
        #expect(m.receive(.failed(lost)) == [.wait(.seconds(60))])
        #expect(m.state == .polling)
        for _ in 0..<4 {
            _ = m.receive(.timer)
            _ = m.receive(.polled(succeeded: true))
        }
        _ = m.receive(.timer)
        #expect(m.receive(.polled(succeeded: true)) == [.connect])
        // The stream's first opening: started (no "back": nothing was said stopped), and the
        // next loss of the stream starts over (and says polling again).
        #expect(m.receive(.connected) == [.announce(.started)])
        #expect(m.state == .live)
        #expect(m.receive(.failed(.http(status: 404, message: nil))) == [.announce(.polling(every: .seconds(60))), .wait(.seconds(60))])
    }

    @Test func aServerWithoutStreamingIsNotAskedAgain() {
        var m = machine()
        _ = m.receive(.start)
        _ = m.receive(.failed(.streamingUnavailable))
        for _ in 0..<20 {
            #expect(m.receive(.timer) == [.poll(returning: nil)])
            #expect(m.receive(.polled(succeeded: true)) == [.wait(.seconds(60))])
        }
    }
}

