import Foundation

extension EngineError {
    /// The error in plain words, in one of loowi's languages.
    ///
    /// - Parameters:
    ///   - retryIn: when the caller will retry by itself, to say so ("loowi will try again
    ///     in 30 seconds."); nil when it will not.
    ///   - now: the current time, for "until" phrases (from the engine's clock).
    ///   - timeZone: for the time of day in "try again at 12:05".
    public func spoken(
        in language: EngineLanguage, retryIn: Duration? = nil, now: Date = Date(), timeZone: TimeZone = .current
    ) -> SpokenMessage {
        let words = ErrorWords(language: language, timeZone: timeZone)
        let description = words.description(of: self)
        var advice = words.advice(for: self, now: now)
        if let retryIn {
            advice = words.retry(in: retryIn)
        }
        return SpokenMessage(description: description, advice: advice)
    }

    /// The English description and advice (also what `localizedDescription` gives).
    public var spokenDescription: String { spoken(in: .english).text }
}

extension EngineError: LocalizedError {
    public var errorDescription: String? { spokenDescription }
}

/// The sentences, per language. Kept together so a missing translation shows up as a
/// compile error in one switch, not as English in the middle of Catalan.
struct ErrorWords {
    let language: EngineLanguage
    var timeZone: TimeZone = .current

    func pick(_ english: String, _ spanish: String, _ catalan: String) -> String {
        switch language {
        case .english: english
        case .spanish: spanish
        case .catalan: catalan
        }
    }

    func description(of error: EngineError) -> String {
        switch error {
        case .transport(let transport): return description(of: transport)
        case .http(let status, let message):
            switch status {
            case 401:
                return pick("Your login is no longer valid.", "Tu sesión ya no es válida.", "La teva sessió ja no és vàlida.")
            case 403:
                return pick("The server does not allow this.", "El servidor no lo permite.", "El servidor no ho permet.")
            case 404:
                return pick(
                    "The server cannot find this. It may have been deleted.",
                    "El servidor no lo encuentra. Puede que se haya borrado.",
                    "El servidor no ho troba. Potser s'ha esborrat.")
            case 408, 502, 503, 504:
                return pick(
                    "The server is not answering.", "El servidor no responde.", "El servidor no respon.")
            case 422:
                let reason = message.map { " \($0)" } ?? ""
                return pick(
                    "The server refused this.\(reason)", "El servidor lo ha rechazado.\(reason)",
                    "El servidor ho ha rebutjat.\(reason)")
            case 500...599:
                return pick(
                    "The server has a problem (error \(status)).", "El servidor tiene un problema (error \(status)).",
                    "El servidor té un problema (error \(status)).")
            default:
                return pick(
                    "The server answered with error \(status).", "El servidor ha respondido con el error \(status).",
                    "El servidor ha respost amb l'error \(status).")
            }
        case .rateLimited:
            return pick(
                "The server asks loowi to slow down.", "El servidor pide a loowi que vaya más despacio.",
                "El servidor demana a loowi que vagi més a poc a poc.")
        case .decoding:
            return pick(
                "The server sent an answer loowi cannot read.", "El servidor ha enviado una respuesta que loowi no entiende.",
                "El servidor ha enviat una resposta que loowi no entén.")
        case .notLoggedIn:
            return pick("You are not logged in.", "No has iniciado sesión.", "No has iniciat la sessió.")
        case .postTooLong(let count, let maximum):
            return pick(
                "The post has \(count) characters; the server allows \(maximum).",
                "La publicación tiene \(count) caracteres; el servidor permite \(maximum).",
                "La publicació té \(count) caràcters; el servidor en permet \(maximum).")
        case .tokenFileInsecure(let path):
            return pick(
                "The login file \(path) can be read by other people, so loowi will not use it.",
                "Otras personas pueden leer el archivo de sesión \(path), así que loowi no lo usará.",
                "Altres persones poden llegir el fitxer de sessió \(path), així que loowi no el farà servir.")
        case .tokenStorage(let path, _):
            return pick(
                "loowi cannot read or write the login file \(path).",
                "loowi no puede leer ni escribir el archivo de sesión \(path).",
                "loowi no pot llegir ni escriure el fitxer de sessió \(path).")
        case .streamingUnavailable:
            return pick(
                "This server does not send live updates.", "Este servidor no envía actualizaciones en directo.",
                "Aquest servidor no envia actualitzacions en directe.")
        case .loginRefused(let message):
            let reason = message.map { " \($0)" } ?? ""
            return pick(
                "The server refused the login.\(reason)", "El servidor ha rechazado el inicio de sesión.\(reason)",
                "El servidor ha rebutjat l'inici de sessió.\(reason)")
        case .directMessageNotAllowed(let handle):
            return pick(
                "@\(handle) does not follow you, so loowi will not send them a direct message.",
                "@\(handle) no te sigue, así que loowi no le enviará un mensaje directo.",
                "@\(handle) no et segueix, així que loowi no li enviarà un missatge directe.")
        case .cancelled:
            return pick("Cancelled.", "Cancelado.", "Cancel·lat.")
        }
    }

