import Foundation
import Testing

@testable import TweetEngine

/// Models built from JSON, as the server sends them (the models have no memberwise init).
private enum Make {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let fiveMinutesAgo = ISO8601.format(now.addingTimeInterval(-300))

    static func account(_ id: String, _ name: String, username: String? = nil) -> [String: Any] {
        let username = username ?? name.split(separator: " ").first.map { String($0).lowercased() } ?? ""
        return ["id": id, "username": username, "acct": username, "display_name": name]
    }

    static func status(
        _ id: String, by author: [String: Any], _ text: String, replyTo: (id: String, account: String?)? = nil,
        mentions: [[String: Any]] = [], visibility: String = "public", warning: String = "", time: Bool = true
    ) -> [String: Any] {
        var status: [String: Any] = [
            "id": id, "uri": "https://example.social/s/\(id)", "account": author, "content": "<p>\(text)</p>",
            "visibility": visibility, "spoiler_text": warning,
            "mentions": mentions.map { ["id": $0["id"]!, "username": $0["username"]!, "acct": $0["acct"]!] },
        ]
        if time { status["created_at"] = fiveMinutesAgo }
        if let replyTo {
            status["in_reply_to_id"] = replyTo.id
            if let account = replyTo.account { status["in_reply_to_account_id"] = account }
        }
        return status
    }

    static func notification(
        _ id: String, _ type: String, from account: [String: Any]?, status: [String: Any]? = nil, time: Bool = true
    ) -> [String: Any] {
        var notification: [String: Any] = ["id": id, "type": type]
        if let account { notification["account"] = account }
        if let status { notification["status"] = status }
        if time { notification["created_at"] = fiveMinutesAgo }
        return notification
    }

    static func decode<T: Decodable>(_ type: T.Type, _ object: [String: Any]) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONSerialization.data(withJSONObject: object))
    }

    static var ana: [String: Any] { account("1", "Ana Ruiz") }
    static var tom: [String: Any] { account("2", "Tom Walsh") }
    static var grace: [String: Any] { account("3", "Grace Okafor") }
    static var carmen: [String: Any] { account("4", "Carmen Ruiz") }
    static var me: [String: Any] { account("9", "Demo User", username: "demo") }
    static let english = SpeakableTextOptions(language: .english)
    static let spanish = SpeakableTextOptions(language: .spanish)
}

