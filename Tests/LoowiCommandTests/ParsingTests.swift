import Testing
import TweetEngine

@testable import loowi

/// The commands issue 13 added, parsed by loowi's own command line: typed options (a language
/// code, 1-based choices, repeated media) are checked before anything runs, and each command's
/// help names its arguments.
@Suite(.timeLimit(.minutes(5))) struct ParsingTests {
    @Test func voteTakesNumbersCountingFromOne() throws {
        let vote = try Loowi.Vote.parse(["110", "1", "3"])
        #expect(vote.post == "110")
        #expect(vote.choices == [1, 3])
        #expect(throws: (any Error).self) { try Loowi.Vote.parse(["110", "tea"]) }
        #expect(throws: (any Error).self) { try Loowi.Vote.parse(["110"]) }
    }

    @Test func aLanguageIsATwoOrThreeLetterCode() throws {
        #expect(try Loowi.Post.parse(["Hola", "--language", "ES"]).language?.code == "es")
        #expect(try Loowi.Edit.parse(["7", "New", "words", "--language", "ast"]).language?.code == "ast")
        #expect(throws: (any Error).self) { try Loowi.Post.parse(["Hola", "--language", "español"]) }
        #expect(throws: (any Error).self) { try Loowi.Post.parse(["Hola", "--language", "e1"]) }
    }

    @Test func mediaAndAltTextComeInOrderAndAtMostFour() throws {
        let post = try Loowi.Post.parse(["Bread", "--media", "a.png", "--alt", "A loaf", "--media", "b.png", "--alt", "Crumbs"])
        #expect(post.media == ["a.png", "b.png"])
        #expect(post.alt == ["A loaf", "Crumbs"])
        #expect(throws: (any Error).self) { try Loowi.Post.parse(["x", "--media", "1", "--media", "2", "--media", "3", "--media", "4", "--media", "5"]) }
        #expect(throws: (any Error).self) { try Loowi.Post.parse(["x", "--alt", "no file for this"]) }
    }

    @Test func editNeedsNewWords() throws {
        let edit = try Loowi.Edit.parse(["7", "Soup", "is", "ready", "--cw", ""])
        #expect(edit.words == ["Soup", "is", "ready"])
        #expect(edit.contentWarning == "")
        #expect(throws: (any Error).self) { try Loowi.Edit.parse(["7"]) }
    }

    @Test func aTagMustBeOne() throws {
        #expect(try Loowi.TagCommand.parse(["#Bread"]).name == "#Bread")
        #expect(throws: (any Error).self) { try Loowi.TagCommand.parse(["###"]) }
        #expect(throws: (any Error).self) { try Loowi.Search.parse([]) }
    }

    @Test func theNewCommandsAreReachedFromTheRootAndExplainThemselves() throws {
        for (name, words) in [
            ("delete", "Delete one of your posts"), ("edit", "Give one of your posts new text"), ("vote", "counting from 1"),
            ("mute", "Mute someone"), ("block", "Block someone"), ("search", "Search for people, hashtags and posts"),
            ("tag", "public posts with a hashtag"), ("lists", "your lists"),
        ] {
            // Help is wrapped at the terminal's width: compared as one line.
            let command = try #require(Loowi.info.subcommands.first { $0.info.name == name })
            let help = HelpText(path: [Loowi.info, command.info]).text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains(words), "\(name): \(help)")
            #expect(help.contains("USAGE: loowi \(name)"), "\(name)")
        }
        #expect(try parsedCommand(["mute", "@grace"]) is Loowi.Mute)
        #expect(try parsedCommand(["unblock", "@grace"]) is Loowi.Unblock)
    }

    @Test func visibilityIsTypedAndADirectPostPointsToDM() throws {
        #expect(try Loowi.Post.parse(["Hi", "--visibility", "unlisted"]).visibility == .unlisted)
        #expect(throws: (any Error).self) { try Loowi.Post.parse(["Hi", "--visibility", "friends"]) }
        let direct = message(try #require(catching { try Loowi.Post.parse(["Hi", "--visibility", "direct"]) }))
        #expect(direct.contains("loowi dm @handle TEXT"), "\(direct)")
        let help = HelpText(path: [Loowi.info, Loowi.Post.info]).text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("--visibility <visibility>"), "\(help)")
    }

    @Test func sensitiveMarksAttachmentsOnly() throws {
        #expect(try Loowi.Post.parse(["Knee", "--media", "k.png", "--alt", "A knee", "--sensitive"]).sensitive)
        let alone = message(try #require(catching { try Loowi.Post.parse(["Knee", "--sensitive"]) }))
        #expect(alone == "--sensitive marks attachments; give them with --media.")
    }

    @Test func notificationTypesAreCheckedWhenRead() throws {
        #expect(try Loowi.Notifications.parse(["--types", "mention, Follow"]).types == [.mention, .follow])
        #expect(try Loowi.Notifications.parse([]).types == [])
        let wrong = message(try #require(catching { try Loowi.Notifications.parse(["--types", "mention,likes"]) }))
        #expect(wrong.contains("\"likes\" is not a kind of notification"), "\(wrong)")
        let watch = try Loowi.Watch.parse(["--types", "post,mention"])
        #expect(watch.filter.posts && watch.filter.types == [.mention])
        #expect(throws: (any Error).self) { try Loowi.Watch.parse(["--types", ","]) }
    }
}

/// The command a whole command line runs.
func parsedCommand(_ words: [String]) throws -> any Command {
    guard case .run(let command, _) = try CommandLineParser.parse(words, root: Loowi.self) else {
        throw UsageError("not a command to run")
    }
    return command
}

/// What a usage error says.
func message(_ error: any Error) -> String {
    (error as? UsageError)?.message ?? "\(error)"
}

/// The error a parse throws, or nil when it parsed.
func catching(_ parse: () throws -> Any) -> (any Error)? {
    do {
        _ = try parse()
        return nil
    } catch {
        return error
    }
}
