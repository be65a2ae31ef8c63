import FoundationEssentials
import LoowiSupport

/// The state machine behind `PostText`.
struct HTMLToTextConverter {
    let options: SpeakableTextOptions
    private(set) var segments: [String] = []
    private var current: [UInt8] = []
    private var pendingSpace = false
    /// Open `<span>`s, true for the invisible ones; `invisibleDepth` counts the trues.
    private var spanStack: [Bool] = []
    private var invisibleDepth = 0
    private var anchor: (start: Int, href: String, classes: String)?
    /// Every web link's address, in order (not mentions or hashtags): what `o` lists.
    private(set) var links: [String] = []
    /// The post's preview card: its title is said after "link to host" for its link.
    let card: (url: String, title: String)?

    init(options: SpeakableTextOptions, card: (url: String, title: String)? = nil) {
        self.options = options
        self.card = card
    }

    mutating func run(_ bytes: [UInt8]) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                index = tag(bytes, at: index)
            } else if byte == UInt8(ascii: "&") {
                index = entity(bytes, at: index)
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                if !current.isEmpty && invisibleDepth == 0 { pendingSpace = true }
                index += 1
            } else {
                // Copy a run of ordinary bytes at once.
                var end = index + 1
                while end < count {
                    let next = bytes[end]
                    if next == UInt8(ascii: "<") || next == UInt8(ascii: "&") || next == 0x20 || next == 0x09
                        || next == 0x0A || next == 0x0D || next == 0x0C
                    {
                        break
                    }
                    end += 1
                }
                emit(bytes[index..<end])
                index = end
            }
        }
        closeAnchor()
        breakSegment()
    }

    private mutating func emit<C: Collection>(_ text: C) where C.Element == UInt8 {
        guard invisibleDepth == 0 else { return }
        if pendingSpace {
            current.append(0x20)
            pendingSpace = false
        }
        current.append(contentsOf: text)
    }

    private mutating func breakSegment() {
        pendingSpace = false
        guard !current.isEmpty else { return }
        if anchor != nil { return }  // a break inside a link waits for the link's end
        segments.append(String(decoding: current, as: UTF8.self))
        current.removeAll(keepingCapacity: true)
    }

    // MARK: Tags

    /// Handles `<…>` at `start`; returns the index after it.
    private mutating func tag(_ bytes: [UInt8], at start: Int) -> Int {
        let count = bytes.count
        var index = start + 1
        guard index < count else {
            emit([UInt8(ascii: "<")])
            return index
        }
        let first = bytes[index]
        if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") {
            return skipDeclaration(bytes, from: index)
        }
        var closing = false
        if first == UInt8(ascii: "/") {
            closing = true
            index += 1
        }
        guard index < count, isASCIILetter(bytes[index]) else {
            // Not a tag ("a < b"): the "<" is text.
            emit([UInt8(ascii: "<")])
            return start + 1
        }
        let nameStart = index
        while index < count, isTagNameByte(bytes[index]) { index += 1 }
        let kind = TagKind(bytes, nameStart..<index)
        var classes: String? = nil
        var href: String? = nil
        var selfClosing = false
        // Attributes until ">", honouring quotes (a ">" inside quotes is not the end).
        // Only `class` and `href` matter, so only their values become strings.
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                index += 1
                continue
            }
            if isSpace(byte) {
                index += 1
                continue
            }
            let attributeStart = index
            while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/")
            {
                index += 1
            }
            let attributeName = attributeStart..<index
            let wanted = kind.wantsAttributes
                && (equalsLowercase(bytes, attributeName, "class") || equalsLowercase(bytes, attributeName, "href"))
            while index < count, isSpace(bytes[index]) { index += 1 }
            var value: Range<Int>? = nil
            if index < count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < count, isSpace(bytes[index]) { index += 1 }
                if index < count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    index = valueStart
                    while index < count, bytes[index] != quote { index += 1 }
                    value = valueStart..<min(index, count)
                    if index < count { index += 1 }
                } else {
                    let valueStart = index
                    while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = valueStart..<index
                }
            }
            if wanted, let value {
                let text = decodeEntities(in: String(decoding: bytes[value], as: UTF8.self))
                if equalsLowercase(bytes, attributeName, "class") { classes = text } else { href = text }
            }
        }
        if index >= count, bytes.last != UInt8(ascii: ">") {
            // A tag cut off by the end of input is dropped, as browsers do.
            return count
        }
        if closing {
            closeTag(kind)
        } else {
            openTag(kind, classes: classes, href: href, selfClosing: selfClosing)
            if let rawText = kind.rawTextName {
                return skipRawText(bytes, from: index, until: rawText)
            }
        }
        return index
    }

    private mutating func openTag(_ kind: TagKind, classes: String?, href: String?, selfClosing: Bool) {
        switch kind {
        case .lineBreak, .block:
            breakSegment()
        case .span:
            guard !selfClosing else { return }
            let invisible = classes?.split(separator: " ").contains("invisible") ?? false
            spanStack.append(invisible)
            if invisible { invisibleDepth += 1 }
        case .anchor:
            guard anchor == nil, !selfClosing else { return }
            if pendingSpace && !current.isEmpty && invisibleDepth == 0 {
                current.append(0x20)
                pendingSpace = false
            }
            anchor = (start: current.count, href: href ?? "", classes: classes ?? "")
        case .rawText, .other:
            break
        }
    }

    private mutating func closeTag(_ kind: TagKind) {
        switch kind {
        case .block:
            breakSegment()
        case .span:
            // A stray </span> with nothing open is ignored.
            if let invisible = spanStack.popLast(), invisible { invisibleDepth -= 1 }
        case .anchor:
            closeAnchor()
        case .lineBreak, .rawText, .other:
            break
        }
    }

    /// Decides how a finished `<a>` is read, rewriting the text it produced.
    private mutating func closeAnchor() {
        guard let open = anchor else { return }
        anchor = nil
        let start = min(open.start, current.count)
        let text = String(decoding: current[start...], as: UTF8.self).trimmingSpaces()
        let classes = open.classes.split(separator: " ")
        let isMention = classes.contains("mention") && !classes.contains("hashtag") || text.hasPrefix("@")
        let isHashtag = classes.contains("hashtag") || text.hasPrefix("#")
        // A link with words of its own ("my blog") is read as written, and still listed.
        if !isMention, !isHashtag, !open.href.isEmpty { links.append(open.href) }
        if isMention || isHashtag || text.isEmpty || !looksLikeURL(text) {
            return  // read as written: "@grace", "#computing", or a link's own words
        }
        current.removeSubrange(start...)
        if open.href.isEmpty { links.append(text.contains("://") ? text : "https://" + text) }
        switch options.links {
        case .full:
            current.append(contentsOf: text.utf8)
        case .omit:
            while current.last == 0x20 { current.removeLast() }
            pendingSpace = !current.isEmpty
        case .host:
            let host = Self.host(of: open.href) ?? Self.host(of: "https://" + text) ?? text
            current.append(contentsOf: LinkPhrase.linkTo(host, language: options.language).utf8)
            if let card, card.url == open.href, !card.title.isEmpty { current.append(contentsOf: (": " + card.title).utf8) }
        }
    }

    private func looksLikeURL(_ text: String) -> Bool {
        if text.hasPrefix("http://") || text.hasPrefix("https://") || text.hasPrefix("www.") { return true }
        return !text.contains(" ") && text.contains(".")
    }

    static func host(of href: String) -> String? {
        var rest = Substring(href)
        guard let schemeEnd = rest.firstRange(of: "://") else { return nil }
        rest = rest[schemeEnd.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }  // user:pass@
        if !rest.hasPrefix("["), let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }  // :port
        var host = rest.lowercased()
        if host.hasPrefix("www.") { host.removeFirst(4) }
        let clean = Sanitizer.clean(host, for: .line)
        return clean.isEmpty ? nil : clean
    }

    private func skipDeclaration(_ bytes: [UInt8], from index: Int) -> Int {
        // <!-- comment -->: up to "-->"; <!DOCTYPE …> and <?…?>: up to ">".
        let count = bytes.count
        if index + 2 < count, bytes[index + 1] == UInt8(ascii: "-"), bytes[index + 2] == UInt8(ascii: "-") {
            var scan = index + 3
            while scan + 2 < count {
                if bytes[scan] == UInt8(ascii: "-"), bytes[scan + 1] == UInt8(ascii: "-"),
                    bytes[scan + 2] == UInt8(ascii: ">")
                {
                    return scan + 3
                }
                scan += 1
            }
            return count
        }
        var scan = index
        while scan < count, bytes[scan] != UInt8(ascii: ">") { scan += 1 }
        return min(scan + 1, count)
    }

    /// Skips the body of <script>/<style>/… up to its closing tag (never spoken).
    private func skipRawText(_ bytes: [UInt8], from index: Int, until name: String) -> Int {
        let closing = Array("</\(name)".utf8)
        let count = bytes.count
        var scan = index
        while scan + closing.count <= count {
            var matched = true
            for offset in 0..<closing.count {
                var byte = bytes[scan + offset]
                if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
                if byte != closing[offset] {
                    matched = false
                    break
                }
            }
            if matched {
                var end = scan + closing.count
                while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                return min(end + 1, count)
            }
            scan += 1
        }
        return count
    }

    // MARK: Character references

    private mutating func entity(_ bytes: [UInt8], at start: Int) -> Int {
        if let (scalarText, end) = Self.reference(bytes, at: start) {
            emit(Array(scalarText.utf8))
            return end
        }
        emit([UInt8(ascii: "&")])
        return start + 1
    }

    /// Decodes one reference at `start` ("&amp;", "&#233;", "&#x1F600;"); nil if there is none.
    static func reference(_ bytes: [UInt8], at start: Int) -> (String, Int)? {
        let count = bytes.count
        var index = start + 1
        guard index < count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var hex = false
            if index < count, bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X") {
                hex = true
                index += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while index < count, let digit = digitValue(bytes[index], hex: hex) {
                // Saturate instead of overflowing on absurdly long numbers.
                value = value > 0x10FFFF ? value : value &* (hex ? 16 : 10) &+ digit
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index < count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            return (String(Character(HTMLEntities.scalar(forCodePoint: value))), index)
        }
        let nameStart = index
        while index < count, index - nameStart < 32, isASCIILetter(bytes[index]) || isDigit(bytes[index]) {
            index += 1
        }
        guard index > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        if index < count, bytes[index] == UInt8(ascii: ";"), let text = HTMLEntities.named[name] {
            return (text, index + 1)
        }
        if HTMLEntities.withoutSemicolon.contains(name), let text = HTMLEntities.named[name] {
            return (text, index)
        }
        return nil
    }

    private func decodeEntities(in value: String) -> String {
        guard value.contains("&") else { return value }
        let bytes = Array(value.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), let (text, end) = Self.reference(bytes, at: index) {
                out.append(contentsOf: text.utf8)
                index = end
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The tags the converter treats specially, recognised from bytes without making strings.
enum TagKind: Equatable {
    case lineBreak, block, span, anchor
    /// Elements whose content is never spoken (script, style, template, title).
    case rawText(String)
    case other

    init(_ bytes: [UInt8], _ range: Range<Int>) {
        func named(_ name: StaticString) -> Bool { equalsLowercase(bytes, range, name) }
        switch range.count {
        case 1 where named("p"): self = .block
        case 1 where named("a"): self = .anchor
        case 2 where named("br") || named("hr"): self = .lineBreak
        case 2 where named("li") || named("ul") || named("ol") || named("tr") || named("dd") || named("dt"):
            self = .block
        case 2 where range.count == 2 && bytes[range.lowerBound] | 0x20 == UInt8(ascii: "h")
            && (0x31...0x36).contains(bytes[range.lowerBound + 1]):
            self = .block
        case 3 where named("div") || named("pre"): self = .block
        case 4 where named("span"): self = .span
        case 5 where named("style"): self = .rawText("style")
        case 5 where named("title"): self = .rawText("title")
        case 6 where named("script"): self = .rawText("script")
        case 6 where named("header") || named("footer") || named("figure"): self = .block
        case 7 where named("section") || named("article"): self = .block
        case 8 where named("template"): self = .rawText("template")
        case 10 where named("blockquote") || named("figcaption"): self = .block
        default: self = .other
        }
    }

    var wantsAttributes: Bool { self == .span || self == .anchor }

    var rawTextName: String? {
        if case .rawText(let name) = self { return name }
        return nil
    }
}

/// ASCII case-insensitive comparison of a byte range with a lowercase name.
func equalsLowercase(_ bytes: [UInt8], _ range: Range<Int>, _ name: StaticString) -> Bool {
    guard range.count == name.utf8CodeUnitCount else { return false }
    let pointer = name.utf8Start
    var offset = 0
    for index in range {
        var byte = bytes[index]
        if byte >= 0x41 && byte <= 0x5A { byte += 0x20 }
        if byte != pointer[offset] { return false }
        offset += 1
    }
    return true
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

private func isTagNameByte(_ byte: UInt8) -> Bool {
    isASCIILetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
}

private func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
    if isDigit(byte) { return UInt32(byte - 0x30) }
    guard hex else { return nil }
    if byte >= 0x61 && byte <= 0x66 { return UInt32(byte - 0x61 + 10) }
    if byte >= 0x41 && byte <= 0x46 { return UInt32(byte - 0x41 + 10) }
    return nil
}

extension String {
    /// Without leading and trailing spaces (the converter never produces other whitespace).
    func trimmingSpaces() -> String {
        guard first == " " || last == " " else { return self }
        var view = Substring(self)
        while view.first == " " { view = view.dropFirst() }
        while view.last == " " { view = view.dropLast() }
        return String(view)
    }
}