    private func description(of error: TransportError) -> String {
        switch error {
        case .couldNotConnect, .couldNotResolveHost, .connectionLost:
            return pick(
                "loowi cannot reach the server.", "loowi no puede conectar con el servidor.",
                "loowi no pot connectar amb el servidor.")
        case .timedOut:
            return pick("The server is not answering.", "El servidor no responde.", "El servidor no respon.")
        case .insecureURL:
            return pick(
                "loowi only talks to servers over a secure connection (https).",
                "loowi solo habla con servidores por una conexión segura (https).",
                "loowi només parla amb servidors per una connexió segura (https).")
        case .certificateNotTrusted, .secureConnectionFailed:
            return pick(
                "The server's security certificate is not trusted.",
                "El certificado de seguridad del servidor no es de confianza.",
                "El certificat de seguretat del servidor no és de confiança.")
        case .serverDidNotSpeakHTTPS:
            return pick(
                "The server did not answer in HTTPS, the secure protocol loowi uses.",
                "El servidor no ha respondido en HTTPS, el protocolo seguro que usa loowi.",
                "El servidor no ha respost en HTTPS, el protocol segur que fa servir loowi.")
        case .serverSpeaksHTTPS:
            return pick(
                "The server speaks HTTPS, but the address starts with http://.",
                "El servidor habla HTTPS, pero la dirección empieza por http://.",
                "El servidor parla HTTPS, però l'adreça comença per http://.")
        case .answerCutOff:
            return pick(
                "The server's answer was cut off before its end.", "La respuesta del servidor se ha cortado antes del final.",
                "La resposta del servidor s'ha tallat abans del final.")
        case .securitySetupFailed:
            return pick(
                "loowi could not turn on its connection safety checks, so it sent nothing.",
                "loowi no ha podido activar sus comprobaciones de seguridad de la conexión, así que no ha enviado nada.",
                "loowi no ha pogut activar les comprovacions de seguretat de la connexió, així que no ha enviat res.")
        case .responseTooLarge:
            return pick(
                "The server sent too much data.", "El servidor ha enviado demasiados datos.",
                "El servidor ha enviat massa dades.")
        case .redirectToOtherHost(let host):
            return pick(
                "The server tried to send loowi to another site, \(host).",
                "El servidor ha intentado enviar a loowi a otro sitio, \(host).",
                "El servidor ha intentat enviar loowi a un altre lloc, \(host).")
        case .invalidURL, .unsupportedScheme:
            return pick(
                "The server address is not valid.", "La dirección del servidor no es válida.",
                "L'adreça del servidor no és vàlida.")
        case .cancelled:
            return pick("Cancelled.", "Cancelado.", "Cancel·lat.")
        case .tooManyRedirects, .invalidResponse, .other:
            return pick(
                "Something went wrong talking to the server.", "Algo ha fallado al hablar con el servidor.",
                "Alguna cosa ha fallat en parlar amb el servidor.")
        }
    }

