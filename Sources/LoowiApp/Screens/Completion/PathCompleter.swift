import AccessibleControls
import LoowiSupport
import TweetEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Down and Up in compose's attachments field: the media files and folders whose names start
/// with the path being typed, one at a time, written into the field as they are said
/// ("loaf.jpg, 2 of 5"; "Pictures, folder, 1 of 3"). Tab cannot complete there, since it
/// moves between fields; so this works like a combo box's suggestions. Typing ends the round;
/// Down then lists again from what the field holds: a slash typed after a chosen folder
/// lists inside it, as in a shell.
@MainActor
final class PathCompleter {
    struct Candidate: Equatable {
        let name: String
        let isFolder: Bool

        /// What goes into the field: the name with what a field cannot hold escaped
        /// (`EscapedPath`). A folder gets no "/": typing it enters the folder, as the shell's
        /// completion lets one do.
        var written: String { EscapedPath.escaped(name) }
    }

    /// Where a round stands: what the field held before it, and what it wrote since.
    private struct Round {
        let before: String
        let candidates: [Candidate]
        var index: Int
        var written: String { before + candidates[index].written }
    }

    /// Files worth offering: the kinds `MediaFile` recognises, by their usual names.
    static let mediaExtensions: Set<String> = [
        "jpg", "jpeg", "png", "gif", "webp", "avif", "heic", "heif", "mp4", "m4v", "mov", "webm", "mp3", "m4a", "ogg", "oga", "opus",
        "wav", "flac", "aac",
    ]
    /// A folder of thousands is not read out one by one: the first ones are offered.
    static let most = 500

    private var round: Round?
    private let home: String

    init(home: String = ProcessEnvironment.current["HOME"] ?? "") {
        self.home = home
    }

    /// One step through the candidates (`forward` for Down), or a sentence saying why none.
    func step(forward: Bool, in field: TextField, strings s: AppStrings) -> [Feedback] {
        let prefix = field.textBeforeCursor
        if var round, prefix == round.written {
            let shown = round.candidates[round.index]
            let next = round.index + (forward ? 1 : -1)
            guard round.candidates.indices.contains(next) else { return [.earcon(.boundary), .say(spoken(round, strings: s))] }
            round.index = next
            self.round = round
            return field.replaceBeforeCursor(shown.written.count, with: round.candidates[next].written) + [.say(spoken(round, strings: s))]
        }
        round = nil
        // Only the path being typed: after the last ";", before any "=" (its description).
        let item = String(prefix.split(separator: ";", omittingEmptySubsequences: false).last ?? "")
        guard !item.contains("=") else { return [.earcon(.softError), .say(s(.completeOnlyPaths))] }
        let path = String(item.drop(while: \.isWhitespace))
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let typed = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let entries = Self.list(EscapedPath.real(expanding(folder.isEmpty ? "./" : folder))) else {
            return [.earcon(.softError), .say(s(.completeNoFolder, Sanitizer.clean(folder, for: .line)))]
        }
        let found = Self.matching(entries, typed: typed)
        guard !found.isEmpty else {
            let said = typed.isEmpty
                ? s(.completeNothingIn, Sanitizer.clean(folder.isEmpty ? "./" : folder, for: .line))
                : s(.completeNothingStarts, Sanitizer.clean(typed, for: .line))
            return [.earcon(.softError), .say(said)]
        }
        let start = forward ? 0 : found.count - 1
        let begun = Round(before: String(prefix.dropLast(typed.count)), candidates: found, index: start)
        round = begun
        return field.replaceBeforeCursor(typed.count, with: found[start].written) + [.say(spoken(begun, strings: s))]
    }

    /// The entries that start with what was typed (any case), media files and folders only;
    /// hidden ones only when a "." was typed. Sorted as a person would look for them.
    static func matching(_ entries: [Candidate], typed: String) -> [Candidate] {
        let lower = typed.lowercased()
        let kept = entries.filter { entry in
            // What was typed is compared with what the field would hold (`written`).
            guard entry.written.lowercased().hasPrefix(lower), typed.hasPrefix(".") || !entry.name.hasPrefix(".") else { return false }
            guard !entry.isFolder else { return true }
            let dot = entry.name.lastIndex(of: ".")
            return dot.map { mediaExtensions.contains(entry.name[entry.name.index(after: $0)...].lowercased()) } ?? false
        }
        return Array(kept.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }.prefix(most))
    }

    /// A folder's entries, or nil when it is not a folder that can be read.
    static func list(_ folder: String) -> [Candidate]? {
        folderEntries(atPath: folder)?.map { Candidate(name: $0.name, isFolder: $0.isFolder) }
    }

    private func expanding(_ folder: String) -> String {
        folder.hasPrefix("~/") ? home + "/" + folder.dropFirst(2) : folder
    }

    private func spoken(_ round: Round, strings s: AppStrings) -> String {
        let candidate = round.candidates[round.index]
        let name = Sanitizer.clean(candidate.name, for: .line)
        let said = candidate.isFolder ? s(.completeFolder, name) : name
        return s(.completePosition, said, String(round.index + 1), String(round.candidates.count))
    }
}
