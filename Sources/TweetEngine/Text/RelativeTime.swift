import Foundation

/// "3 minutes ago", "hace 3 minutos", "fa 3 minuts". The clock is always passed in.
public enum RelativeTime {
    public static func phrase(for date: Date, now: Date, language: EngineLanguage) -> String {
        // Saturating: a date from a hostile server (year 10⁹, or far past) cannot trap here.
        let seconds = ServerNumber.int(now.timeIntervalSince(date).rounded(.down)) ?? 0
        // Up to ten seconds, and any time in the future (clocks disagree), is "now".
        if seconds < 10 { return justNow(language) }
        let (amount, unit) = amountAndUnit(seconds)
        return ago(amount, unit, language)
    }

    enum Unit { case second, minute, hour, day, week, month, year }

    static func amountAndUnit(_ seconds: Int) -> (Int, Unit) {
        let minute = 60, hour = 3600, day = 86_400
        switch seconds {
        case ..<minute: return (seconds, .second)
        case ..<hour: return (seconds / minute, .minute)
        case ..<day: return (seconds / hour, .hour)
        case ..<(7 * day): return (seconds / day, .day)
        case ..<(30 * day): return (seconds / (7 * day), .week)
        case ..<(365 * day): return (max(1, seconds / (30 * day)), .month)
        default: return (seconds / (365 * day), .year)
        }
    }

    private static func justNow(_ language: EngineLanguage) -> String {
        switch language {
        case .english: "just now"
        case .spanish: "ahora mismo"
        case .catalan: "ara mateix"
        }
    }

    private static func ago(_ amount: Int, _ unit: Unit, _ language: EngineLanguage) -> String {
        let one = amount == 1
        switch language {
        case .english:
            let word: String
            switch unit {
            case .second: word = one ? "second" : "seconds"
            case .minute: word = one ? "minute" : "minutes"
            case .hour: word = one ? "hour" : "hours"
            case .day: word = one ? "day" : "days"
            case .week: word = one ? "week" : "weeks"
            case .month: word = one ? "month" : "months"
            case .year: word = one ? "year" : "years"
            }
            return "\(amount) \(word) ago"
        case .spanish:
            let word: String
            switch unit {
            case .second: word = one ? "segundo" : "segundos"
            case .minute: word = one ? "minuto" : "minutos"
            case .hour: word = one ? "hora" : "horas"
            case .day: word = one ? "día" : "días"
            case .week: word = one ? "semana" : "semanas"
            case .month: word = one ? "mes" : "meses"
            case .year: word = one ? "año" : "años"
            }
            return "hace \(amount) \(word)"
        case .catalan:
            let word: String
            switch unit {
            case .second: word = one ? "segon" : "segons"
            case .minute: word = one ? "minut" : "minuts"
            case .hour: word = one ? "hora" : "hores"
            case .day: word = one ? "dia" : "dies"
            case .week: word = one ? "setmana" : "setmanes"
            case .month: word = one ? "mes" : "mesos"
            case .year: word = one ? "any" : "anys"
            }
            return "fa \(amount) \(word)"
        }
    }

    /// "in 4 minutes" / "en 4 minutos" / "d'aquí a 4 minuts" (for waits and retries).
    public static func phrase(after duration: Duration, language: EngineLanguage) -> String {
        let seconds = max(1, Int((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18).rounded(.up)))
        let (amount, unit) = seconds < 60 ? (seconds, Unit.second) : seconds < 3600 ? ((seconds + 59) / 60, .minute) : ((seconds + 3599) / 3600, .hour)
        let phrase = ago(amount, unit, language)
        switch language {
        case .english: return "in " + phrase.replacingOccurrences(of: " ago", with: "")
        case .spanish: return "en " + phrase.replacingOccurrences(of: "hace ", with: "")
        case .catalan: return "d'aquí a " + phrase.replacingOccurrences(of: "fa ", with: "")
        }
    }
}
