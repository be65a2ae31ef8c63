import FoundationEssentials
import LoowiSupport
import TweetEngine

extension Loowi {
    /// `loowi thread ID-or-URL`: a post with what it answers and its replies, in reading order.
    /// Not named `Thread`, which would hide Foundation's `Thread` in every command.
    struct ThreadCommand: Command {
        static let info = CommandInfo(
            name: "thread",
            abstract: "Print or speak a post's thread: what it answers, the post, and the replies.",
            discussion: "The posts come in reading order, one per line; every reply says whom it answers.",
            parameters: [.argument("id-or-url", help: "The post's id (see timeline --ids) or its address, such as https://mastodon.social/@ada/1234.")]
                + IDsOption.parameters + AccountOptions.parameters + ListOutput.parameters)

        var post: String
        var idsOption: IDsOption
        var accountOptions: AccountOptions
        var output: ListOutput

        init(_ values: ArgumentValues) throws {
            post = values.string("id-or-url") ?? ""
            idsOption = IDsOption(values)
            accountOptions = AccountOptions(values)
            output = try ListOutput(values)
        }

        func validate() throws {
            let text = post.trimmingSpaces()
            guard !text.isEmpty else { throw UsageError("Give a post's id or its address.") }
            if text.contains("/"), Self.address(text) == nil {
                throw UsageError(
                    "\"\(Sanitizer.clean(text, for: .line))\" is neither a post's id nor a web address. Give an id such as 1234, or an address such as https://mastodon.social/@ada/1234."
                )
            }
        }

        func run() async throws {
            let (argument, ids) = (post.trimmingSpaces(), idsOption.ids)
            try await output.run(accountOptions, empty: BufferList.thread.emptyMessage(in: ListOutput.language)) { engine in
                let focus = try await Self.status(argument, on: engine)
                let context = try await engine.thread(of: focus.id)
                let thread = StatusThread(focus: focus, context: context, options: ListOutput.options)
                return ListOutput.postLines(thread.posts, ids: ids, now: engine.clock.now(), names: thread.names)
            }
        }

        /// An http(s) address with a host, or nil.
        static func address(_ text: String) -> URL? {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                let host = url.host, !host.isEmpty
            else { return nil }
            return url
        }

        /// The post an id or address names. An address is resolved by the server's search
        /// (which also fetches posts from other servers); when search finds nothing and the
        /// address is on the account's own server, its last path segment is the post's id.
        static func status(_ argument: String, on engine: TweetEngine) async throws -> Status {
            guard let url = address(argument) else { return try await post(id: argument, on: engine) }
            // Only the post at that address: a server that searches text also finds posts that
            // merely contain the link, and reading one of those threads would be wrong.
            // A server that refuses to search (disabled, or an error of its own) still gets the
            // id fallback below; no connection or a rate limit is said as it is.
            let found: [Status]
            do {
                found = try await engine.search(argument, type: .statuses, limit: 5, resolve: true).statuses
            } catch EngineError.http {
                found = []
            }
            let wanted = normalized(argument)
            if let exact = found.first(where: { normalized($0.uri) == wanted || $0.url.map(normalized) == wanted }) {
                return exact
            }
            if let server = engine.credentials?.server, sameServer(url, server), let id = url.pathComponents.last,
                id != "/", id.allSatisfy({ $0.isLetter || $0.isNumber })
            {
                return try await post(id: id, on: engine)
            }
            throw CommandError(
                "loowi could not find the post at \(Sanitizer.clean(argument, for: .line)). Check the address, or give the post's id.")
        }

        /// The post with this id; "not found" says which id and where.
        private static func post(id: String, on engine: TweetEngine) async throws -> Status {
            do {
                return try await engine.status(id: id)
            } catch EngineError.http(status: 404, _) {
                let server = engine.credentials.map { Sanitizer.clean($0.serverName, for: .line) } ?? "the server"
                throw CommandError(
                    "There is no post \(Sanitizer.clean(id, for: .line)) on \(server); it may have been deleted, or be hidden from you.")
            }
        }

        /// An address compared without case in its scheme and host, or a trailing slash.
        static func normalized(_ address: String) -> String {
            guard let url = URL(string: address), let scheme = url.scheme, let host = url.host else { return address }
            var path = url.path
            while path.hasSuffix("/") { path.removeLast() }
            return "\(scheme.lowercased())://\(host.lowercased())\(url.port.map { ":\($0)" } ?? "")\(path)"
        }

        private static func sameServer(_ a: URL, _ b: URL) -> Bool {
            func port(_ url: URL) -> Int { url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443) }
            return a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
        }
    }
}
