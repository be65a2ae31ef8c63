import AccessibleControls
import Foundation
import Testing
import TranscriptTesting

@testable import LoowiApp

/// The first screen's buffers (issue 10, item 1): the digits and `[` `]` switch, each switch
/// says the buffer, its unread count and the focused item in one utterance, a loaded buffer
/// switches with no request, and each keeps its position.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct BufferSetTests {
    static func spanish() -> AppHarness {
        var config = LoowiConfig()
        config.language = .spanish
        return AppHarness(config: config)
    }

    @Test func aDigitSaysTheBufferAndItsFocusedItemInEnglish() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("3")
        #expect(app.said() == ["say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2"])
        await app.press("2")
        #expect(app.said() == ["say: Notifications. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6"])
        await app.press("4")
        #expect(
            app.said() == [
                "say: Direct messages, 1 new. With Grace Hopper, unread. Grace Hopper wrote: @ada Lunch at one? 10 minutes ago, 1 of 2"
            ])
        await app.press("6")
        #expect(app.said() == ["say: Favourites. Linus. Content warning: long rant. Press E to read it. 20 minutes ago, 1 of 2"])
        await app.press("7")
        #expect(app.said() == ["say: Bookmarks. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 1"])
        // Nothing you wrote yet: said plainly.
        await app.press("5")
        #expect(app.said() == ["say: Sent. No posts yet."])
        await app.press("1")
        #expect(app.said() == ["say: Home. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4"])
    }

    @Test func aDigitSaysTheBufferAndItsFocusedItemInSpanish() async {
        let app = Self.spanish()
        await app.open()
        _ = app.said()
        await app.press("3")
        #expect(app.said() == ["say: Menciones. Grace Hopper. @ada Are you coming? hace 2 minutos, 1 de 2"])
        await app.press("2")
        #expect(app.said() == ["say: Notificaciones. Grace Hopper te ha mencionado: @ada Are you coming? hace 10 minutos, 1 de 6"])
        await app.press("4")
        #expect(
            app.said() == [
                "say: Mensajes directos, 1 sin leer. Con Grace Hopper, sin leer. Grace Hopper escribió: @ada Lunch at one? hace 10 minutos, 1 de 2"
            ])
        await app.press("5")
        #expect(app.said() == ["say: Enviados. Aún no hay publicaciones."])
    }

    /// `[` and `]` wrap: from Home, `[` is Bookmarks and `]` from Bookmarks is Home again.
    @Test func bracketsGoToThePreviousAndNextBufferAndWrap() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("[")
        #expect(app.said() == ["say: Bookmarks. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 1"])
        await app.press("]")
        #expect(app.said() == ["say: Home. Grace Hopper. Compilers are fun. 5 minutes ago, 1 of 4"])
        await app.press("]")
        #expect(app.said() == ["say: Notifications. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6"])
        await app.press("]")
        #expect(app.said() == ["say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2"])
        await app.press("[")
        #expect(app.said() == ["say: Notifications. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6"])
    }

    @Test func bracketsInSpanish() async {
        let app = Self.spanish()
        await app.open()
        _ = app.said()
        await app.press("[")
        #expect(app.said() == ["say: Marcadores. Grace Hopper. Compilers are fun. hace 5 minutos, 1 de 1"])
        await app.press("]")
        #expect(app.said() == ["say: Inicio. Grace Hopper. Compilers are fun. hace 5 minutos, 1 de 4"])
    }

    @Test func aBufferOpenedTheFirstTimeLoadsAndALoadedOneSwitchesWithNoRequest() async {
        let app = AppHarness()
        await app.open()
        let atStart = app.requests.count
        await app.press("2")
        // Grouped notifications asked first (this server has none), then v1, with the marker.
        #expect(Set(app.requests[atStart...]) == ["GET /api/v2/notifications", "GET /api/v1/notifications", "GET /api/v1/markers"])
        #expect(app.requests.count == atStart + 3)
        await app.press("3", "4", "6", "7")
        #expect(app.requests.count == atStart + 7)
        let loaded = app.requests.count
        _ = app.said()
        for key in ["1", "2", "3", "4", "6", "7", "[", "]"] { await app.press(key) }
        #expect(app.requests.count == loaded)
        #expect(app.said().count == 8)
    }

    /// The first time a buffer opens it waits behind the busy indicator, which says what loads.
    @Test func aSlowFirstLoadSaysWhatIsLoading() async {
        let app = AppHarness()
        await app.open()
        app.pressNow("3")
        #expect(app.core.navigator.stack.last?.title == "Loading mentions")
        await app.core.settle()
    }

    @Test func eachBufferKeepsItsPosition() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "Down")
        await app.press("2", "Down", "Down", "Down")
        await app.press("6", "Down")
        _ = app.said()
        await app.press("1")
        #expect(app.said() == ["say: Home. Grace Hopper boosted Carme Riera. Bon dia! 1 hour ago, 3 of 4"])
        await app.press("2")
        #expect(
            app.said() == ["say: Notifications. Linus favourited your post. The post is no longer available. 10 minutes ago, 4 of 6"])
        await app.press("6")
        #expect(app.said() == ["say: Favourites. Grace Hopper. Hello @ada. 2 hours ago, 2 of 2"])
    }

    /// The full-screen mode shows the screen's title: each buffer's is its name.
    @Test func theScreenTitleNamesTheBuffer() async {
        let app = AppHarness()
        await app.open()
        await app.press("3")
        #expect(app.core.navigator.stack.first?.title == "Mentions")
        await app.press("4")
        #expect(app.core.navigator.stack.first?.title == "Direct messages")
        #expect(app.core.navigator.stack.count == 1)
        // The full-screen mode draws the title on the first row.
        let lines = app.core.navigator.draw(width: 80, height: 24, now: app.core.now()).lines
        #expect(lines.first?.hasPrefix("Direct messages") == true)
    }

    @Test func f1OnHomeListsTheBuffersWithTheirNumbers() async {
        let app = AppHarness()
        await app.open()
        _ = app.said()
        await app.press("F1")
        let lines = app.helpLines
        let buffers = [
            "1: go to Home", "2: go to Notifications", "3: go to Mentions", "4: go to Direct messages", "5: go to Sent", "6: go to Favourites",
            "7: go to Bookmarks", "8: go to buffer 8", "9: go to buffer 9", "[: previous buffer", "]: next buffer",
        ]
        #expect(lines.firstIndex(of: buffers[0]).map { Array(lines[$0..<($0 + buffers.count)]) } == buffers, "\(lines)")
        let spanish = Self.spanish()
        await spanish.open()
        _ = spanish.said()
        await spanish.press("F1")
        let spanishBuffers = [
            "1: ir a Inicio", "2: ir a Notificaciones", "3: ir a Menciones", "4: ir a Mensajes directos", "5: ir a Enviados", "6: ir a Favoritos",
            "7: ir a Marcadores", "8: ir al búfer 8", "9: ir al búfer 9", "[: búfer anterior", "]: búfer siguiente",
        ]
        let spanishLines = spanish.helpLines
        #expect(spanishLines.firstIndex(of: spanishBuffers[0]).map { Array(spanishLines[$0..<($0 + spanishBuffers.count)]) } == spanishBuffers)
    }

    /// Grouped favourites, a follow, a favourite whose post is gone and a type loowi does not
    /// know: each said plainly, never a crash.
    @Test func notificationsAreSaidPlainlyEvenWithoutAPostOrOfAnUnknownType() async {
        let app = AppHarness()
        await app.open()
        await app.press("2")
        _ = app.said()
        await app.press("Down", "Down", "Down", "Down")
        #expect(
            app.said() == [
                "say: Linus and Grace Hopper favourited your post: Tea time. 10 minutes ago, 2 of 6",
                "say: Carme Riera followed you. 10 minutes ago, 3 of 6",
                "say: Linus favourited your post. The post is no longer available. 10 minutes ago, 4 of 6",
                "say: Grace Hopper: a notification of a kind loowi does not know (annual_report). 10 minutes ago, 5 of 6",
            ])
        // Enter on one without a post: said, nothing opens.
        await app.press("Up")
        _ = app.said()
        await app.press("Enter")
        #expect(app.said().last == "say: This one has no post to open.")
        #expect(app.core.navigator.stack.count == 1)
    }

    @Test func notificationsInSpanish() async {
        let app = Self.spanish()
        await app.open()
        await app.press("2")
        _ = app.said()
        await app.press("Down", "Down", "Down", "Down")
        #expect(
            app.said() == [
                "say: Linus y Grace Hopper han marcado como favorita tu publicación: Tea time. hace 10 minutos, 2 de 6",
                "say: Carme Riera ha empezado a seguirte. hace 10 minutos, 3 de 6",
                "say: Linus ha marcado como favorita tu publicación. La publicación ya no está disponible. hace 10 minutos, 4 de 6",
                "say: Grace Hopper: una notificación de un tipo que loowi no conoce (annual_report). hace 10 minutos, 5 de 6",
            ])
    }

    /// Buffers switch only on the first screen: with a person's details on top, a buffer's
    /// route says to go back first.
    @Test func buffersSwitchOnlyFromTheRoot() async {
        let app = AppHarness()
        await app.open()
        await app.press("d")
        #expect(app.core.navigator.stack.count == 2)
        _ = app.said()
        await app.go(to: .buffer(.mentions))
        #expect(app.said() == ["say: Buffers switch from the first screen. Press Escape to go back to it first."])
        await app.press("Escape", "3")
        #expect(app.said().last == "say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2")
    }

    @Test func directMessagesWithoutALastPostAndRefresh() async {
        let app = AppHarness()
        await app.open()
        await app.press("4")
        _ = app.said()
        await app.press("Down")
        #expect(app.said() == ["say: With Linus. No message to show., 2 of 2"])
        await app.press("Enter")
        #expect(app.said().last == "say: This one has no post to open.")
        let before = app.requests.count
        await app.press("u")
        #expect(app.requests.count == before + 1)
        #expect(app.said().last == "say: Nothing new.")
    }

    /// Issue 39, item 8: the digits and `[` `]` switch buffers from a post's view too: the
    /// view closes without a word and the buffer is said as from the timeline; a number with
    /// no buffer is said and the post stays open. In English and Spanish.
    @Test(arguments: [
        (Language.english, "say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2", "say: There is no buffer 9. T opens a post's thread, A its author's posts."),
        (Language.spanish, "say: Menciones. Grace Hopper. @ada Are you coming? hace 2 minutos, 1 de 2", "say: No hay búfer 9. T abre el hilo de una publicación, A las publicaciones de su autor."),
    ])
    func digitsSwitchBuffersFromAPostsView(language: Language, mentions: String, noBuffer: String) async {
        let app = AppHarness(language: language)
        await app.open()
        await app.press("Enter")
        #expect(app.core.navigator.stack.count == 2)
        _ = app.said()
        await app.press("9")
        #expect(app.said().last == noBuffer)
        #expect(app.core.navigator.stack.count == 2)
        await app.press("3")
        #expect(app.said() == [mentions])
        #expect(app.core.navigator.stack.count == 1)
        await app.press("Enter", "[")
        #expect(app.said().last?.hasPrefix(language == .english ? "say: Notifications." : "say: Notificaciones.") == true)
        #expect(app.core.navigator.stack.count == 1)
    }

    /// The same from someone's details (d on a post), and a first B there is forgotten.
    @Test(arguments: [
        (Language.english, "say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2", "say: There is no buffer 9. T opens a post's thread, A its author's posts."),
        (Language.spanish, "say: Menciones. Grace Hopper. @ada Are you coming? hace 2 minutos, 1 de 2", "say: No hay búfer 9. T abre el hilo de una publicación, A las publicaciones de su autor."),
    ])
    func digitsSwitchBuffersFromSomeonesDetails(language: Language, mentions: String, noBuffer: String) async {
        let app = AppHarness(language: language)
        await app.open()
        await app.press("d")
        #expect(app.core.navigator.stack.count == 2)
        await app.press("B")
        let asked = app.said().last
        await app.press("9")
        #expect(app.said().last == noBuffer, "\(app.transcript)")
        #expect(app.core.navigator.stack.count == 2)
        // B asks again: the digit in between forgot the first B.
        await app.press("B")
        #expect(app.said().last == asked, "\(app.transcript)")
        #expect(!app.requests.contains { $0.hasSuffix("/block") }, "\(app.requests)")
        await app.press("3")
        #expect(app.said() == [mentions], "\(app.transcript)")
        #expect(app.core.navigator.stack.count == 1)
    }

    /// A first load that fails is said with what to do; the user stays on the buffer they
    /// were on, and the next press tries again.
    @Test func aFailedFirstLoadLeavesTheUserWhereTheyWere() async {
        let app = AppHarness()
        await app.open()
        app.server.state.withLock { $0.failures["notifications"] = 500 }
        _ = app.said()
        await app.press("2")
        let said = app.said()
        #expect(said == ["say (important): The server has a problem (error 500). Try again in a moment."])
        #expect(app.core.navigator.stack.map(\.title) == ["Home timeline"])
        await app.press("]")
        #expect(app.said() == ["say: Notifications. Grace Hopper mentioned you: @ada Are you coming? 10 minutes ago, 1 of 6"])
    }

    /// `u` on Notifications: what arrived is counted, and the wheel stays on the item read.
    @Test func refreshingNotificationsCountsWhatArrivedAndKeepsTheItem() async {
        let app = AppHarness()
        await app.open()
        await app.press("2", "Down")
        app.server.state.withLock { $0.newNotices = [FakeMastodon.Notice(id: "17", type: "follow", from: "3")] }
        _ = app.said()
        await app.press("u")
        #expect(app.said() == ["say: 1 new."])
        await app.press("p")
        #expect(app.said() == ["say: 3 of 7"])
        #expect(app.focusedItem == "Linus and Grace Hopper favourited your post: Tea time. 10 minutes ago")
        await app.press("Home")
        #expect(app.said() == ["say: Linus followed you. 10 minutes ago, 1 of 7"])
    }

    /// Switching keeps the one navigator: F3 repeats the switch's sentence, and a verbosity
    /// changed on one buffer holds on the next.
    @Test func repeatAndSettingsSurviveASwitch() async {
        let app = AppHarness()
        await app.open()
        await app.press("3")
        _ = app.said()
        await app.press("F3")
        #expect(app.said() == ["say: Mentions. Grace Hopper. @ada Are you coming? 2 minutes ago, 1 of 2"])
        await app.press("F5")
        let verbosity = app.core.settings.verbosity
        await app.press("1")
        #expect(app.core.navigator.stack[0].focus.settings.verbosity == verbosity)
    }
}

