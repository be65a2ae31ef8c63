import TweetEngine

/// Whom a reply addresses: the post's author, everyone it mentioned and, from a conversation,
/// everyone else in it; never you, each once. On a direct post the handles are the audience
/// (Mastodon delivers a direct post to whom its text mentions), so no one may be dropped.
struct ReplyAddressees {
    struct Person: Equatable {
        var acct: String
        /// Said in the compose screen's title: the display name when known, else the username.
        var name: String
    }

    let people: [Person]

    init(_ status: Status, conversation: Conversation?, me: Account?, options: SpeakableTextOptions) {
        // Full accounts name people better than a mention's bare username.
        let known = [status.account] + (conversation?.accounts ?? [])
        var candidates: [(id: String, acct: String, name: String)] = known.map {
            ($0.id, $0.acct, $0.spokenName(options: options))
        }
        for mention in status.mentions {
            let name = known.first { $0.id == mention.id }?.spokenName(options: options) ?? mention.username
            candidates.append((mention.id, mention.acct, name))
        }
        var seen = Set<String>()
        var people: [Person] = []
        for candidate in candidates {
            // A handle is typed into the text: one with spaces or nothing in it would address no one.
            let acct = Sanitizer.clean(candidate.acct, for: .line)
            guard !acct.isEmpty, !acct.contains(where: \.isWhitespace) else { continue }
            if candidate.id == me?.id || acct.lowercased() == me?.acct.lowercased() { continue }
            guard seen.insert(acct.lowercased()).inserted else { continue }
            let name = Sanitizer.clean(candidate.name, for: .line)
            people.append(Person(acct: acct, name: name.allSatisfy(\.isWhitespace) ? acct : name))
        }
        self.people = people
    }

    /// "@grace @tom " ready to type after; empty when the reply addresses no one.
    var prefill: String {
        people.isEmpty ? "" : people.map { "@" + $0.acct }.joined(separator: " ") + " "
    }
}
