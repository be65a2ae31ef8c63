import FoundationEssentials
import LoowiSupport

/// Reads the TOML subset config.toml needs: comments, `key = value` with bare or quoted keys,
/// `[table]` headers, basic and literal strings, integers, floats and booleans. Everything
/// else is refused with the line number and a plain explanation, because the person reading
/// the message may be hearing it rather than seeing the file.
enum TOMLParser {
    static func parse(_ text: String) throws(TOMLError) -> TOMLDocument {
        var document = TOMLDocument()
        var table: String?
        var keyLines: [String: Int] = [:]
        var tableLines: [String: Int] = [:]
        for (index, rawLine) in lines(of: text).enumerated() {
            let number = index + 1
            var line = rawLine
            if index == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
            if line.last == "\r" { line = line.dropLast() }
            var scanner = LineScanner(line, number: number)
            scanner.skipSpaces()
            if scanner.isAtEnd { continue }
            if scanner.peek == "#" {
                _ = try scanner.comment()
                continue
            }
            if scanner.peek == "[" {
                let name = try scanner.tableHeader()
                if let first = tableLines[name] {
                    throw TOMLError(line: number, message: "the table [\(name)] appears twice; the first is on line \(first). Put all its keys under one [\(name)] line.")
                }
                tableLines[name] = number
                table = name
                document.tables.append(.init(name: name, line: number))
                continue
            }
            let key = try scanner.key()
            let fullName = table.map { "[\($0)] \(TOMLValue.key(key))" } ?? TOMLValue.key(key)
            if let first = keyLines[fullName] {
                throw TOMLError(line: number, message: "\(fullName) is set twice; the first is on line \(first). Remove one of them.")
            }
            keyLines[fullName] = number
            let value = try scanner.value(after: key)
            scanner.skipSpaces()
            let comment = try scanner.comment()
            document.entries.append(.init(table: table, key: key, value: value, line: number, comment: comment))
        }
        return document
    }
}

/// One line of the file, read left to right.
private struct LineScanner {
    let scalars: [Unicode.Scalar]
    let number: Int
    var position = 0

    init(_ line: Substring.UnicodeScalarView, number: Int) {
        scalars = Array(line)
        self.number = number
    }

    var isAtEnd: Bool { position >= scalars.count }
    var peek: Unicode.Scalar? { isAtEnd ? nil : scalars[position] }
    var rest: String { String(String.UnicodeScalarView(scalars[min(position, scalars.count)...])) }