@Suite(.timeLimit(.minutes(5))) struct NotificationSpeechTests {
    func sentence(_ object: [String: Any], _ options: SpeakableTextOptions = Make.english) throws -> String {
        NotificationSpeech(try Make.decode(MastodonNotification.self, object), options: options, now: Make.now).sentence
    }

    var post: [String: Any] { Make.status("100", by: Make.me, "Bread rises best on a warm windowsill", time: false) }

    @Test func favouriteSaysWhoAndTheFirstWords() throws {
        let favourite = Make.notification("1", "favourite", from: Make.ana, status: post)
        #expect(try sentence(favourite) == "Ana Ruiz favourited your post: Bread rises best on a warm windowsill. 5 minutes ago")
        #expect(
            try sentence(favourite, Make.spanish)
                == "Ana Ruiz ha marcado como favorita tu publicación: Bread rises best on a warm windowsill. hace 5 minutos")
    }

    @Test func aLongPostIsNamedByItsFirstTenWords() throws {
        let long = Make.status("101", by: Make.me, "one two three four five six seven eight nine ten eleven twelve")
        let boost = Make.notification("1", "reblog", from: Make.tom, status: long, time: false)
        #expect(try sentence(boost) == "Tom Walsh boosted your post: one two three four five six seven eight nine ten…")
        #expect(
            try sentence(boost, Make.spanish)
                == "Tom Walsh ha impulsado tu publicación: one two three four five six seven eight nine ten…")
    }

    @Test func aPostBehindAWarningIsNamedByTheWarning() throws {
        let hidden = Make.status("102", by: Make.me, "the butler did it", warning: "Spoilers")
        let boost = Make.notification("1", "reblog", from: Make.tom, status: hidden, time: false)
        #expect(try sentence(boost) == "Tom Walsh boosted your post: Content warning: Spoilers.")
        #expect(try sentence(boost, Make.spanish) == "Tom Walsh ha impulsado tu publicación: Aviso de contenido: Spoilers.")
    }

    /// Every known type, in English and Spanish, with its post where it has one.
    @Test(arguments: [
        ("mention", true, "Ana Ruiz mentioned you: Hello there", "Ana Ruiz te ha mencionado: Hello there"),
        ("status", true, "Ana Ruiz posted: Hello there", "Ana Ruiz ha publicado: Hello there"),
        ("reblog", true, "Ana Ruiz boosted your post: Hello there", "Ana Ruiz ha impulsado tu publicación: Hello there"),
        (
            "favourite", true, "Ana Ruiz favourited your post: Hello there",
            "Ana Ruiz ha marcado como favorita tu publicación: Hello there"
        ),
        ("follow", false, "Ana Ruiz followed you", "Ana Ruiz ha empezado a seguirte"),
        ("follow_request", false, "Ana Ruiz asks to follow you", "Ana Ruiz pide seguirte"),
        ("poll", true, "A poll by Ana Ruiz has ended: Hello there", "Ha terminado una encuesta de Ana Ruiz: Hello there"),
        ("update", true, "Ana Ruiz edited a post: Hello there", "Ana Ruiz ha editado una publicación: Hello there"),
        ("quote", true, "Ana Ruiz quoted your post: Hello there", "Ana Ruiz ha citado tu publicación: Hello there"),
        ("admin.sign_up", false, "Ana Ruiz signed up", "Ana Ruiz se ha registrado"),
        ("admin.report", false, "Ana Ruiz filed a report", "Ana Ruiz ha enviado una denuncia"),
        (
            "severed_relationships", false, "Some of your follow relationships were cut by a moderation decision",
            "Se han cortado algunas de tus relaciones de seguimiento por una decisión de moderación"
        ),
        ("moderation_warning", false, "You have a warning from the moderators", "Tienes una advertencia de los moderadores"),
        (
            "annual_report", false, "Ana Ruiz: a notification of a kind loowi does not know (annual_report)",
            "Ana Ruiz: una notificación de un tipo que loowi no conoce (annual_report)"
        ),
    ])
    func everyType(type: String, withPost: Bool, english: String, spanish: String) throws {
        let status = withPost ? Make.status("5", by: Make.me, "Hello there", time: false) : nil
        let notification = Make.notification("1", type, from: Make.ana, status: status, time: false)
        #expect(try sentence(notification) == english)
        #expect(try sentence(notification, Make.spanish) == spanish)
    }

    @Test func everyKnownTypeHasASentenceInEveryLanguage() {
        for type in NotificationType.allCases {
            for language in Language.allCases {
                #expect(!BufferWords(language: language).notification(type, "Ana", plural: false, direct: false).isEmpty)
            }
        }
    }

    @Test func aDirectMentionIsADirectMessage() throws {
        let direct = Make.status("6", by: Make.grace, "@demo Are you coming?", visibility: "direct", time: false)
        let mention = Make.notification("1", "mention", from: Make.grace, status: direct, time: false)
        #expect(try sentence(mention) == "Grace Okafor sent you a direct message: @demo Are you coming?")
        #expect(try sentence(mention, Make.spanish) == "Grace Okafor te ha enviado un mensaje directo: @demo Are you coming?")
    }

    @Test func aMentionThatRepliesSaysWhomItAnswers() throws {
        let reply = Make.status("7", by: Make.grace, "@demo Yes!", replyTo: ("6", "9"), mentions: [Make.me], time: false)
        let mention = Make.notification("1", "mention", from: Make.grace, status: reply, time: false)
        #expect(try sentence(mention) == "Grace Okafor mentioned you: In reply to demo. @demo Yes!")
        #expect(try sentence(mention, Make.spanish) == "Grace Okafor te ha mencionado: En respuesta a demo. @demo Yes!")
        // The listener known: a reply to them is a reply to "you", never their own name.
        var english = Make.english
        english.me = "9"
        var spanish = Make.spanish
        spanish.me = "9"
        #expect(try sentence(mention, english) == "Grace Okafor mentioned you: In reply to you. @demo Yes!")
        #expect(try sentence(mention, spanish) == "Grace Okafor te ha mencionado: En respuesta a ti. @demo Yes!")
    }

    @Test func anEndedPollSaysItsResults() throws {
        var question = Make.status("8", by: Make.ana, "Tea or coffee?", time: false)
        question["poll"] = [
            "id": "1", "expired": true, "multiple": false, "votes_count": 3,
            "options": [["title": "Tea", "votes_count": 2], ["title": "Coffee", "votes_count": 1]],
        ]
        let poll = Make.notification("1", "poll", from: Make.ana, status: question, time: false)
        #expect(try sentence(poll) == "A poll by Ana Ruiz has ended: Tea or coffee? Poll, one choice: Tea, 2 votes; Coffee, 1 vote. Closed.")
        #expect(
            try sentence(poll, Make.spanish)
                == "Ha terminado una encuesta de Ana Ruiz: Tea or coffee? Encuesta, una opción: Tea, 2 votos; Coffee, 1 voto. Cerrada.")
    }

    @Test func aMissingPostIsSaidPlainly() throws {
        let favourite = Make.notification("1", "favourite", from: Make.ana, status: nil)
        #expect(try sentence(favourite) == "Ana Ruiz favourited your post. The post is no longer available. 5 minutes ago")
        #expect(
            try sentence(favourite, Make.spanish)
                == "Ana Ruiz ha marcado como favorita tu publicación. La publicación ya no está disponible. hace 5 minutos")
        let mention = Make.notification("2", "mention", from: Make.ana, status: nil, time: false)
        #expect(try sentence(mention) == "Ana Ruiz mentioned you. The post is no longer available.")
    }

    @Test func aMissingOrNamelessAccountIsSomeone() throws {
        let follow = Make.notification("1", "follow", from: nil, time: false)
        #expect(try sentence(follow) == "Someone followed you")
        #expect(try sentence(follow, Make.spanish) == "Alguien ha empezado a seguirte")
        let nameless = Make.account("8", "", username: "")
        #expect(try sentence(Make.notification("2", "follow", from: nameless, time: false)) == "Someone followed you")
        let blank = Make.account("8", "   ", username: "bob")
        #expect(try sentence(Make.notification("3", "follow", from: blank, time: false)) == "bob followed you")
        #expect(
            try sentence(Make.notification("4", "poll", from: nil, status: post, time: false), Make.spanish)
                .hasPrefix("Ha terminado una encuesta de alguien:"))
        let unknown = Make.notification("5", "annual_report", from: nil, time: false)
        #expect(try sentence(unknown) == "A notification of a kind loowi does not know (annual_report)")
        #expect(try sentence(unknown, Make.spanish) == "Una notificación de un tipo que loowi no conoce (annual_report)")
    }

    @Test func aHostileUnknownTypeIsCleanedAndCut() throws {
        let hostile = Make.notification("1", "x\u{1B}[31m" + String(repeating: "y", count: 200), from: nil, time: false)
        let said = try sentence(hostile)
        #expect(!said.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(said.count < 120)
    }
}

