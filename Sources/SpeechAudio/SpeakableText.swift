/// Makes text safe to hand to the synthesiser: whatever its origin, no control character,
/// terminal escape sequence, bidirectional override or zero-width character gets through.
/// (Remote text is cleaned by TweetEngine before any caller sees it; this is the last line.)
public enum SpeakableText {
    public static func clean(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar.value {
            case 0x1B:  // ESC: drop the whole sequence, not only the ESC.
                pending = skipEscapeSequence(after: pending, rest: &scalars)
            case 0x9B:  // C1 CSI
                pending = skipUntilFinalByte(pending, rest: &scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F:  // C1 OSC, DCS, SOS, PM, APC: until ST or BEL
                pending = skipString(pending, rest: &scalars)
            case 0x09, 0x0A, 0x0D:
                output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                break
            case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0x061C:
                break  // zero-width characters, directional marks, overrides and isolates
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    private static func skipEscapeSequence(after next: Unicode.Scalar?, rest: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        guard let next else { return nil }
        switch next {
        case "[": return skipUntilFinalByte(rest.next(), rest: &rest)
        case "]", "P", "X", "^", "_": return skipString(rest.next(), rest: &rest)
        default:
            // Two-character sequences (ESC c, ESC 7, ESC ( B …): intermediates, then one final.
            var scalar: Unicode.Scalar? = next
            while let current = scalar, (0x20...0x2F).contains(current.value) { scalar = rest.next() }
            return rest.next()
        }
    }

    /// CSI: parameter and intermediate bytes, then one final byte in 0x40...0x7E.
    private static func skipUntilFinalByte(_ first: Unicode.Scalar?, rest: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        var scalar = first
        while let current = scalar {
            if (0x40...0x7E).contains(current.value) { return rest.next() }
            guard (0x20...0x3F).contains(current.value) else { return scalar }
            scalar = rest.next()
        }
        return nil
    }

    /// OSC and friends: everything up to BEL, ST (ESC \) or C1 ST.
    private static func skipString(_ first: Unicode.Scalar?, rest: inout String.UnicodeScalarView.Iterator) -> Unicode.Scalar? {
        var scalar = first
        while let current = scalar {
            switch current.value {
            case 0x07, 0x9C: return rest.next()
            case 0x1B:
                let next = rest.next()
                return next == "\\" ? rest.next() : next
            default: scalar = rest.next()
            }
        }
        return nil
    }
}