    func advice(for error: EngineError, now: Date) -> String {
        switch error {
        case .transport(let transport):
            switch transport {
            case .couldNotConnect, .couldNotResolveHost, .connectionLost:
                return pick(
                    "Check your internet connection and try again.", "Comprueba tu conexión a internet y vuelve a intentarlo.",
                    "Comprova la connexió a internet i torna-ho a provar.")
            case .certificateNotTrusted, .secureConnectionFailed:
                return pick(
                    "Check the server address. If your server uses its own certificate authority, give its file with: loowi config set ca_file /path/to/ca.pem",
                    "Comprueba la dirección del servidor. Si tu servidor usa su propia autoridad de certificación, indica su archivo con: loowi config set ca_file /ruta/a/ca.pem",
                    "Comprova l'adreça del servidor. Si el teu servidor fa servir la seva pròpia autoritat de certificació, indica'n el fitxer amb: loowi config set ca_file /camí/a/ca.pem")
            case .serverDidNotSpeakHTTPS:
                return pick(
                    "Check the address and the port. For a test server on this computer that speaks plain HTTP, write http:// before the address.",
                    "Comprueba la dirección y el puerto. Para un servidor de pruebas en este ordenador que habla HTTP sin cifrar, escribe http:// delante de la dirección.",
                    "Comprova l'adreça i el port. Per a un servidor de proves en aquest ordinador que parla HTTP sense xifrar, escriu http:// davant de l'adreça.")
            case .serverSpeaksHTTPS:
                return pick(
                    "Write https:// instead.", "Escribe https:// en su lugar.", "Escriu https:// en lloc seu.")
            case .securitySetupFailed:
                return pick(
                    "The libcurl on this computer may be too old; update it (libcurl 7.85 or later) and try again.",
                    "Puede que la libcurl de este ordenador sea demasiado antigua; actualízala (libcurl 7.85 o posterior) y vuelve a intentarlo.",
                    "Potser la libcurl d'aquest ordinador és massa antiga; actualitza-la (libcurl 7.85 o posterior) i torna-ho a provar.")
            case .insecureURL, .invalidURL, .unsupportedScheme:
                return pick(
                    "Use the server's https address.", "Usa la dirección https del servidor.",
                    "Fes servir l'adreça https del servidor.")
            case .cancelled:
                return ""
            default:
                return tryLater
            }
        case .http(let status, _):
            switch status {
            case 401: return pick("Log in again.", "Vuelve a iniciar sesión.", "Torna a iniciar la sessió.")
            case 422:
                return pick(
                    "Change it and try again.", "Cámbialo y vuelve a intentarlo.", "Canvia-ho i torna-ho a provar.")
            case 403, 404: return ""
            default: return tryLater
            }
        case .rateLimited(let until):
            // The time, never "loowi will try again": a command or a cancelled wait does not.
            let at = ClockTime.at(until, language: language, timeZone: timeZone)
            let after = RelativeTime.phrase(after: ServerNumber.duration(seconds: max(1, until.timeIntervalSince(now))), language: language)
            return pick(
                "You can try again \(at), \(after).", "Puedes volver a intentarlo \(at), \(after).",
                "Pots tornar-ho a provar \(at), \(after).")
        case .decoding:
            return pick(
                "Try again later. If it keeps happening, the server may not be compatible with loowi.",
                "Inténtalo más tarde. Si sigue pasando, puede que el servidor no sea compatible con loowi.",
                "Torna-ho a provar més tard. Si continua passant, potser el servidor no és compatible amb loowi.")
        case .notLoggedIn:
            return pick("Log in first.", "Inicia sesión primero.", "Inicia la sessió primer.")
        case .postTooLong(let count, let maximum):
            let over = count - maximum
            return pick(
                "Remove \(over) characters.", "Quita \(over) caracteres.", "Treu-ne \(over) caràcters.")
        case .tokenFileInsecure(let path):
            return pick(
                "To fix it, run: chmod 600 \(path)", "Para arreglarlo, ejecuta: chmod 600 \(path)",
                "Per arreglar-ho, executa: chmod 600 \(path)")
        case .tokenStorage:
            return pick(
                "Check that your configuration folder exists and is yours.",
                "Comprueba que tu carpeta de configuración existe y es tuya.",
                "Comprova que la carpeta de configuració existeix i és teva.")
        case .streamingUnavailable:
            return pick(
                "Refresh the timeline to see new posts.", "Actualiza la cronología para ver publicaciones nuevas.",
                "Actualitza la cronologia per veure publicacions noves.")
        case .loginRefused:
            return pick(
                "Start the login again and paste the new code.", "Vuelve a empezar el inicio de sesión y pega el código nuevo.",
                "Torna a començar l'inici de sessió i enganxa el codi nou.")
        case .directMessageNotAllowed:
            return pick(
                "Mention them in a post instead, or allow messages to anyone with: loowi config set dm_followers_only false",
                "Menciónale en una publicación, o permite mensajes a cualquiera con: loowi config set dm_followers_only false",
                "Esmenta'l en una publicació, o permet missatges a qualsevol amb: loowi config set dm_followers_only false")
        case .cancelled:
            return ""
        }
    }

    var tryLater: String {
        pick("Try again in a moment.", "Vuelve a intentarlo dentro de un momento.", "Torna-ho a provar d'aquí a una estona.")
    }

    func retry(in duration: Duration) -> String {
        let when = RelativeTime.phrase(after: duration, language: language)
        return pick("loowi will try again \(when).", "loowi lo volverá a intentar \(when).", "loowi ho tornarà a provar \(when).")
    }
}

extension EngineEvent {
    /// What a wait means, said at once when it starts: "The server asks loowi to wait until
    /// 12:05, in 4 minutes, before asking again."
    public func spoken(in language: EngineLanguage, now: Date, timeZone: TimeZone = .current) -> String {
        switch self {
        case .waitingForRateLimit(let until):
            let words = ErrorWords(language: language, timeZone: timeZone)
            let time = ClockTime.until(until, language: language, timeZone: timeZone)
            let after = RelativeTime.phrase(after: ServerNumber.duration(seconds: max(1, until.timeIntervalSince(now))), language: language)
            return words.pick(
                "The server asks loowi to wait \(time), \(after), before asking again.",
                "El servidor pide a loowi que espere \(time), \(after), antes de volver a preguntar.",
                "El servidor demana a loowi que esperi \(time), \(after), abans de tornar a preguntar.")
        }
    }
}