@Suite(.timeLimit(.minutes(5))) struct NotificationGroupingTests {
    var post1: [String: Any] { Make.status("100", by: Make.me, "My first post", time: false) }
    var post2: [String: Any] { Make.status("200", by: Make.me, "My second post", time: false) }

    func groups(_ objects: [[String: Any]]) throws -> [NotificationGroup] {
        NotificationGroup.grouping(try objects.map { try Make.decode(MastodonNotification.self, $0) })
    }

    @Test func favouritesAndBoostsOfOnePostAreOneItemEach() throws {
        let list = try groups([
            Make.notification("10", "favourite", from: Make.ana, status: post1),
            Make.notification("9", "follow", from: Make.carmen),
            Make.notification("8", "favourite", from: Make.tom, status: post1),
            Make.notification("7", "reblog", from: Make.tom, status: post1),
            Make.notification("6", "favourite", from: Make.grace, status: post1),
            Make.notification("5", "favourite", from: Make.ana, status: post1),
            Make.notification("4", "favourite", from: Make.grace, status: post2),
            Make.notification("3", "reblog", from: Make.grace, status: post1),
            Make.notification("2", "favourite", from: nil, status: nil),
            Make.notification("1", "favourite", from: Make.tom, status: nil),
        ])
        #expect(list.map(\.id) == ["10", "9", "7", "4", "2", "1"])
        #expect(list[0].notifications.count == 4)
        #expect(list[0].accounts.map(\.id) == ["1", "2", "3"])
        let said = list.map { NotificationSpeech($0, options: Make.english, now: Make.now).sentence }
        #expect(said[0] == "Ana Ruiz and 2 others favourited your post: My first post. 5 minutes ago")
        #expect(said[2] == "Tom Walsh and Grace Okafor boosted your post: My first post. 5 minutes ago")
        #expect(said[3] == "Grace Okafor favourited your post: My second post. 5 minutes ago")
        // Without their post, favourites cannot be grouped: each is said, plainly.
        #expect(said[4] == "Someone favourited your post. The post is no longer available. 5 minutes ago")
        let spanish = list.map { NotificationSpeech($0, options: Make.spanish, now: Make.now).sentence }
        #expect(spanish[0] == "Ana Ruiz y 2 personas más han marcado como favorita tu publicación: My first post. hace 5 minutos")
        #expect(spanish[2] == "Tom Walsh y Grace Okafor han impulsado tu publicación: My first post. hace 5 minutos")
    }

    @Test func namesAreJoinedAsEachLanguageDoes() {
        #expect(BufferWords(language: .english).list(["Ana", "Tom", "Grace"]) == "Ana, Tom and Grace")
        #expect(BufferWords(language: .spanish).list(["Ana", "Tom"]) == "Ana y Tom")
        #expect(BufferWords(language: .spanish).list(["Ana", "Iván"]) == "Ana e Iván")
        #expect(BufferWords(language: .spanish).list(["Ana", "Hilario"]) == "Ana e Hilario")
        #expect(BufferWords(language: .spanish).list(["Ana", "Hielo"]) == "Ana y Hielo")
        #expect(BufferWords(language: .catalan).list(["Ana", "Tom"]) == "Ana i Tom")
        #expect(BufferWords(language: .english).andOthers("Ana", 1) == "Ana and 1 other")
    }
}

