/// Every word the buffers say (notifications, direct messages, threads, "in reply to"),
/// per language. Kept in this one file on purpose: the engine's wording is moving to one
/// catalogue type, and these convert in one place.
struct BufferWords {
    let language: EngineLanguage

    func pick(_ english: String, _ spanish: String, _ catalan: String) -> String {
        switch language {
        case .english: english
        case .spanish: spanish
        case .catalan: catalan
        }
    }

    // MARK: Names

    /// Said for an account that is missing, or whose name is empty: at the start of a
    /// sentence, or inside one.
    var someone: String { pick("Someone", "Alguien", "Algú") }
    var someoneInside: String { pick("someone", "alguien", "algú") }

    /// "Ana", "Ana and Tom", "Ana, Tom and Grace" (Spanish "y" becomes "e" before an "i" sound).
    func list(_ names: [String]) -> String {
        guard let last = names.last else { return "" }
        guard names.count > 1 else { return last }
        let head = names.dropLast().joined(separator: ", ")
        return "\(head) \(and(before: last)) \(last)"
    }

    private func and(before word: String) -> String {
        switch language {
        case .english: return "and"
        case .catalan: return "i"
        case .spanish:
            let lower = word.lowercased()
            let iSound = (lower.hasPrefix("i") || lower.hasPrefix("hi")) && !lower.hasPrefix("hie") && !lower.hasPrefix("hia")
            return iSound ? "e" : "y"
        }
    }

    /// "Ana Ruiz and 3 others" (a group of more than two).
    func andOthers(_ name: String, _ others: Int) -> String {
        others == 1
            ? pick("\(name) and 1 other", "\(name) y 1 persona más", "\(name) i 1 persona més")
            : pick("\(name) and \(others) others", "\(name) y \(others) personas más", "\(name) i \(others) persones més")
    }

    // MARK: Notifications

    /// The head of a notification's sentence; `plural` when a group of people did it.
    func notification(_ type: NotificationType, _ name: String, plural: Bool, direct: Bool) -> String {
        switch type {
        case .mention where direct:
            return pick(
                "\(name) sent you a direct message", "\(name) te ha enviado un mensaje directo",
                "\(name) t'ha enviat un missatge directe")
        case .mention:
            return pick("\(name) mentioned you", "\(name) te ha mencionado", "\(name) t'ha esmentat")
        case .status:
            return pick("\(name) posted", "\(name) ha publicado", "\(name) ha publicat")
        case .reblog:
            return plural
                ? pick("\(name) boosted your post", "\(name) han impulsado tu publicación", "\(name) han impulsat la teva publicació")
                : pick("\(name) boosted your post", "\(name) ha impulsado tu publicación", "\(name) ha impulsat la teva publicació")
        case .favourite:
            return plural
                ? pick(
                    "\(name) favourited your post", "\(name) han marcado como favorita tu publicación",
                    "\(name) han afavorit la teva publicació")
                : pick(
                    "\(name) favourited your post", "\(name) ha marcado como favorita tu publicación",
                    "\(name) ha afavorit la teva publicació")
        case .follow:
            return pick("\(name) followed you", "\(name) ha empezado a seguirte", "\(name) ha començat a seguir-te")
        case .followRequest:
            return pick("\(name) asks to follow you", "\(name) pide seguirte", "\(name) demana seguir-te")
        case .poll:
            return pick(
                "A poll by \(name) has ended", "Ha terminado una encuesta de \(name)", "Ha acabat una enquesta de \(name)")
        case .update:
            return pick("\(name) edited a post", "\(name) ha editado una publicación", "\(name) ha editat una publicació")
        case .quote:
            return pick("\(name) quoted your post", "\(name) ha citado tu publicación", "\(name) ha citat la teva publicació")
        case .adminSignUp:
            return pick("\(name) signed up", "\(name) se ha registrado", "\(name) s'ha registrat")
        case .adminReport:
            return pick("\(name) filed a report", "\(name) ha enviado una denuncia", "\(name) ha enviat una denúncia")
        case .severedRelationships:
            return pick(
                "Some of your follow relationships were cut by a moderation decision",
                "Se han cortado algunas de tus relaciones de seguimiento por una decisión de moderación",
                "S'han tallat algunes de les teves relacions de seguiment per una decisió de moderació")
        case .moderationWarning:
            return pick(
                "You have a warning from the moderators", "Tienes una advertencia de los moderadores",
                "Tens un avís dels moderadors")
        }
    }

    /// A type loowi does not know yet, said with its name so it can be looked up.
    func unknownNotification(_ type: String, from name: String?) -> String {
        guard let name else {
            return pick(
                "A notification of a kind loowi does not know (\(type))",
                "Una notificación de un tipo que loowi no conoce (\(type))",
                "Una notificació d'un tipus que loowi no coneix (\(type))")
        }
        return pick(
            "\(name): a notification of a kind loowi does not know (\(type))",
            "\(name): una notificación de un tipo que loowi no conoce (\(type))",
            "\(name): una notificació d'un tipus que loowi no coneix (\(type))")
    }

    var postUnavailable: String {
        pick("The post is no longer available.", "La publicación ya no está disponible.", "La publicació ja no està disponible.")
    }

    // MARK: Direct messages

    /// "With Grace Okafor and Tom Walsh", with ", unread" when there is something new.
    func conversation(with names: String, unread: Bool) -> String {
        let head = pick("With \(names)", "Con \(names)", "Amb \(names)")
        return unread ? head + pick(", unread", ", sin leer", ", sense llegir") : head
    }

    func conversationAlone(unread: Bool) -> String {
        let head = pick("Only you", "Solo tú", "Només tu")
        return unread ? head + pick(", unread", ", sin leer", ", sense llegir") : head
    }

    func wrote(_ name: String) -> String { pick("\(name) wrote:", "\(name) escribió:", "\(name) va escriure:") }
    var youWrote: String { pick("You wrote:", "Escribiste:", "Vas escriure:") }
    var noMessages: String { pick("No message to show.", "No hay ningún mensaje que mostrar.", "No hi ha cap missatge per mostrar.") }

    // MARK: Replies

    func inReplyTo(_ name: String) -> String { pick("In reply to \(name).", "En respuesta a \(name).", "En resposta a \(name).") }
    var inReplyToAPost: String { pick("In reply to a post.", "En respuesta a una publicación.", "En resposta a una publicació.") }

    // MARK: Empty lists

    func empty(_ list: BufferList) -> String {
        switch list {
        case .notifications: pick("No notifications.", "No hay notificaciones.", "No hi ha notificacions.")
        case .conversations: pick("No direct messages.", "No hay mensajes directos.", "No hi ha missatges directes.")
        case .favourites: pick("No favourites.", "No hay favoritos.", "No hi ha favorits.")
        case .bookmarks: pick("No bookmarks.", "No hay marcadores.", "No hi ha marcadors.")
        case .thread: pick("No posts in this thread.", "No hay publicaciones en este hilo.", "No hi ha publicacions en aquest fil.")
        }
    }
}

/// The buffers' lists, for what is said when one is empty.
public enum BufferList: Sendable, CaseIterable {
    case notifications, conversations, favourites, bookmarks, thread

    /// "No notifications." in the user's language.
    public func emptyMessage(in language: EngineLanguage) -> String { BufferWords(language: language).empty(self) }
}
