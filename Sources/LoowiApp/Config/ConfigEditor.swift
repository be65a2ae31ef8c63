/// Changes one setting's line in the text of config.toml and leaves every other line, comment
/// and blank line as the user wrote it. Works on the text, re-reading it after each change,
/// because every entry of the subset is exactly one line.
struct ConfigEditor {
    private(set) var text: String

    init(text: String) { self.text = text }

    /// Replaces the key's line (keeping its indentation and trailing comment), or adds the
    /// line at the end of its table, creating the table if there is none.
    mutating func set(_ key: String, in table: String?, to value: TOMLValue) throws(TOMLError) {
        let document = try TOMLParser.parse(text)
        var lines = self.lines
        let rendered = TOMLValue.key(key) + " = " + value.tomlText
        if let entry = document.entry(key, in: table) {
            let old = lines[entry.line - 1]
            let indent = old.prefix { $0 == " " || $0 == "\t" }
            lines[entry.line - 1] = indent + rendered + (entry.comment.map { " " + $0 } ?? "") + carriageReturn
        } else if let table {
            if let header = document.tables.first(where: { $0.name == table }) {
                let after = document.entries(in: table).last?.line ?? header.line
                lines.insert(rendered + carriageReturn, at: after)
            } else {
                Self.append(["[\(TOMLValue.key(table))]" + carriageReturn, rendered + carriageReturn], to: &lines, carriageReturn)
            }
        } else if let last = document.entries(in: nil).last {
            lines.insert(rendered + carriageReturn, at: last.line)
        } else if let header = document.tables.first {
            // Top-level keys must come before the first table; keep a header's comment with it.
            var index = header.line - 1
            while index > 0, lines[index - 1].trimmingWhitespace.hasPrefix("#") { index -= 1 }
            lines.insert(contentsOf: [rendered + carriageReturn, carriageReturn], at: index)
        } else {
            Self.append([rendered + carriageReturn], to: &lines, carriageReturn)
        }
        text = lines.joined(separator: "\n")
    }

    /// Deletes the key's line; nothing happens when the key is not in the file.
    /// - Returns: whether a line was removed.
    @discardableResult
    mutating func remove(_ key: String, in table: String?) throws(TOMLError) -> Bool {
        guard let entry = try TOMLParser.parse(text).entry(key, in: table) else { return false }
        var lines = self.lines
        lines.remove(at: entry.line - 1)
        text = lines.joined(separator: "\n")
        return true
    }

    private var lines: [String] { LoowiApp.lines(of: text).map { String(String.UnicodeScalarView($0)) } }

    /// A file written with CRLF line ends gets CRLF on the lines loowi adds.
    private var carriageReturn: String {
        LoowiApp.lines(of: text).contains { $0.last == "\r" } ? "\r" : ""
    }

    /// Adds lines at the end, after a blank line when they start a table, and ends the file
    /// with a newline.
    private static func append(_ new: [String], to lines: inout [String], _ carriageReturn: String) {
        if lines.last?.isEmpty == true { lines.removeLast() }
        if new.first?.hasPrefix("[") == true, let last = lines.last, !last.trimmingWhitespace.isEmpty {
            lines.append(carriageReturn)
        }
        lines.append(contentsOf: new)
        lines.append("")
    }
}
