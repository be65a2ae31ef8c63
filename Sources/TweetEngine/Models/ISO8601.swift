import FoundationEssentials
import LoowiSupport

/// A small, allocation-free parser for the dates Mastodon-API servers send:
/// `2017-06-26T21:00:00.001Z`, `2026-11-22T05:21:50.573080+00:00`, `2019-11-24` (date only),
/// with or without fractional seconds. Faster and more forgiving than a DateFormatter,
/// which matters when a timeline holds hundreds of dates.
public enum ISO8601 {
    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        let count = bytes.count

        func number(_ digits: Int) -> Int? {
            guard index + digits <= count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = 0.0
        var offset = 0
        if index < count {
            guard bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") || bytes[index] == 0x20 else {
                return nil
            }
            index += 1
            guard let hour = number(2), expect(0x3A), let minute = number(2), hour < 24, minute < 60 else { return nil }
            var second = 0
            if expect(0x3A) {
                guard let value = number(2), value <= 60 else { return nil }
                second = value
            }
            var fraction = 0.0
            if index < count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                index += 1
                var scale = 0.1
                var digits = 0
                while index < count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    fraction += Double(bytes[index] - 0x30) * scale
                    scale /= 10
                    index += 1
                    digits += 1
                }
                guard digits > 0 else { return nil }
            }
            seconds = Double(hour * 3600 + minute * 60 + second) + fraction
            if index < count {
                let sign = bytes[index]
                if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                    index += 1
                } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                    index += 1
                    guard let offsetHours = number(2) else { return nil }
                    _ = expect(0x3A)
                    let offsetMinutes = number(2) ?? 0
                    offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
                } else {
                    return nil
                }
            }
            guard index == count else { return nil }
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 - offset) + seconds)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2026-11-22T05:21:50.123Z`, for values loowi sends and for the timeline cache.
    /// Written by hand in the same proleptic Gregorian calendar `parse` reads: Foundation's
    /// formatter switches to the Julian calendar before 1582, so an old date from a server
    /// came back from the cache days off (found by fuzzing). Dates beyond years 0000–9999
    /// (a server's number can be anything) are clamped to them.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let limit = (lower: -62_167_219_200.0, upper: 253_402_300_799.999)
        let clamped = seconds.isNaN ? 0 : min(max(seconds, limit.lower), limit.upper)
        let milliseconds = Int((clamped * 1000).rounded())
        let dayLength = 86_400_000
        let days = milliseconds >= 0 ? milliseconds / dayLength : (milliseconds - dayLength + 1) / dayLength
        let time = milliseconds - days * dayLength
        let (year, month, day) = civil(fromDays: days)
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))T\(digits(time / 3_600_000, 2))"
            + ":\(digits(time / 60_000 % 60, 2)):\(digits(time / 1000 % 60, 2)).\(digits(time % 1000, 3))Z"
    }

    /// The inverse of `daysFromCivil` (Howard Hinnant's algorithm).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
