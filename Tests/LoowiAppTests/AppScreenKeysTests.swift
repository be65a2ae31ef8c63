import AccessibleControls
import Testing

@testable import LoowiApp

/// The new screen's words, declared the one way every module declares them.
enum NotificationText: String, TranslatedText, CaseIterable {
    case keys, dismiss, openPost

    static let tables: [Language: [NotificationText: String]] = [
        .britishEnglish: [.keys: "notifications", .dismiss: "dismiss", .openPost: "open the post"],
        .spanish: [.keys: "notificaciones", .dismiss: "descartar", .openPost: "abrir la publicación"],
        .catalan: [.keys: "notificacions", .dismiss: "descartar", .openPost: "obrir la publicació"],
    ]
}

/// A kind of screen the app does not have yet (a notifications buffer), declared only here with
/// AccessibleControls' public API: a new screen's keys touch only the app.
enum NotificationAction: String, CaseIterable, Sendable {
    case dismiss, openPost

    static let keys = ScreenKeys(
        name: "notifications",
        spokenName: { Catalogue<NotificationText>($0)(.keys) },
        describe: { (action: NotificationAction, language) in
            Catalogue<NotificationText>(language)(action == .dismiss ? .dismiss : .openPost)
        },
        defaults: [
            .app(.dismiss, .character("x")), .app(.openPost, .enter), .app(.openPost, .character("v")),
            .control(.whereAmI, .character("w")),
        ])
}