/// `loowi bench`'s buffer_switch_ms: it measures switches that speak at once, with no request.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct BufferSwitchBenchmarkTests {
    @Test func theBenchmarkSwitchesLoadedBuffersWithoutWaiting() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-bench-test-\(UUID().uuidString)")
        let samples = try await AppBenchmarks.bufferSwitch(iterations: 9, state: folder)
        #expect(samples.count == 9)
        #expect(samples.allSatisfy { $0 >= 0 && $0 < 1000 })
    }
}

/// `loowi bench`'s stream_event_to_sound over a WebSocket-only loopback server: SSE's 404, the
/// upgrade, frames through the codec, and a sound for every mention (the timing is the bench's).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct StreamEventWebSocketBenchmarkTests {
    @Test func everyMentionOverTheWebSocketMakesItsSound() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-bench-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ProcessInfo.processInfo.environment
        // LOOWI_MEASURE_STREAM=N prints the distribution of N samples (BENCH_SSE=1: over SSE).
        let count = environment["LOOWI_MEASURE_STREAM"].flatMap(Int.init) ?? 5
        let samples = try await AppBenchmarks.streamEventToSound(
            iterations: count, state: folder, webSocket: environment["BENCH_SSE"] == nil, patience: 60)
        #expect(samples.count == count)
        if count > 5 {
            let sorted = samples.sorted()
            print("stream_event_to_sound \(environment["BENCH_SSE"] == nil ? "websocket" : "sse"): p50 \(sorted[count / 2]) ms, p99 \(sorted[count * 99 / 100]) ms, max \(sorted.last!) ms")
        }
    }
}