@Suite(.timeLimit(.minutes(5))) struct ConversationSpeechTests {
    func sentence(_ object: [String: Any], _ options: SpeakableTextOptions = Make.english) throws -> String {
        ConversationSpeech(try Make.decode(Conversation.self, object), options: options, now: Make.now).sentence
    }

    @Test func withWhomUnreadAndTheLastMessage() throws {
        let last = Make.status("5", by: Make.grace, "Are you coming?", visibility: "direct")
        let conversation: [String: Any] = ["id": "1", "unread": true, "accounts": [Make.grace, Make.tom], "last_status": last]
        #expect(try sentence(conversation) == "With Grace Okafor and Tom Walsh, unread. Grace Okafor wrote: Are you coming? 5 minutes ago")
        #expect(
            try sentence(conversation, Make.spanish)
                == "Con Grace Okafor y Tom Walsh, sin leer. Grace Okafor escribió: Are you coming? hace 5 minutos")
    }

    @Test func aLastMessageByNoneOfThemIsYours() throws {
        let last = Make.status("5", by: Make.me, "See you there.", visibility: "direct", time: false)
        let conversation: [String: Any] = ["id": "1", "unread": false, "accounts": [Make.grace], "last_status": last]
        #expect(try sentence(conversation) == "With Grace Okafor. You wrote: See you there.")
        #expect(try sentence(conversation, Make.spanish) == "Con Grace Okafor. Escribiste: See you there.")
    }

    @Test func noLastMessageNoPeopleAndNamelessPeopleAreSaidPlainly() throws {
        #expect(try sentence(["id": "1", "unread": false, "accounts": [Make.grace]]) == "With Grace Okafor. No message to show.")
        #expect(
            try sentence(["id": "1", "unread": false, "accounts": [Make.grace]], Make.spanish)
                == "Con Grace Okafor. No hay ningún mensaje que mostrar.")
        #expect(try sentence(["id": "2", "unread": true, "accounts": []]) == "Only you, unread. No message to show.")
        #expect(
            try sentence(["id": "2", "unread": true, "accounts": []], Make.spanish)
                == "Solo tú, sin leer. No hay ningún mensaje que mostrar.")
        let nameless = Make.account("8", "", username: "")
        let last = Make.status("5", by: nameless, "hi", visibility: "direct", time: false)
        #expect(
            try sentence(["id": "3", "unread": false, "accounts": [nameless], "last_status": last])
                == "With someone. Someone wrote: hi")
    }

    @Test func manyPeopleAreCut() throws {
        let people = (1...6).map { Make.account("\($0)", "Person \($0)") }
        #expect(
            try sentence(["id": "1", "unread": false, "accounts": people])
                == "With Person 1, Person 2, Person 3 and 3 others. No message to show.")
        #expect(
            try sentence(["id": "1", "unread": false, "accounts": people], Make.spanish)
                == "Con Person 1, Person 2, Person 3 y 3 personas más. No hay ningún mensaje que mostrar.")
    }
}

