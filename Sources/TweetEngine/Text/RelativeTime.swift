import FoundationEssentials
import LoowiSupport

/// "3 minutes ago", "hace 3 minutos", "fa 3 minuts". The clock is always passed in.
public enum RelativeTime {
    public static func phrase(for date: Date, now: Date, language: Language) -> String {
        // Saturating: a date from a hostile server (year 10⁹, or far past) cannot trap here.
        let seconds = ServerNumber.int(now.timeIntervalSince(date).rounded(.down)) ?? 0
        // Up to ten seconds, and any time in the future (clocks disagree), is "now".
        let words = Catalogue<EngineText>(language)
        if seconds < 10 { return words(.justNow) }
        let (count, unit) = amountAndUnit(seconds)
        return words(.ago, amount(count, unit, words))
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

    /// "3 minutes", "1 hour": the number with its unit's word, singular for one.
    static func amount(_ amount: Int, _ unit: Unit, _ words: Catalogue<EngineText>) -> String {
        let one = amount == 1
        let word: EngineText =
            switch unit {
            case .second: one ? .second : .seconds
            case .minute: one ? .minute : .minutes
            case .hour: one ? .hour : .hours
            case .day: one ? .day : .days
            case .week: one ? .week : .weeks
            case .month: one ? .month : .months
            case .year: one ? .year : .years
            }
        return "\(amount) \(words(word))"
    }

    /// "in 4 minutes" / "en 4 minutos" / "d'aquí a 4 minuts" (for waits and retries).
    public static func phrase(after duration: Duration, language: Language) -> String {
        let seconds = max(1, Int((Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18).rounded(.up)))
        let (amount, unit) = seconds < 60 ? (seconds, Unit.second) : seconds < 3600 ? ((seconds + 59) / 60, .minute) : ((seconds + 3599) / 3600, .hour)
        let words = Catalogue<EngineText>(language)
        return words(.inTime, Self.amount(amount, unit, words))
    }
}