/// The merge benchmark checks its own result (10 040 posts, 40 counted new) on every sample:
/// a merge that lost, doubled or miscounted posts at this size would throw.
@Suite(.timeLimit(.minutes(5))) struct MergeBenchmarkTests {
    @Test func tenThousandHeldPostsTakeANewPageWithoutLossOrDoubles() async throws {
        let samples = try await AppBenchmarks.merge10000(iterations: 2)
        #expect(samples.count == 2)
    }
}

/// Every buffer as a listener hears it, in English and Spanish, checked in under
/// Tests/Transcripts (RECORD_TRANSCRIPTS=1 writes them).
@MainActor
@Suite("Buffer transcripts", .timeLimit(.minutes(5))) struct BufferTranscriptTests {
    static let keys = ["2", "Down", "Down", "3", "4", "Down", "5", "6", "7", "]", "[", "[", "u", "1"]

    @Test func everyBufferInEnglish() async throws {
        let app = AppHarness()
        await app.open()
        await app.press(Self.keys)
        try assertTranscript(app.transcript, named: "app-buffers-english")
    }

    @Test func everyBufferInSpanish() async throws {
        var config = LoowiConfig()
        config.language = .spanish
        let app = AppHarness(config: config)
        await app.open()
        await app.press(Self.keys)
        try assertTranscript(app.transcript, named: "app-buffers-spanish")
    }
}
