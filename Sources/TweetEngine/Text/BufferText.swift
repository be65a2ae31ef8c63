import Localization

/// The words the buffers say (notifications, direct messages, threads, "in reply to"), keyed
/// like `EngineText`. Placeholders are `{0}`, `{1}`.
enum BufferText: String, TranslatedText, CaseIterable {
    case someone, someoneInside, andOne, andOthers, sentYouDirect, mentionedYou, posted, boostedYourPost
    case boostedYourPostPlural, favouritedYourPost, favouritedYourPostPlural, followedYou, followedYouPlural, asksToFollow
    case pollEnded, editedAPost, quotedYourPost, signedUp, filedAReport, relationshipsSevered
    case moderationWarning, unknownNotification, unknownNotificationFrom, postUnavailable, conversationWith
    case unread, onlyYou, wrote, youWrote, noMessages, inReplyTo, inReplyToAPost, noNotifications
    case noConversations, noFavourites, noBookmarks, noThread

    static let tables: [Language: [BufferText: String]] = [
        .britishEnglish: english, .americanEnglish: american, .spanish: spanish, .catalan: catalan,
    ]

    static let english: [BufferText: String] = [
        .someone: "Someone",
        .someoneInside: "someone",
        .andOne: "{0} and 1 other",
        .andOthers: "{0} and {1} others",
        .sentYouDirect: "{0} sent you a direct message",
        .mentionedYou: "{0} mentioned you",
        .posted: "{0} posted",
        .boostedYourPost: "{0} boosted your post",
        .boostedYourPostPlural: "{0} boosted your post",
        .favouritedYourPost: "{0} favourited your post",
        .favouritedYourPostPlural: "{0} favourited your post",
        .followedYou: "{0} followed you",
        .followedYouPlural: "{0} followed you",
        .asksToFollow: "{0} asks to follow you",
        .pollEnded: "A poll by {0} has ended",
        .editedAPost: "{0} edited a post",
        .quotedYourPost: "{0} quoted your post",
        .signedUp: "{0} signed up",
        .filedAReport: "{0} filed a report",
        .relationshipsSevered: "Some of your follow relationships were cut by a moderation decision",
        .moderationWarning: "You have a warning from the moderators",
        .unknownNotification: "A notification of a kind loowi does not know ({0})",
        .unknownNotificationFrom: "{1}: a notification of a kind loowi does not know ({0})",
        .postUnavailable: "The post is no longer available.",
        .conversationWith: "With {0}",
        .unread: ", unread",
        .onlyYou: "Only you",
        .wrote: "{0} wrote:",
        .youWrote: "You wrote:",
        .noMessages: "No message to show.",
        .inReplyTo: "In reply to {0}.",
        .inReplyToAPost: "In reply to a post.",
        .noNotifications: "No notifications.",
        .noConversations: "No direct messages.",
        .noFavourites: "No favourites.",
        .noBookmarks: "No bookmarks.",
        .noThread: "No posts in this thread.",
    ]

    static let spanish: [BufferText: String] = [
        .someone: "Alguien",
        .someoneInside: "alguien",
        .andOne: "{0} y 1 persona más",
        .andOthers: "{0} y {1} personas más",
        .sentYouDirect: "{0} te ha enviado un mensaje directo",
        .mentionedYou: "{0} te ha mencionado",
        .posted: "{0} ha publicado",
        .boostedYourPost: "{0} ha impulsado tu publicación",
        .boostedYourPostPlural: "{0} han impulsado tu publicación",
        .favouritedYourPost: "{0} ha marcado como favorita tu publicación",
        .favouritedYourPostPlural: "{0} han marcado como favorita tu publicación",
        .followedYou: "{0} ha empezado a seguirte",
        .followedYouPlural: "{0} han empezado a seguirte",
        .asksToFollow: "{0} pide seguirte",
        .pollEnded: "Ha terminado una encuesta de {0}",
        .editedAPost: "{0} ha editado una publicación",
        .quotedYourPost: "{0} ha citado tu publicación",
        .signedUp: "{0} se ha registrado",
        .filedAReport: "{0} ha enviado una denuncia",
        .relationshipsSevered: "Se han cortado algunas de tus relaciones de seguimiento por una decisión de moderación",
        .moderationWarning: "Tienes una advertencia de los moderadores",
        .unknownNotification: "Una notificación de un tipo que loowi no conoce ({0})",
        .unknownNotificationFrom: "{1}: una notificación de un tipo que loowi no conoce ({0})",
        .postUnavailable: "La publicación ya no está disponible.",
        .conversationWith: "Con {0}",
        .unread: ", sin leer",
        .onlyYou: "Solo tú",
        .wrote: "{0} escribió:",
        .youWrote: "Escribiste:",
        .noMessages: "No hay ningún mensaje que mostrar.",
        .inReplyTo: "En respuesta a {0}.",
        .inReplyToAPost: "En respuesta a una publicación.",
        .noNotifications: "No hay notificaciones.",
        .noConversations: "No hay mensajes directos.",
        .noFavourites: "No hay favoritos.",
        .noBookmarks: "No hay marcadores.",
        .noThread: "No hay publicaciones en este hilo.",
    ]

    static let catalan: [BufferText: String] = [
        .someone: "Algú",
        .someoneInside: "algú",
        .andOne: "{0} i 1 persona més",
        .andOthers: "{0} i {1} persones més",
        .sentYouDirect: "{0} t'ha enviat un missatge directe",
        .mentionedYou: "{0} t'ha esmentat",
        .posted: "{0} ha publicat",
        .boostedYourPost: "{0} ha impulsat la teva publicació",
        .boostedYourPostPlural: "{0} han impulsat la teva publicació",
        .favouritedYourPost: "{0} ha afavorit la teva publicació",
        .favouritedYourPostPlural: "{0} han afavorit la teva publicació",
        .followedYou: "{0} ha començat a seguir-te",
        .followedYouPlural: "{0} han començat a seguir-te",
        .asksToFollow: "{0} demana seguir-te",
        .pollEnded: "Ha acabat una enquesta de {0}",
        .editedAPost: "{0} ha editat una publicació",
        .quotedYourPost: "{0} ha citat la teva publicació",
        .signedUp: "{0} s'ha registrat",
        .filedAReport: "{0} ha enviat una denúncia",
        .relationshipsSevered: "S'han tallat algunes de les teves relacions de seguiment per una decisió de moderació",
        .moderationWarning: "Tens un avís dels moderadors",
        .unknownNotification: "Una notificació d'un tipus que loowi no coneix ({0})",
        .unknownNotificationFrom: "{1}: una notificació d'un tipus que loowi no coneix ({0})",
        .postUnavailable: "La publicació ja no està disponible.",
        .conversationWith: "Amb {0}",
        .unread: ", sense llegir",
        .onlyYou: "Només tu",
        .wrote: "{0} va escriure:",
        .youWrote: "Vas escriure:",
        .noMessages: "No hi ha cap missatge per mostrar.",
        .inReplyTo: "En resposta a {0}.",
        .inReplyToAPost: "En resposta a una publicació.",
        .noNotifications: "No hi ha notificacions.",
        .noConversations: "No hi ha missatges directes.",
        .noFavourites: "No hi ha favorits.",
        .noBookmarks: "No hi ha marcadors.",
        .noThread: "No hi ha publicacions en aquest fil.",
    ]

    /// Only what American English spells differently.
    static let american: [BufferText: String] = [
        .favouritedYourPost: "{0} favorited your post",
        .favouritedYourPostPlural: "{0} favorited your post",
        .noFavourites: "No favorites.",
    ]
}