    func fail(_ message: String) -> TOMLError { TOMLError(line: number, message: message) }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { position += 1 }
    }

    /// An optional `# comment` that must run to the end of the line; anything else left over
    /// is a mistake, such as two values or a missing `#`.
    mutating func comment() throws(TOMLError) -> String? {
        guard let c = peek else { return nil }
        guard c == "#" else { throw fail("unexpected text after the value: \(rest). Start a comment with #.") }
        let text = rest
        if text.unicodeScalars.contains(where: { isControl($0) }) {
            throw fail("the comment contains a control character; remove it.")
        }
        position = scalars.count
        return text
    }

    mutating func tableHeader() throws(TOMLError) -> String {
        position += 1
        if peek == "[" {
            throw fail("arrays of tables ([[…]]) are not supported in config.toml; the tables are [keys] and [voices].")
        }
        skipSpaces()
        let name = try keyName(context: "table name")
        skipSpaces()
        if peek == "." {
            throw fail("dotted table names are not supported in config.toml; the tables are [keys] and [voices].")
        }
        guard peek == "]" else { throw fail("the table name needs a closing ], as in [keys].") }
        position += 1
        skipSpaces()
        _ = try comment()
        return name
    }

    /// A key up to its `=`.
    mutating func key() throws(TOMLError) -> String {
        if peek == "=" { throw fail("a setting name is missing before =.") }
        let start = position
        let key = try keyName(context: "setting name")
        skipSpaces()
        if peek == "." {
            throw fail("dotted keys such as \(rest.isEmpty ? key : key + rest.prefix { $0 != " " && $0 != "=" }) are not supported; put the key under a [table] header, as in [keys].")
        }
        guard peek == "=" else {
            let line = String(String.UnicodeScalarView(scalars))
            if let equals = line.firstIndex(of: "="), !isQuote(scalars[start]) {
                // A bare name stopped early: it has characters only a quoted name may have.
                let whole = line[..<equals].trimmingSpaces()
                throw fail("the name \(whole) needs quotes, like \(TOMLValue.quoted(whole)), because it has characters other than letters, digits, - and _.")
            }
            throw fail("expected = after \(TOMLValue.key(key)), as in \(TOMLValue.key(key)) = value.")
        }
        position += 1
        skipSpaces()
        return key
    }

    private mutating func keyName(context: String) throws(TOMLError) -> String {
        switch peek {
        case "\"": return try basicString()
        case "'": return try literalString()
        default:
            let start = position
            while let c = peek, TOMLValue.isBareKeyCharacter(c) { position += 1 }
            guard position > start else {
                throw fail(peek.map { "a \(context) cannot start with \($0); quote names with other characters, like \"\($0)\"." }
                    ?? "a \(context) is missing.")
            }
            return String(String.UnicodeScalarView(scalars[start..<position]))
        }
    }

    mutating func value(after key: String) throws(TOMLError) -> TOMLValue {
        guard let c = peek, c != "#" else { throw fail("\(TOMLValue.key(key)) has no value after =.") }
        switch c {
        case "\"":
            if startsWith("\"\"\"") { throw fail("multi-line strings (\"\"\") are not supported; write the text on one line, with \\n for a line break.") }
            return .string(try basicString())
        case "'":
            if startsWith("'''") { throw fail("multi-line strings (''') are not supported; write the text on one line.") }
            return .string(try literalString())
        case "[": throw fail("lists ([…]) are not supported in config.toml; give one value.")
        case "{": throw fail("inline tables ({…}) are not supported in config.toml; use a [table] header.")
        default: break
        }
        let start = position
        while let c = peek, c != " ", c != "\t", c != "#" { position += 1 }
        let token = String(String.UnicodeScalarView(scalars[start..<position]))
        return try Self.bareValue(token, fail: fail)
    }

    private static func bareValue(_ token: String, fail: (String) -> TOMLError) throws(TOMLError) -> TOMLValue {
        switch token {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        let unsigned = token.hasPrefix("+") || token.hasPrefix("-") ? token.dropFirst() : Substring(token)
        if let first = unsigned.first, first.isASCII, first.isNumber {
            if unsigned.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "_") }) {
                guard !unsigned.hasPrefix("_"), !unsigned.hasSuffix("_"), !unsigned.contains("__") else {
                    throw fail("\(token) is not a valid number; an _ may only stand between two digits.")
                }
                guard !(unsigned.count > 1 && unsigned.hasPrefix("0")) else {
                    throw fail("\(token) is not a valid number; numbers cannot start with 0.")
                }
                guard let number = Int(token.replacing("_", with: "")) else {
                    throw fail("the number \(token) is too large.")
                }
                return .integer(number)
            }
            if isFloat(unsigned), let number = Double(token.replacing("_", with: "")) {
                return .float(number)
            }
            if unsigned.contains(":") || unsigned.dropFirst().contains("-") {
                throw fail("dates and times are not supported in config.toml.")
            }
            throw fail("\(token) is not a valid number.")
        }
        let looksLikeOnOff = ["yes", "no", "on", "off", "True", "False", "TRUE", "FALSE"].contains(token)
        throw fail("\(token) is not a value: put text in double quotes, like \(TOMLValue.quoted(token))\(looksLikeOnOff ? ", or use true or false" : "").")
    }

    /// TOML's decimal float: digits, then a fraction, an exponent or both.
    private static func isFloat(_ text: Substring) -> Bool {
        func digits(_ part: Substring) -> Bool {
            !part.isEmpty && part.first != "_" && part.last != "_" && !part.contains("__")
                && part.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "_") }
        }
        var mantissa = text
        var exponent: Substring?
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            var rest = text[text.index(after: e)...]
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            exponent = rest
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, digits(parts[0]) else { return false }
        if parts[0].count > 1 && parts[0].hasPrefix("0") { return false }
        if parts.count == 2 && !digits(parts[1]) { return false }
        if let exponent, !digits(exponent) { return false }
        return parts.count == 2 || exponent != nil
    }

    private func startsWith(_ text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return scalars.count - position >= wanted.count && Array(scalars[position..<position + wanted.count]) == wanted
    }

    private mutating func basicString() throws(TOMLError) -> String {
        position += 1
        var result = String.UnicodeScalarView()
        while let c = peek {
            position += 1
            switch c {
            case "\"": return String(result)
            case "\\":
                guard let escape = peek else { break }
                position += 1
                switch escape {
                case "b": result.append("\u{08}")
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "f": result.append("\u{0C}")
                case "r": result.append("\r")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "u", "U":
                    let count = escape == "u" ? 4 : 8
                    let hex = String(String.UnicodeScalarView(scalars[position..<min(position + count, scalars.count)]))
                    guard hex.count == count, hex.allSatisfy(\.isHexDigit), let code = UInt32(hex, radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else {
                        throw fail("\\\(escape) must be followed by \(count) hexadecimal digits of a Unicode character.")
                    }
                    position += count
                    result.append(scalar)
                default:
                    throw fail("unknown escape \\\(escape) in a string; write \\\\ for a backslash, or use 'single quotes' for text with backslashes.")
                }
            case _ where isControl(c):
                throw fail("a string cannot contain control characters; use escapes such as \\t.")
            default: result.append(c)
            }
        }
        throw fail("the text has no closing double quote (\").")
    }

    private mutating func literalString() throws(TOMLError) -> String {
        position += 1
        let start = position
        while let c = peek {
            if c == "'" {
                defer { position += 1 }
                return String(String.UnicodeScalarView(scalars[start..<position]))
            }
            if isControl(c) { throw fail("a string cannot contain control characters.") }
            position += 1
        }
        throw fail("the text has no closing single quote (').")
    }
}

/// The lines of `text` split at each LF, a CR before it kept. Split by Unicode scalar, because
/// a String treats CR LF as one character and would not split there.
func lines(of text: String) -> [Substring.UnicodeScalarView] {
    Substring(text).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
}

private func isControl(_ c: Unicode.Scalar) -> Bool {
    (c.value < 0x20 && c != "\t") || c.value == 0x7F
}

private func isQuote(_ c: Unicode.Scalar) -> Bool { c == "\"" || c == "'" }
