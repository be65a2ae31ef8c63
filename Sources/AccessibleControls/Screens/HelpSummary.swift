/// The help's first line: the screen and how many lines the help has, short enough to be
/// heard whole (issue 39: F1's first line was 395 characters).
enum HelpSummary {
    static let maximumLength = 200

    static func line(screen title: String, lines: Int, strings: Strings) -> String {
        let whole = strings(.helpSummary, title, String(lines))
        guard whole.count > maximumLength else { return whole }
        // A long title (a thread named by its first post) is cut at a word, never the rest.
        let room = maximumLength - (whole.count - title.count) - 1
        var cut = String(title.prefix(max(0, room)))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > room / 2 {
            cut = String(cut[..<space])
        }
        return strings(.helpSummary, cut + "…", String(lines))
    }
}
