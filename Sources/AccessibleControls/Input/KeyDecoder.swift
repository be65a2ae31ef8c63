import TextSafety

/// Turns the bytes a terminal sends into keys. Pure: bytes and times in, events out.
///
/// Bytes may arrive split anywhere (an escape sequence across two reads, half a UTF-8
/// character): what cannot be decided yet is kept until more bytes come. A lone Escape is
/// indistinguishable from the start of a sequence, so it is only reported when `tick(now:)`
/// finds the bytes have waited `escapeTimeout`, or on `flush()`.
///
/// A bracketed paste (after `ESC [200~`) ends at its end marker, and also — so a terminal
/// that never sends the marker cannot swallow every later key — after `pasteQuietTimeout`
/// with no bytes, past `pasteLimit` bytes, or at F10 or Ctrl-Q, which always reach the app.
/// Those early ends are reported as `.pasteEnded(why)` so the user hears it.
public struct KeyDecoder: Sendable {
    public typealias Instant = ContinuousClock.Instant

    /// How long a lone Escape (or any unfinished sequence) may wait for the rest.
    public var escapeTimeout: Duration
    /// How long a paste may go without a byte before it is taken as ended.
    public var pasteQuietTimeout: Duration
    /// The most bytes one paste may hold; the rest of a longer one is dropped.
    public var pasteLimit: Int
    private var buffer: [UInt8] = []
    private var pendingSince: Instant?
    /// Bytes of a bracketed paste in progress (after `ESC [200~`).
    private var paste: [UInt8]?
    /// The paste passed `pasteLimit` and was delivered: what still comes of it is dropped.
    private var pasteOverflowed = false
    /// When the last byte of the paste in progress came.
    private var pasteLastByte: Instant?

    public init(escapeTimeout: Duration = .milliseconds(50), pasteQuietTimeout: Duration = .seconds(1), pasteLimit: Int = 64 * 1024) {
        self.escapeTimeout = escapeTimeout
        self.pasteQuietTimeout = pasteQuietTimeout
        self.pasteLimit = max(1, pasteLimit)
    }

    /// True when bytes are waiting; the reader should call `tick(now:)` by `deadline`.
    public var deadline: Instant? {
        if paste != nil {
            return pasteLastByte.map { $0 + pasteQuietTimeout }
        }
        guard let since = pendingSince, !buffer.isEmpty else { return nil }
        return since + escapeTimeout
    }

    public mutating func decode(_ bytes: some Sequence<UInt8>, now: Instant) -> [KeyEvent] {
        buffer.append(contentsOf: bytes)
        var events: [KeyEvent] = []
        drain(into: &events, final: false)
        pendingSince = buffer.isEmpty ? nil : now
        pasteLastByte = paste == nil ? nil : now
        return events
    }

    /// Resolves waiting bytes once they have waited long enough; a paste that went quiet
    /// ends with `.pasteEnded(.quiet)`.
    public mutating func tick(now: Instant) -> [KeyEvent] {
        guard let deadline, now >= deadline else { return [] }
        if paste != nil {
            var events: [KeyEvent] = []
            endPaste(keeping: buffer[...], why: .quiet, into: &events)
            buffer.removeAll()
            pendingSince = nil
            return events
        }
        return flush()
    }

    /// Resolves everything waiting now: a lone Escape becomes Escape, an unfinished sequence
    /// is unknown, an unfinished paste is delivered as it is.
    public mutating func flush() -> [KeyEvent] {
        var events: [KeyEvent] = []
        drain(into: &events, final: true)
        pendingSince = nil
        pasteLastByte = nil
        return events
    }