@Suite(.timeLimit(.minutes(5))) struct ThreadReadingTests {
    func status(_ object: [String: Any]) throws -> Status { try Make.decode(Status.self, object) }

    @Test func ancestorsThePostAndRepliesInReadingOrder() throws {
        let a1 = Make.status("1", by: Make.ana, "Which bakery?", time: false)
        let a2 = Make.status("2", by: Make.tom, "@ana The one by the station.", replyTo: ("1", "1"), time: false)
        let focus = try status(Make.status("3", by: Make.ana, "@tom Thanks!", replyTo: ("2", "2"), time: false))
        let r1 = Make.status("4", by: Make.grace, "Try the other one too.", replyTo: ("3", "1"), time: false)
        let r2 = Make.status("5", by: Make.carmen, "Me too.", replyTo: ("3", "1"), time: false)
        let r1a = Make.status("6", by: Make.ana, "Will do.", replyTo: ("4", "3"), time: false)
        // Its parent is not in the thread (deleted), and whom it answered is not known.
        let orphan = Make.status("7", by: Make.tom, "Lost reply.", replyTo: ("99", "98"), time: false)
        let context = try Make.decode(
            StatusContext.self,
            [
                "ancestors": [a2, a1],  // out of order: the chain puts them right
                "descendants": [r1, r2, r1a, orphan],
            ])
        let thread = StatusThread(focus: focus, context: context, options: Make.english)
        #expect(thread.posts.map(\.id) == ["1", "2", "3", "4", "6", "5", "7"])
        #expect(thread.focusIndex == 2)
        let said = thread.speeches(options: Make.english, now: Make.now).map { $0.sentence(language: .english) }
        #expect(
            said == [
                "Ana Ruiz. Which bakery?",
                "Tom Walsh. In reply to Ana Ruiz. @ana The one by the station.",
                "Ana Ruiz. In reply to Tom Walsh. @tom Thanks!",
                "Grace Okafor. In reply to Ana Ruiz. Try the other one too.",
                "Ana Ruiz. In reply to Grace Okafor. Will do.",
                "Carmen Ruiz. In reply to Ana Ruiz. Me too.",
                "Tom Walsh. In reply to a post. Lost reply.",
            ])
        let spanish = thread.speeches(options: Make.spanish, now: Make.now).map { $0.sentence(language: .spanish) }
        #expect(spanish[1] == "Tom Walsh. En respuesta a Ana Ruiz. @ana The one by the station.")
        #expect(spanish[6] == "Tom Walsh. En respuesta a una publicación. Lost reply.")
    }

    @Test func aCycleFromAHostileServerEndsAndDropsNothing() throws {
        let focus = try status(Make.status("1", by: Make.ana, "Start", time: false))
        let d1 = Make.status("2", by: Make.tom, "a", replyTo: ("3", "2"), time: false)
        let d2 = Make.status("3", by: Make.tom, "b", replyTo: ("2", "2"), time: false)
        let context = try Make.decode(StatusContext.self, ["ancestors": [d1], "descendants": [d1, d2]])
        let thread = StatusThread(focus: focus, context: context)
        #expect(thread.posts.map(\.id) == ["2", "1", "3"])
    }

    @Test func aVeryDeepThreadDoesNotExhaustTheStack() throws {
        let focus = try status(Make.status("0", by: Make.ana, "Start", time: false))
        let replies = (1...20_000).map { Make.status("\($0)", by: Make.tom, "r", replyTo: ("\($0 - 1)", "2"), time: false) }
        let context = try Make.decode(StatusContext.self, ["ancestors": [], "descendants": replies])
        #expect(StatusThread(focus: focus, context: context).posts.count == 20_001)
    }
}

