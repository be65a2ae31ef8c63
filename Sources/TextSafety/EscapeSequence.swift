/// A unit an escape sequence is read in: a byte from the terminal (the key decoder) or a
/// Unicode scalar of text (the sanitiser). Sequences are ASCII and C1, so both are read alike.
public protocol EscapeSequenceUnit {
    var escapeValue: UInt32 { get }
}

extension UInt8: EscapeSequenceUnit {
    @inlinable public var escapeValue: UInt32 { UInt32(self) }
}

extension Unicode.Scalar: EscapeSequenceUnit {
    @inlinable public var escapeValue: UInt32 { value }
}

/// ECMA-48 escape sequences, the one reading of them for the whole program: the sanitiser
/// removes what it finds whole (with its parameters, so no `[31m` is left to be read) and the
/// key decoder reads keys from the same control-sequence grammar.
///
/// - CSI (`ESC [` or 8-bit U+009B): parameter and intermediate units 0x20–0x3F, then one
///   final unit 0x40–0x7E.
/// - Control strings, OSC (`ESC ]`, U+009D), DCS (`ESC P`, U+0090), SOS (`ESC X`, U+0098),
///   PM (`ESC ^`, U+009E), APC (`ESC _`, U+009F): up to BEL, ST (`ESC \`, U+009C), or the
///   next ESC, which starts a sequence of its own.
/// - Any other `ESC`: intermediates 0x20–0x2F then one final 0x30–0x7E (`ESC ( B`, `ESC c`).
public enum EscapeSequence {
    /// How a control sequence's body ends.
    public enum ControlSequenceEnd: Equatable, Sendable {
        /// The final unit is at this index; the sequence ends after it.
        case final(Int)
        /// A unit that cannot be inside a sequence is at this index: the sequence is broken
        /// there, and that unit is not part of it.
        case broken(Int)
        /// The units ran out before a final one.
        case unfinished
    }

    /// The index after the sequence whose introducer is at `start`: ESC, or an 8-bit CSI
    /// (U+009B), OSC (U+009D), DCS (U+0090), SOS (U+0098), PM (U+009E) or APC (U+009F).
    /// A broken sequence ends where it broke, so it cannot swallow the text after it; an
    /// unterminated control string ends at the next line break, so hostile text cannot hide
    /// a whole post; a sequence cut off by the end of the text takes the rest of it.
    @inlinable
    public static func end<Units: RandomAccessCollection>(of units: Units, from start: Int) -> Int
    where Units.Element: EscapeSequenceUnit, Units.Index == Int {
        switch units[start].escapeValue {
        case 0x9B: return bodyEnd(controlSequence(in: units, from: start + 1), units)
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: return controlStringEnd(in: units, from: start + 1)
        case 0x1B: break
        default: return start + 1  // not an introducer: only itself
        }
        let next = start + 1
        guard next < units.endIndex else { return next }
        switch units[next].escapeValue {
        case 0x5B: return bodyEnd(controlSequence(in: units, from: next + 1), units)
        case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return controlStringEnd(in: units, from: next + 1)
        default:
            var index = next
            while index < units.endIndex, (0x20...0x2F).contains(units[index].escapeValue) { index += 1 }
            if index < units.endIndex, (0x30...0x7E).contains(units[index].escapeValue) { index += 1 }
            return index
        }
    }

    /// A control sequence's body from `start` (just after `ESC [` or U+009B).
    @inlinable
    public static func controlSequence<Units: RandomAccessCollection>(in units: Units, from start: Int) -> ControlSequenceEnd
    where Units.Element: EscapeSequenceUnit, Units.Index == Int {
        var index = start
        while index < units.endIndex {
            let value = units[index].escapeValue
            if (0x40...0x7E).contains(value) { return .final(index) }
            guard (0x20...0x3F).contains(value) else { return .broken(index) }
            index += 1
        }
        return .unfinished
    }

    @inlinable
    static func bodyEnd<Units: RandomAccessCollection>(_ end: ControlSequenceEnd, _ units: Units) -> Int where Units.Index == Int {
        switch end {
        case .final(let index): index + 1
        case .broken(let index): index
        case .unfinished: units.endIndex
        }
    }

    /// A control string's body from `start`: the index after its terminator, or of the ESC
    /// or line break that cut it.
    @inlinable
    static func controlStringEnd<Units: RandomAccessCollection>(in units: Units, from start: Int) -> Int
    where Units.Element: EscapeSequenceUnit, Units.Index == Int {
        var index = start
        while index < units.endIndex {
            switch units[index].escapeValue {
            case 0x07, 0x9C: return index + 1
            case 0x1B:
                if index + 1 < units.endIndex, units[index + 1].escapeValue == 0x5C { return index + 2 }
                return index
            case 0x0A, 0x0D: return index
            default: index += 1
            }
        }
        return index
    }
}
