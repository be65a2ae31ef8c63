import LoowiSupport
import TweetEngine

extension Doctor {
    /// loowi's own data: the hashtag word lists and the emoji names, each read and checked as
    /// the app reads it, and the demo's people and posts. Without them loowi still runs, so a problem here says what
    /// is lost (tags read as written, no demo) and how to get it back.
    func data(_ folder: DataDirectory?) -> DoctorLine {
        let s = strings
        guard let folder else { return line(s(.subjectData), s(.dataMissing), fix: s(.dataFix)) }
        let lists = WordListStore(data: folder)
        let names = EmojiNameStore(data: folder)
        let unusable =
            WordList.Language.allCases.filter { !lists.hasList($0) }.map { folder.path(.wordList($0.code)) }
            + WordList.Language.allCases.filter { !names.hasNames($0) }.map { folder.path(.emojiNames($0.code)) }
            + [DataDirectory.File.demoSeed, .demoLive].map { folder.path($0) }.filter { !DataDirectory.isFile($0) }
        guard unusable.isEmpty else { return line(s(.subjectData), s(.dataDamaged, unusable.joined(separator: ", ")), fix: s(.dataFix)) }
        return line(s(.subjectData), s(.dataFound, folder.root))
    }
}
