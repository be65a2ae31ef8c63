/// Turns a mixed sample into Int16 without hard clipping: linear up to a knee, then a smooth
/// curve that approaches but never reaches full scale. Speech alone stays well under the knee,
/// so it passes unchanged; only speech plus a loud earcon is ever bent.
enum SoftLimiter {
    static let knee: Float = 0.8 * 32_767
    static let headroom: Float = 32_767 - knee - 1

    @inline(__always)
    static func limit(_ value: Float) -> Int16 {
        let magnitude = abs(value)
        if magnitude <= knee { return Int16(value.rounded()) }
        let over = (magnitude - knee) / headroom
        let bent = knee + headroom * tanhApprox(over)
        return Int16((value < 0 ? -bent : bent).rounded(.towardZero))
    }

    /// tanh without Foundation: x / (1 + |x|) is smooth, monotonic and stays below 1.
    @inline(__always)
    private static func tanhApprox(_ x: Float) -> Float { x / (1 + x) }
}