@MainActor @Suite("App screen keys", .timeLimit(.minutes(5))) struct AppScreenKeysTests {
    let keymap = Keymap.loowi.declaring(NotificationAction.keys)
    static let timelineNames = [
        "acceptFollowRequest", "authorDetails", "blockedAccounts", "boost", "buffer1", "buffer2", "buffer3", "buffer4", "buffer5", "buffer6", "buffer7",
        "buffer8", "buffer9", "catchUp", "directMessage", "expand", "favourite", "federatedTimeline", "followedHashtags", "links", "lists",
        "localTimeline", "mutedAccounts", "newPost", "nextBuffer", "openAuthor", "previousBuffer", "refresh", "rejectFollowRequest",
        "repeatLast", "reply", "search", "thread", "whereAmI", "yourFollowers", "yourFollowing",
    ]

    /// A screen with a text field (takes typed letters) and a label (takes Enter), whose
    /// notification actions are recorded.
    final class Recorder {
        var actions: [NotificationAction] = []
    }

    func navigator(_ keymap: Keymap, _ recorder: Recorder) -> Navigator {
        let settings = ControlSettings(verbosity: .expert)
        let screen = ControlScreen(
            title: "Notifications", controls: [TextField(id: "filter", label: "Filter"), Label(id: "text", label: "Text", text: "Hello")],
            withToolbar: false, screenKeys: NotificationAction.keys, settings: settings, keymap: keymap)
        screen.onAction(NotificationAction.self) { action, _ in
            recorder.actions.append(action)
            return ScreenOutcome([.say("did \(action.rawValue)")])
        }
        return Navigator(root: screen, settings: settings, keymap: keymap)
    }

    @Test func aSecondScopeIsBoundBesideTheTimeline() {
        #expect(keymap.command(for: .character("x"), in: NotificationAction.keys) == .screen("dismiss"))
        #expect(keymap.keys(for: .screen("openPost"), in: NotificationAction.keys) == [.enter, .character("v")])
        #expect(keymap.command(for: .character("w"), in: NotificationAction.keys) == .control(.whereAmI))
        #expect(keymap.command(for: .character("b"), in: TimelineAction.keys) == .screen("boost"))
        // Each scope keeps its own letters: z is nothing on a timeline, b nothing here.
        #expect(keymap.command(for: .character("z"), in: TimelineAction.keys) == nil)
        #expect(keymap.command(for: .character("x"), in: TimelineAction.keys) == .screen("rejectFollowRequest"))
        #expect(keymap.command(for: .character("b"), in: NotificationAction.keys) == nil)
    }

    @Test func keysGoToTheFocusedControlThenGlobalThenTheScreen() {
        let recorder = Recorder()
        let nav = navigator(keymap, recorder)
        let now = ContinuousClock.now
        _ = nav.start(now: now)
        // The text field has focus: x is typed, not a screen key.
        _ = nav.handle(.key(.character("x")), now: now)
        #expect(recorder.actions.isEmpty)
        _ = nav.handle(.key(.tab), now: now)
        #expect(nav.handle(.key(.character("x")), now: now) == [.say("did dismiss")])
        // The label reads on Enter before the screen's Enter opens the post; v still opens it.
        _ = nav.handle(.key(.enter), now: now)
        #expect(recorder.actions == [.dismiss])
        #expect(nav.handle(.key(.character("v")), now: now) == [.say("did openPost")])
        #expect(recorder.actions == [.dismiss, .openPost])
        // A control-level action bound in the app's scope: w says where you are, as F2 does.
        #expect(nav.handle(.key(.character("w")), now: now) == nav.handle(.key(.f(2)), now: now))
        #expect(nav.handle(.key(.character("b")), now: now) == [.earcon(.softError)])
    }

    @Test func configurationRemapsTheScopeAndGlobalKeysStillComeFirst() throws {
        let remapped = try keymap.overridden(by: ["notifications:x": "none", "Notifications:z": "DISMISS", "notifications:F1": "openPost"])
        let recorder = Recorder()
        let nav = navigator(remapped, recorder)
        let now = ContinuousClock.now
        _ = nav.start(now: now)
        _ = nav.handle(.key(.tab), now: now)
        #expect(nav.handle(.key(.character("x")), now: now) == [.earcon(.softError)])
        #expect(nav.handle(.key(.character("z")), now: now) == [.say("did dismiss")])
        // F1 is global: it opens the help even though the screen's scope binds it too.
        let help = nav.handle(.key(.f(1)), now: now).transcriptLines
        #expect(help.contains { $0.hasPrefix("say: Help for Notifications: ") }, "\(help)")
        #expect(recorder.actions == [.dismiss])

        #expect(throws: KeymapError.actionNotInScope(action: "boost", scope: "notifications", allowed: ["dismiss", "openPost", "whereAmI"])) {
            try keymap.overridden(by: ["notifications:q": "boost"])
        }
        #expect(throws: KeymapError.actionNotInScope(action: "dismiss", scope: "timeline", allowed: Self.timelineNames)) {
            try keymap.overridden(by: ["timeline:q": "dismiss"])
        }
        let scopes = [
            "global", "label", "button", "textField", "segmented", "timedSelector", "list", "slider", "keypad", "busy", "adjustableList", "timeline", "compose", "app", "links", "people", "postview", "hashtags", "notifications",
        ]
        #expect(throws: KeymapError.unknownScope("moon", known: scopes)) { try keymap.overridden(by: ["moon:F9": "info"]) }
    }

    @Test func helpListsTheScreensKeysFirstInTheUsersLanguage() {
        let global = Keymap.loowi.helpLines(screen: nil, app: nil, scopes: [], strings: Strings(.english))
        #expect(
            keymap.helpLines(screen: NotificationAction.keys, app: nil, scopes: [.button], strings: Strings(.english))
                == ["Notifications, keys", "x: dismiss", "Enter or v: open the post", "w: where am I", "Button, keys", "Enter or Space: activate"]
                + global)
        #expect(
            keymap.helpLines(screen: NotificationAction.keys, app: nil, scopes: [], strings: Strings(.spanish)).prefix(4)
                == ["Notificaciones, teclas", "x: descartar", "Intro o v: abrir la publicación", "w: dónde estoy"])
    }

    @Test func theTimelineSaysItsKeysInEveryLanguage() {
        // The timeline's own lines, up to the keys of every screen, one sentence each.
        let info = { (language: Language) in
            let lines = Keymap.loowi.helpLines(screen: TimelineAction.keys, app: nil, scopes: [], strings: Strings(language))
            return lines.prefix { $0 != Strings(language)(.anyScreenKeys).dropLast() }.joined(separator: ". ") + "."
        }
        #expect(
            info(.english)
                == "Timeline, keys. r: reply. b: boost. f: favourite. n: new post. u: refresh. a: the author's timeline. d: the author's details. m: direct message to the author. e: read the text behind a content warning. t: the post's thread. o: the post's links. s: search. l: your lists. L: the local timeline: your server's public posts. F: the federated timeline: every public post your server knows. H: the hashtags you follow. I: your followers. O: the people you follow. X: the accounts you muted. B: the accounts you blocked. c: catch up on what is new. w: where am I. dot: repeat. 1: go to Home. 2: go to Notifications. 3: go to Mentions. 4: go to Direct messages. 5: go to Sent. 6: go to Favourites. 7: go to Bookmarks. 8: go to buffer 8. 9: go to buffer 9. [: previous buffer. ]: next buffer. y: accept a follow request. x: reject a follow request."
        )
        #expect(info(.spanish).hasSuffix("y: aceptar una solicitud de seguimiento. x: rechazar una solicitud de seguimiento."))
        #expect(info(.catalan).hasSuffix("y: acceptar una sol·licitud de seguiment. x: rebutjar una sol·licitud de seguiment."))
        #expect(info(.spanish).hasPrefix("Cronología, teclas. r: responder. b: impulsar."))
        #expect(info(.spanish).contains("t: el hilo de la publicación. o: los enlaces de la publicación. s: buscar. l: tus listas. L: la cronología local: las publicaciones públicas de tu servidor. F: la cronología federada: todas las publicaciones públicas que conoce tu servidor. H: las etiquetas que sigues. I: tus seguidores. O: a quién sigues. X: las cuentas que silenciaste. B: las cuentas que bloqueaste. c: ponerte al día con lo nuevo. w: dónde estoy."))
        #expect(info(.spanish).contains("7: ir a Marcadores. 8: ir al búfer 8. 9: ir al búfer 9."))
        #expect(info(.catalan).contains("Cronologia, tecles. r: respondre."))
        #expect(info(.catalan).contains("t: el fil de la publicació."))
    }
}
