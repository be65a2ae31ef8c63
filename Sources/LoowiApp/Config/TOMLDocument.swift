/// A parsed config.toml: every `key = value` with the line it is on, and every `[table]`
/// header. Lines are kept so validation can name them and `ConfigFile` can edit one line.
struct TOMLDocument: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// nil for keys above the first `[table]` header.
        var table: String?
        var key: String
        var value: TOMLValue
        /// 1-based.
        var line: Int
        /// The `# …` after the value, kept when the line is rewritten.
        var comment: String?
    }

    struct Table: Sendable, Equatable {
        var name: String
        var line: Int
    }

    var entries: [Entry] = []
    var tables: [Table] = []

    func entry(_ key: String, in table: String?) -> Entry? {
        entries.first { $0.table == table && $0.key == key }
    }

    func entries(in table: String?) -> [Entry] {
        entries.filter { $0.table == table }
    }
}

/// A line of config.toml that is not in the subset loowi reads, in plain words.
struct TOMLError: Error, Sendable, Equatable {
    var line: Int
    var message: String
}
