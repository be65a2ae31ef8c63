import FoundationEssentials
import LoowiSupport

/// A time of day as said in loowi's languages: "at 12:05", "a las 12:05", "a la 1:05",
/// "a les 12:05". Twenty-four-hour clock, hours without a leading zero (eSpeak reads "9:05"
/// as a time). Computed from the zone's offset, without a `DateFormatter`.
public enum ClockTime {
    /// "12:05" in `timeZone`.
    public static func text(_ date: Date, timeZone: TimeZone = .current) -> String {
        let (hour, minute) = hourAndMinute(date, timeZone: timeZone)
        return "\(hour):" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    /// "at 12:05" / "a las 12:05" / "a les 12:05".
    public static func at(_ date: Date, language: Language, timeZone: TimeZone = .current) -> String {
        // Spanish and Catalan say one o'clock in the singular ("a la 1:05").
        let one = hourAndMinute(date, timeZone: timeZone).hour == 1
        return Catalogue<EngineText>(language)(one ? .atOneOClock : .atTime, text(date, timeZone: timeZone))
    }

    /// "until 12:05" / "hasta las 12:05" / "fins a les 12:05".
    public static func until(_ date: Date, language: Language, timeZone: TimeZone = .current) -> String {
        let one = hourAndMinute(date, timeZone: timeZone).hour == 1
        return Catalogue<EngineText>(language)(one ? .untilOneOClock : .untilTime, text(date, timeZone: timeZone))
    }

    static func hourAndMinute(_ date: Date, timeZone: TimeZone) -> (hour: Int, minute: Int) {
        // Dates are clamped where they enter (ServerNumber); the saturating conversion keeps
        // even an unclamped one from trapping.
        let seconds = ServerNumber.int(date.timeIntervalSince1970.rounded(.down)) ?? 0
        let local = seconds.addingReportingOverflow(timeZone.secondsFromGMT(for: date)).partialValue
        let ofDay = ((local % 86_400) + 86_400) % 86_400
        return (ofDay / 3600, ofDay % 3600 / 60)
    }
}