    private mutating func drain(into events: inout [KeyEvent], final: Bool) {
        while true {
            if paste != nil {
                guard takePaste(into: &events, final: final) else { return }
                continue
            }
            guard !buffer.isEmpty else { return }
            switch Self.parse(buffer[...]) {
            case .event(let event, let length):
                buffer.removeFirst(length)
                events.append(event)
            case .pasteStart(let length):
                buffer.removeFirst(length)
                paste = []
            case .incomplete:
                guard final else { return }
                if buffer == [0x1B] {
                    events.append(.key(.escape))
                } else {
                    events.append(.unknown(buffer))
                }
                buffer.removeAll()
            }
        }
    }

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]
    /// F10 and Ctrl-Q: the menu and quit, which no paste may swallow.
    private static let pasteBreakers: [(bytes: [UInt8], key: Key)] = [
        ([0x1B, 0x5B, 0x32, 0x31, 0x7E], .f(10)),
        ([0x11], .ctrl("q")),
    ]

    /// Where the paste stops in the buffer: at its end marker, at a key no paste may
    /// swallow, or (nil) not in what came yet.
    private func pasteStop() -> (range: Range<Int>, key: Key?)? {
        var i = buffer.startIndex
        while i < buffer.endIndex {
            let b = buffer[i]
            if b == 0x1B || b == 0x11 {
                let rest = buffer[i...]
                if rest.starts(with: Self.pasteEnd) { return (i..<(i + Self.pasteEnd.count), nil) }
                for breaker in Self.pasteBreakers where rest.starts(with: breaker.bytes) {
                    return (i..<(i + breaker.bytes.count), breaker.key)
                }
            }
            i += 1
        }
        return nil
    }

    /// Moves bytes into the paste until it stops; true when the paste ended.
    private mutating func takePaste(into events: inout [KeyEvent], final: Bool) -> Bool {
        if let stop = pasteStop() {
            let text = buffer[..<stop.range.lowerBound]
            let rest = Array(buffer[stop.range.upperBound...])
            if let key = stop.key {
                endPaste(keeping: text, why: .key, into: &events)
                events.append(.key(key))
            } else {
                append(toPaste: text, into: &events)
                deliverPaste(into: &events)
                paste = nil
                pasteOverflowed = false
            }
            buffer = rest
            return true
        }
        if final {
            append(toPaste: buffer[...], into: &events)
            buffer.removeAll()
            deliverPaste(into: &events)
            paste = nil
            pasteOverflowed = false
            return false
        }
        // Keep a possible beginning of a marker in the buffer; move the rest.
        var keep = 0
        for n in stride(from: min(Self.pasteEnd.count - 1, buffer.count), to: 0, by: -1)
        where Self.isMarkerPrefix(buffer.suffix(n)) {
            keep = n
            break
        }
        append(toPaste: buffer.dropLast(keep), into: &events)
        buffer.removeFirst(buffer.count - keep)
        return false
    }

    private static func isMarkerPrefix(_ bytes: ArraySlice<UInt8>) -> Bool {
        pasteEnd.starts(with: bytes) || pasteBreakers.contains { $0.bytes.starts(with: bytes) }
    }

    /// Adds pasted bytes, cutting the paste at `pasteLimit` (at a character boundary): what
    /// fits is delivered with `.pasteEnded(.tooLong)` and the rest of it is dropped.
    private mutating func append(toPaste bytes: ArraySlice<UInt8>, into events: inout [KeyEvent]) {
        guard !pasteOverflowed, paste != nil else { return }
        let room = pasteLimit - paste!.count
        if bytes.count <= room {
            paste!.append(contentsOf: bytes)
            return
        }
        var cut = bytes.startIndex + room
        // Back off to the start of a UTF-8 character, so the text does not end in half of one.
        while cut > bytes.startIndex, cut < bytes.endIndex, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        paste!.append(contentsOf: bytes[..<cut])
        deliverPaste(into: &events)
        events.append(.pasteEnded(.tooLong))
        pasteOverflowed = true
        paste = []
    }

    /// Hands on the paste as text, unless it was already handed on when it grew too long.
    private mutating func deliverPaste(into events: inout [KeyEvent]) {
        guard !pasteOverflowed, let text = paste else { return }
        events.append(.paste(String(decoding: text, as: UTF8.self)))
    }

    /// Ends the paste in progress before its end marker, with what came of it so far.
    private mutating func endPaste(keeping bytes: ArraySlice<UInt8>, why: PasteEnd, into events: inout [KeyEvent]) {
        append(toPaste: bytes, into: &events)
        if !pasteOverflowed {
            if let text = paste, !text.isEmpty { events.append(.paste(String(decoding: text, as: UTF8.self))) }
            events.append(.pasteEnded(why))
        }
        paste = nil
        pasteOverflowed = false
        pasteLastByte = nil
    }

    enum Parsed: Equatable {
        case event(KeyEvent, length: Int)
        case pasteStart(length: Int)
        case incomplete
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Parsed {
        let b = bytes[bytes.startIndex]
        if b == 0x1B { return parseEscape(bytes) }
        if let key = controlKey(b) { return .event(.key(key), length: 1) }
        return parseText(bytes)
    }

    /// The single-byte control keys: Enter, Tab, Backspace and Ctrl-letter.
    static func controlKey(_ b: UInt8) -> Key? {
        switch b {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x7F, 0x08: .backspace
        case 0x00: Key(.character(" "), .control)
        case 0x01...0x1A: .ctrl(Character(Unicode.Scalar(b + 0x60)))
        case 0x1C...0x1F: .ctrl(Character(Unicode.Scalar(b + 0x40)))
        default: nil
        }
    }

    /// Printable ASCII or one UTF-8 character; anything else is unknown, never a letter.
    static func parseText(_ bytes: ArraySlice<UInt8>) -> Parsed {
        let b = bytes[bytes.startIndex]
        if (0x20...0x7E).contains(b) {
            return .event(.key(.character(Character(Unicode.Scalar(b)))), length: 1)
        }
        let length: Int
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .event(.unknown([b]), length: 1)
        }
        // Stop early at a byte that cannot continue the character, so a broken character
        // does not swallow the key after it.
        for offset in 1..<length {
            let i = bytes.startIndex + offset
            guard i < bytes.endIndex else { return .incomplete }
            if bytes[i] & 0xC0 != 0x80 {
                return .event(.unknown(Array(bytes.prefix(offset))), length: offset)
            }
        }
        let raw = Array(bytes.prefix(length))
        guard let text = String(validating: raw, as: UTF8.self),
            let scalar = text.unicodeScalars.first,
            HiddenScalars.isPrintable(scalar)
        else { return .event(.unknown(raw), length: length) }
        return .event(.key(.character(Character(scalar))), length: length)
    }

    static func parseEscape(_ bytes: ArraySlice<UInt8>) -> Parsed {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return .incomplete }
        let next = bytes[start + 1]
        switch next {
        case 0x5B:  // [
            return parseCSI(bytes)
        case 0x4F:  // O
            guard bytes.count >= 3 else { return .incomplete }
            let raw = Array(bytes.prefix(3))
            if let key = ss3Key(bytes[start + 2]) { return .event(.key(key), length: 3) }
            return .event(.unknown(raw), length: 3)
        case 0x1B:
            // Escape then Escape: the first one is its own key.
            return .event(.key(.escape), length: 1)
        default:
            // Alt held: the terminal sends Escape before the key.
            switch parse(bytes.dropFirst()) {
            case .event(.key(var key), let length):
                key.modifiers.insert(.alt)
                return .event(.key(key), length: length + 1)
            case .event(let other, let length):
                return .event(other, length: length + 1)
            case .incomplete:
                return .incomplete
            case .pasteStart:
                return .event(.unknown(Array(bytes)), length: bytes.count)
            }
        }
    }

    static func ss3Key(_ b: UInt8) -> Key? {
        switch b {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x45: Key(.begin)
        case 0x50...0x53: .f(Int(b) - 0x50 + 1)
        case 0x70...0x79: Key(.keypad(.digit(Int(b) - 0x70)))
        case 0x6E: Key(.keypad(.decimal))
        case 0x4D: Key(.keypad(.enter))
        case 0x6B: Key(.keypad(.plus))
        case 0x6C: Key(.keypad(.plus))  // VT220 keypad comma, where plus sits on a PC
        case 0x6D: Key(.keypad(.minus))
        case 0x6A: Key(.keypad(.multiply))
        case 0x6F: Key(.keypad(.divide))
        case 0x58: Key(.keypad(.equals))
        default: nil
        }
    }

    /// The longest control sequence we accept; longer ones are garbage, skipped whole.
    static let maximumSequence = 32

    static func parseCSI(_ bytes: ArraySlice<UInt8>) -> Parsed {
        let start = bytes.startIndex
        let body = start + 2
        // The Linux console sends F1-F5 as ESC [ [ A..E.
        if body < bytes.endIndex, bytes[body] == 0x5B {
            guard body + 1 < bytes.endIndex else { return .incomplete }
            let f = bytes[body + 1]
            if (0x41...0x45).contains(f) { return .event(.key(.f(Int(f) - 0x41 + 1)), length: 4) }
            return .event(.unknown(Array(bytes.prefix(4))), length: 4)
        }
        // Read as the sanitiser reads output (`EscapeSequence`), within a window: garbage
        // longer than it is dropped whole, so none of it turns into typed keys.
        let window = bytes[start..<min(bytes.endIndex, start + garbageLimit)]
        switch EscapeSequence.controlSequence(in: window, from: body) {
        case .final(let end):
            let length = end - start + 1
            let raw = Array(bytes.prefix(length))
            if length > maximumSequence { return .event(.unknown(raw), length: length) }
            return csiEvent(params: Array(bytes[body..<end]), final: bytes[end], raw: raw)
        case .broken(let end):
            // A byte that cannot be inside a sequence: what came before is garbage, and this
            // byte starts the next key.
            return .event(.unknown(Array(bytes[start..<end])), length: end - start)
        case .unfinished:
            guard window.count == garbageLimit else { return .incomplete }
            return .event(.unknown(Array(window)), length: window.count)
        }
    }

    /// The most bytes an unfinished control sequence may hold before it is garbage.
    static let garbageLimit = 4 * 1024 + 1

    static func csiEvent(params: [UInt8], final: UInt8, raw: [UInt8]) -> Parsed {
        let unknown = Parsed.event(.unknown(raw), length: raw.count)
        guard params.allSatisfy({ (0x30...0x3B).contains($0) }) else { return unknown }
        let fields = String(decoding: params, as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { field in Int(field.split(separator: ":").first ?? "") }
        if fields.contains(where: { $0 == nil }) && !params.isEmpty { return unknown }
        let numbers = fields.compactMap { $0 }
        let modifiers = numbers.count >= 2 ? decodeModifiers(numbers[1]) : []
        func key(_ code: Key.Code, extra: Key.Modifiers = []) -> Parsed {
            .event(.key(Key(code, modifiers.union(extra))), length: raw.count)
        }
        switch final {
        case 0x41: return key(.up)
        case 0x42: return key(.down)
        case 0x43: return key(.right)
        case 0x44: return key(.left)
        case 0x48: return key(.home)
        case 0x46: return key(.end)
        case 0x45, 0x47: return key(.begin)
        case 0x5A: return key(.tab, extra: .shift)
        case 0x50...0x53: return key(.function(Int(final) - 0x50 + 1))
        case 0x7E:  // ~
            guard let n = numbers.first else { return unknown }
            switch n {
            case 1, 7: return key(.home)
            case 2: return key(.insert)
            case 3: return key(.delete)
            case 4, 8: return key(.end)
            case 5: return key(.pageUp)
            case 6: return key(.pageDown)
            case 11...15: return key(.function(n - 10))
            case 17...21: return key(.function(n - 11))
            case 23, 24: return key(.function(n - 12))
            case 200: return .pasteStart(length: raw.count)
            case 27 where numbers.count == 3:
                // xterm modifyOtherKeys: ESC [ 27 ; modifiers ; codepoint ~
                return codepointKey(numbers[2], decodeModifiers(numbers[1]), raw: raw)
            default: return unknown
            }
        case 0x75:  // u: the CSI-u ("fixterms", kitty) protocol
            guard let cp = numbers.first else { return unknown }
            return codepointKey(cp, modifiers, raw: raw)
        default:
            return unknown
        }
    }

    /// xterm's modifier parameter: 1 + (shift 1, alt 2, ctrl 4, meta 8).
    static func decodeModifiers(_ value: Int) -> Key.Modifiers {
        let bits = max(0, value - 1)
        var m: Key.Modifiers = []
        if bits & 1 != 0 { m.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { m.insert(.alt) }
        if bits & 4 != 0 { m.insert(.control) }
        return m
    }

    static func codepointKey(_ cp: Int, _ modifiers: Key.Modifiers, raw: [UInt8]) -> Parsed {
        var modifiers = modifiers
        let code: Key.Code
        switch cp {
        case 13: code = .enter
        case 9: code = .tab
        case 27: code = .escape
        case 127, 8: code = .backspace
        default:
            guard let scalar = Unicode.Scalar(cp), HiddenScalars.isPrintable(scalar) else {
                return .event(.unknown(raw), length: raw.count)
            }
            var c = Character(scalar)
            // Shift with a letter is the capital letter, as plain typing gives it. Some
            // capitals are two letters (ŉ → ʼN, ß → SS): those keep the letter and Shift
            // (fuzzing found `ESC [329;2u` crashed here).
            let upper = c.uppercased()
            if modifiers.contains(.shift), c.isLetter, c.isLowercase, upper.count == 1, let capital = upper.first {
                c = capital
                modifiers.remove(.shift)
            }
            code = .character(c)
        }
        return .event(.key(Key(code, modifiers)), length: raw.count)
    }
}
