import FoundationEssentials
import LoowiSupport

/// A thread in reading order: what the post answers (oldest first), the post, then the
/// replies depth first (each reply right after the post it answers, siblings in the
/// server's order). Each reply knows whom it answers by the thread's own names.
public struct StatusThread: Sendable, Equatable {
    public var posts: [Status]
    /// Where the post that was asked for is in `posts`.
    public var focusIndex: Int
    /// Spoken names by account id, of everyone who wrote in the thread.
    public var names: [String: String]

    public init(focus: Status, context: StatusContext, options: SpeakableTextOptions = SpeakableTextOptions()) {
        let ancestors = Self.chain(above: focus, from: context.ancestors)
        // A post the server lists on both sides is read once, where it answers.
        let replies = Self.readingOrder(below: focus, from: context.descendants, excluding: Set(ancestors.map(\.id)))
        posts = ancestors + [focus] + replies
        focusIndex = ancestors.count
        names = Self.names(of: posts, options: options)
    }

    /// Spoken names by account id of everyone who wrote `posts` (the original author of a
    /// boost): whom a reply answers, when that person wrote in the same list.
    public static func names(of posts: [Status], options: SpeakableTextOptions = SpeakableTextOptions()) -> [String: String] {
        var names: [String: String] = [:]
        let words = BufferWords(language: options.language)
        for post in posts where names[post.displayed.account.id] == nil {
            names[post.displayed.account.id] = NotificationSpeech.name(post.displayed.account, options: options, words: words)
        }
        return names
    }

    /// One StatusSpeech per post, "in reply to" filled from the thread's names.
    public func speeches(options: SpeakableTextOptions = SpeakableTextOptions(), now: Date) -> [StatusSpeech] {
        posts.map { StatusSpeech($0, options: options, now: now, names: names) }
    }

    /// The ancestors from the top of the thread down to the post's parent, following
    /// `in_reply_to_id`; any the chain does not reach (the server's list is odd) come first,
    /// in the server's order, so nothing sent is dropped.
    static func chain(above focus: Status, from ancestors: [Status]) -> [Status] {
        let byID = Dictionary(ancestors.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var chain: [Status] = []
        var seen: Set<String> = [focus.id]
        var parent = focus.inReplyToID
        while let id = parent, let post = byID[id], seen.insert(id).inserted {
            chain.append(post)
            parent = post.inReplyToID
        }
        let rest = ancestors.filter { !seen.contains($0.id) }
        return rest + chain.reversed()
    }

    /// Depth first from the post. A reply whose parent is not in the thread (deleted, or
    /// hidden from you) comes after the rest, in the server's order; a cycle from a hostile
    /// server is broken by never visiting a post twice.
    static func readingOrder(below focus: Status, from descendants: [Status], excluding: Set<String> = []) -> [Status] {
        var children: [String: [Status]] = [:]
        for post in descendants { children[post.inReplyToID ?? "", default: []].append(post) }
        var ordered: [Status] = []
        var seen = excluding.union([focus.id])
        // An explicit stack: a thread thousands of replies deep must not exhaust the call stack.
        func walk(from root: String) {
            var stack: [(list: [Status], next: Int)] = [(children[root] ?? [], 0)]
            while let top = stack.indices.last {
                guard stack[top].next < stack[top].list.count else {
                    stack.removeLast()
                    continue
                }
                let child = stack[top].list[stack[top].next]
                stack[top].next += 1
                guard seen.insert(child.id).inserted else { continue }
                ordered.append(child)
                stack.append((children[child.id] ?? [], 0))
            }
        }
        walk(from: focus.id)
        for post in descendants where seen.insert(post.id).inserted {
            ordered.append(post)
            walk(from: post.id)
        }
        return ordered
    }
}
