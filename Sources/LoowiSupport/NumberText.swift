/// Numbers as text with a fixed shape, without `String(format:)` (corelibs Foundation).
extension BinaryInteger {
    /// At least `width` digits, zeros in front: 7 with width 2 is "07".
    public func zeroPadded(width: Int) -> String {
        let digits = String(self.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (self < 0 ? "-" : "") + padding + digits
    }
}

extension Double {
    /// Rounded to `places` decimals (0 to 9), always that many: 2.5 with 2 is "2.50".
    public func fixed(_ places: Int) -> String {
        guard isFinite else { return isNaN ? "nan" : (self < 0 ? "-inf" : "inf") }
        let places = min(max(places, 0), 9)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(self) * scale).rounded()
        // Beyond 2^63 the digits are no longer exact anyway; Double's own text is as good.
        guard scaled < 9.2e18 else { return String(self) }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let sign = self < 0 && units > 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + (units % UInt64(scale)).zeroPadded(width: places)
    }
}