@Suite(.timeLimit(.minutes(5))) struct InReplyToTests {
    func reply(_ object: [String: Any], _ options: SpeakableTextOptions = Make.english) throws -> String? {
        StatusSpeech(try Make.decode(Status.self, object), options: options, now: Make.now).inReplyTo
    }

    @Test func whomAReplyAnswers() throws {
        #expect(try reply(Make.status("1", by: Make.ana, "Hi")) == nil)
        #expect(try reply(Make.status("2", by: Make.ana, "and more", replyTo: ("1", "1"))) == "In reply to Ana Ruiz.")
        #expect(
            try reply(Make.status("3", by: Make.ana, "@tom yes", replyTo: ("1", "2"), mentions: [Make.tom]))
                == "In reply to tom.")
        #expect(
            try reply(Make.status("3", by: Make.ana, "@tom yes", replyTo: ("1", "2"), mentions: [Make.tom]), Make.spanish)
                == "En respuesta a tom.")
        #expect(try reply(Make.status("4", by: Make.ana, "yes", replyTo: ("1", "2"))) == "In reply to a post.")
        #expect(
            try reply(Make.status("5", by: Make.ana, "yes", replyTo: ("1", nil)), Make.spanish)
                == "En respuesta a una publicación.")
    }

    @Test func theSentenceSaysItAfterTheAuthor() throws {
        let status = try Make.decode(Status.self, Make.status("2", by: Make.ana, "and more", replyTo: ("1", "1")))
        #expect(
            StatusSpeech(status, options: Make.english, now: Make.now).sentence(language: .english)
                == "Ana Ruiz. In reply to Ana Ruiz. and more. 5 minutes ago")
    }

    @Test func emptyListsAreSaid() {
        #expect(BufferList.favourites.emptyMessage(in: .english) == "No favourites.")
        #expect(BufferList.notifications.emptyMessage(in: .spanish) == "No hay notificaciones.")
        #expect(BufferList.bookmarks.emptyMessage(in: .spanish) == "No hay marcadores.")
        #expect(BufferList.conversations.emptyMessage(in: .english) == "No direct messages.")
        for list in BufferList.allCases {
            #expect(Set([Language.britishEnglish, .spanish, .catalan].map { list.emptyMessage(in: $0) }).count == 3)
        }
        #expect(BufferList.favourites.emptyMessage(in: .americanEnglish) == "No favorites.")
    }

    @Test func theBufferWordsAreCompleteInEveryLanguage() {
        #expect(CatalogueAudit.problems(BufferText.self) == [])
        #expect(BufferWords(language: .americanEnglish).notification(.favourite, "Ana", plural: false, direct: false) == "Ana favorited your post")
        #expect(BufferWords(language: .americanEnglish).notification(.follow, "Ana", plural: false, direct: false) == "Ana followed you")
    }
}

/// Favourites and bookmarks page like the home timeline: built first request, then the
/// server's Link URLs.
@Suite(.timeLimit(.minutes(5))) struct FavouritesAndBookmarksTests {
    @Test(arguments: [("favourites", "/api/v1/favourites"), ("bookmarks", "/api/v1/bookmarks")])
    func pagedByLinks(list: String, path: String) async throws {
        let transport = StubTransport(responder: StubServer.timeline(total: 100))
        let engine = StubServer.engine(transport: transport)
        let page = list == "favourites" ? try await engine.favourites(upTo: 50) : try await engine.bookmarks(upTo: 50)
        #expect(page.items.count == 50)
        #expect(page.items.first?.id == "100")
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://mastodon.example\(path)?limit=40",
                "https://mastodon.example\(path)?limit=10&max_id=61",
            ])
    }
}
