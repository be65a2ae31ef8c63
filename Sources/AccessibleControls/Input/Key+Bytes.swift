extension Key {
    /// The bytes an xterm-like terminal sends for this key: what GNU readline, which reads
    /// bytes, is fed. Nil for keys no terminal sends (Ctrl with a non-letter, most keypad keys
    /// in application mode are given as their characters).
    public var terminalBytes: [UInt8]? {
        let alt = modifiers.contains(.alt)
        var rest = modifiers
        rest.remove(.alt)
        guard var bytes = baseBytes(rest) else { return nil }
        if alt { bytes.insert(0x1B, at: 0) }
        return bytes
    }

    private func baseBytes(_ modifiers: Modifiers) -> [UInt8]? {
        // xterm's modifier parameter, for the keys that carry one.
        var parameter = 1
        if modifiers.contains(.shift) { parameter += 1 }
        if modifiers.contains(.control) { parameter += 4 }
        func csi(_ final: String, tilde number: Int? = nil) -> [UInt8] {
            if let number {
                return Array((parameter == 1 ? "\u{1B}[\(number)~" : "\u{1B}[\(number);\(parameter)~").utf8)
            }
            return Array((parameter == 1 ? "\u{1B}[\(final)" : "\u{1B}[1;\(parameter)\(final)").utf8)
        }
        switch code {
        case .character(let c):
            if modifiers.contains(.control) {
                guard let ascii = c.asciiValue else { return nil }
                switch ascii {
                case 0x61...0x7A: return [ascii - 0x60]
                case 0x20: return [0x00]
                case 0x5C...0x5F: return [ascii - 0x40]
                default: return nil
                }
            }
            if modifiers.contains(.shift), c == " " { return Array("\u{1B}[32;2u".utf8) }
            return Array(String(c).utf8)
        case .enter: return modifiers.isEmpty ? [0x0D] : nil
        case .tab: return modifiers == .shift ? Array("\u{1B}[Z".utf8) : modifiers.isEmpty ? [0x09] : nil
        case .escape: return [0x1B]
        case .backspace: return [0x7F]
        case .delete: return csi("", tilde: 3)
        case .insert: return csi("", tilde: 2)
        case .up: return csi("A")
        case .down: return csi("B")
        case .right: return csi("C")
        case .left: return csi("D")
        case .home: return csi("H")
        case .end: return csi("F")
        case .begin: return csi("E")
        case .pageUp: return csi("", tilde: 5)
        case .pageDown: return csi("", tilde: 6)
        case .function(let n):
            switch n {
            case 1...4: return parameter == 1 ? [0x1B, 0x4F, UInt8(0x50 + n - 1)] : csi(String(UnicodeScalar(UInt8(0x50 + n - 1))))
            case 5: return csi("", tilde: 15)
            case 6...10: return csi("", tilde: n + 11)
            case 11, 12: return csi("", tilde: n + 12)
            default: return nil
            }
        case .keypad(let k):
            switch k {
            case .digit(let d): return Array(String(d).utf8)
            case .decimal: return Array(".".utf8)
            case .plus: return Array("+".utf8)
            case .minus: return Array("-".utf8)
            case .multiply: return Array("*".utf8)
            case .divide: return Array("/".utf8)
            case .equals: return Array("=".utf8)
            case .enter: return [0x0D]
            }
        }
    }
}
