import AccessibleControls
import SpeechAudio
import Testing

@testable import LoowiApp

@Suite(.timeLimit(.minutes(5))) struct ConfigValidationTests {
    func load(_ text: String) throws(ConfigError) -> LoowiConfig {
        try ConfigFile.config(from: text, fileName: "config.toml")
    }

    @Test func announcementsDefaultToSpokenMentionsAndDirectMessagesAndSoundsForTheRest() throws {
        let defaults = try load("")
        #expect(defaults.announcements == [
            .mention: .speak, .directMessage: .speak, .follow: .sound, .favourite: .sound, .boost: .sound, .newPost: .sound,
            .pollEnded: .sound, .edited: .sound,
        ])
        let config = try load(
            """
            announce_mention = "interrupt"
            announce_direct_message = "SOUND"
            announce_follow = "none"
            announce_favourite = "speak"
            announce_boost = "none"
            announce_new_post = "speak"
            announce_poll_ended = "none"
            announce_edited = "speak"
            """)
        #expect(config.announcements == [
            .mention: .interrupt, .directMessage: .sound, .follow: .none, .favourite: .speak, .boost: .none, .newPost: .speak,
            .pollEnded: .none, .edited: .speak,
        ])
        // Written back as read.
        #expect(try load(config.tomlListing).announcements == config.announcements)
    }

    @Test func readsEverySetting() throws {
        let config = try load(
            """
            # Ada's settings
            language = "es"
            voice = "en-us"
            rate = 220
            pitch = 40
            volume = 150
            punctuation = "most"
            capitals = "earcon"
            speech_backend = "speech-dispatcher"
            key_echo = "words"
            verbosity = "expert"
            positions = false
            post_template = "$display_name: $text"
            keypad = "multi-tap"
            keypad_pace_ms = 900
            selector_pace_ms = 500
            sounds = false
            sound_volume = 30
            sound_pack = "soft"
            display = "line"
            sound_words = false

            [keys]
            F9 = "info"
            "label:Backspace" = "none"
            """)
        var expected = LoowiConfig()
        expected.language = .spanish
        expected.voice = "en-us"
        expected.rate = 220
        expected.pitch = 40
        expected.volume = 150
        expected.punctuation = .most
        expected.capitals = .earcon
        expected.speechBackend = .speechDispatcher
        expected.keyEcho = .words
        expected.verbosity = .expert
        expected.announcesPositions = false
        expected.postTemplate = "$display_name: $text"
        expected.keypadStyle = .multiTap
        expected.keypadPaceMilliseconds = 900
        expected.selectorPaceMilliseconds = 500
        expected.soundsEnabled = false
        expected.soundVolume = 30
        expected.soundPack = "soft"
        expected.display = .line
        expected.soundWords = false
        expected.keys = ["F9": "info", "label:Backspace": "none"]
        #expect(config == expected)
    }

    @Test func emptyFileAndCommentsOnlyGiveDefaults() throws {
        #expect(try load("") == LoowiConfig())
        #expect(try load("# nothing yet\n\n[keys]\n# none\n") == LoowiConfig())
    }

    @Test func choicesIgnoreCase() throws {
        #expect(try load(#"language = "EN-US""#).language == .americanEnglish)
        #expect(try load(#"speech_backend = "Speech-Dispatcher""#).speechBackend == .speechDispatcher)
    }

    @Test func speechBackendDefaultsToESpeakAndIsWrittenBackAsRead() throws {
        #expect(LoowiConfig().speechBackend == .espeak)
        #expect(LoowiConfig().tomlListing.contains("\nspeech_backend = \"espeak\"\n"))
        var config = LoowiConfig()
        config.speechBackend = .speechDispatcher
        #expect(config.tomlListing.contains("\nspeech_backend = \"speech-dispatcher\"\n"))
        #expect(try load(config.tomlListing).speechBackend == .speechDispatcher)
    }

    static let problems: [(text: String, message: String)] = [
        ("# speech\nlanguage = \"es\"\n\nrate = 900", "config.toml line 4: rate 900 is out of range; use 80 to 450."),
        ("pitch = -1", "config.toml line 1: pitch -1 is out of range; use 0 to 100."),
        ("volume = 201", "config.toml line 1: volume 201 is out of range; use 0 to 200."),
        (#"announce_mention = "loud""#, #"config.toml line 1: announce_mention "loud" is not allowed; use sound, speak, interrupt or none."#),
        ("announce_new_post = true", "config.toml line 1: announce_new_post must be one of sound, speak, interrupt or none, in quotes, not true."),
        (#"announce_edited = """#, #"config.toml line 1: announce_edited "" is not allowed; use sound, speak, interrupt or none."#),
        ("buffer_limit = 10", "config.toml line 1: buffer_limit 10 is out of range; use 40 to 10000."),
        ("buffer_limit = \"lots\"", "config.toml line 1: buffer_limit must be a whole number from 40 to 10000, not \"lots\"."),
        ("sound_volume = 101", "config.toml line 1: sound_volume 101 is out of range; use 0 to 100."),
        ("keypad_pace_ms = 100", "config.toml line 1: keypad_pace_ms 100 is out of range; use 300 to 5000."),
        ("selector_pace_ms = 9000", "config.toml line 1: selector_pace_ms 9000 is out of range; use 200 to 5000."),
        (#"language = "fr""#, #"config.toml line 1: language "fr" is not allowed; use en-gb, en-us, es or ca."#),
        ("language = 3", "config.toml line 1: language must be one of en-gb, en-us, es or ca, in quotes, not 3."),
        (#"punctuation = "loud""#, #"config.toml line 1: punctuation "loud" is not allowed; use none, some, most or all."#),
        (#"speech_backend = "orca""#, #"config.toml line 1: speech_backend "orca" is not allowed; use espeak or speech-dispatcher."#),
        ("speech_backend = true", "config.toml line 1: speech_backend must be one of espeak or speech-dispatcher, in quotes, not true."),
        (#"capitals = "big""#, #"config.toml line 1: capitals "big" is not allowed; use none, spell, earcon or pitch."#),
        (#"key_echo = "all""#, #"config.toml line 1: key_echo "all" is not allowed; use auto, none, characters, words or both."#),
        (#"verbosity = "chatty""#, #"config.toml line 1: verbosity "chatty" is not allowed; use beginner, intermediate or expert."#),
        (#"keypad = "multitap""#, #"config.toml line 1: keypad "multitap" is not allowed; use timed or multi-tap."#),
        (#"display = "tiny""#, #"config.toml line 1: display "tiny" is not allowed; use full or line."#),
        (#"rate = "fast""#, #"config.toml line 1: rate must be a whole number from 80 to 450, not "fast"."#),
        ("rate = 175.5", "config.toml line 1: rate must be a whole number from 80 to 450, not 175.5."),
        (#"sounds = "yes""#, #"config.toml line 1: sounds must be true or false, not "yes"."#),
        ("positions = 1", "config.toml line 1: positions must be true or false, not 1."),
        ("voice = 3", "config.toml line 1: voice must be text in quotes, not 3."),
        (#"voice = "  ""#, "config.toml line 1: voice is empty; give a voice name such as \"en-gb\" (see `loowi voices`), or remove the line to use the language's own voice."),
        (#"sound_pack = "../x""#, #"config.toml line 1: sound_pack "../x" must be the name of a folder in $XDG_DATA_HOME/loowi/sounds/, without /."#),
        (#"post_template = "$name: $text""#, "config.toml line 1: post_template uses $name, which loowi does not know; use $author, $display_name, $boosted_by, $reply, $visibility, $cw, $text, $media, $poll, $quote, $yours or $date."),
        (
            "rate = 200\nspeed = 3",
            #"config.toml line 2: unknown setting "speed". Known settings: language, voice, rate, pitch, volume, punctuation, capitals, speech_backend, key_echo, verbosity, positions, links, emoji, split_hashtags, post_language_voice, glance_beginner, glance_intermediate, glance_expert, voices_for_people, post_template, keypad, keypad_pace_ms, selector_pace_ms, sounds, sound_volume, sound_pack, display, theme, dm_followers_only, ca_file, buffer_limit, poll_seconds, announce_mention, announce_direct_message, announce_follow, announce_favourite, announce_boost, announce_new_post, announce_poll_ended, announce_edited, announce_words, sound_words, alt_text_required, and the [keys] table."#
        ),
        ("[sounds]", "config.toml line 1: unknown table [sounds]; the tables are [keys], for key overrides, and [voices], for people's voices."),
        ("[keys]\nF9 = 9", #"config.toml line 2: the action for F9 must be text in quotes, such as "info" or "none", not 9."#),
        ("[keys]\nrate = 200", "config.toml line 2: rate is a setting, but it is under [keys]; move it above the first [table] line."),
        // The first problem in the file is the one reported.
        ("rate = 10\npitch = 500", "config.toml line 1: rate 10 is out of range; use 80 to 450."),
        // A syntax problem carries its line too.
        ("rate = 200\nlanguage = es", #"config.toml line 2: es is not a value: put text in double quotes, like "es"."#),
    ]

    @Test(arguments: problems)
    func namesTheLineTheSettingAndWhatIsAllowed(_ example: (text: String, message: String)) {
        do {
            _ = try load(example.text)
            Issue.record("accepted: \(example.text)")
        } catch {
            #expect(error.description == example.message)
        }
    }

    @Test func postTemplateAllowsEveryVariableAndALoneDollar() throws {
        let template = "$boosted_by $display_name: $cw $text $media $date, costs $5"
        #expect(try load("post_template = \(TOMLValue.quoted(template))").postTemplate == template)
    }

    /// The messages as they were when the timeline's actions lived in AccessibleControls: the
    /// app now declares them, and the lists of what is allowed must read the same.
    static let unknownFly =
        #"Unknown action "fly". Use one of: nextControl, previousControl, back, info, whereAmI, repeatLast, hush, cycleVerbosity, togglePositions, quit, slower, faster, activate, nextWord, previousWord, readAll, cursorLeft, cursorRight, wordLeft, wordRight, lineStart, lineEnd, deleteBackward, deleteForward, killWordBackward, killToStart, killToEnd, yank, next, previous, pageForward, pageBackward, first, last, select, cancel, sayPosition, restart, increase, decrease, exploreUp, exploreDown, exploreLeft, exploreRight, press, changeMode, deleteCharacter, status, reply, boost, favourite, newPost, refresh, openAuthor, authorDetails, directMessage, expand, thread, links, search, lists, localTimeline, federatedTimeline, followedHashtags, yourFollowers, yourFollowing, mutedAccounts, blockedAccounts, catchUp, buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, buffer8, buffer9, previousBuffer, nextBuffer, acceptFollowRequest, rejectFollowRequest, send, nextFile, previousFile, spelling, settings, accounts, copy, sayAddress, follow, message, posts, details, followers, following, mute, block, report, or none."#
    static let keymapProblems: [(line: String, message: String)] = [
        (#"NoSuchKey = "info""#, #"Unknown key name "NoSuchKey". Use names like Tab, Shift-Tab, Enter, Space, Ctrl-A, Alt-F, PageDown, F1, j."#),
        (
            #""timeline:x" = "next""#,
            #"The action "next" does nothing in timeline. There it can be: acceptFollowRequest, authorDetails, blockedAccounts, boost, buffer1, buffer2, buffer3, buffer4, buffer5, buffer6, buffer7, buffer8, buffer9, catchUp, directMessage, expand, favourite, federatedTimeline, followedHashtags, links, lists, localTimeline, mutedAccounts, newPost, nextBuffer, openAuthor, previousBuffer, refresh, rejectFollowRequest, repeatLast, reply, search, thread, whereAmI, yourFollowers, yourFollowing."#
        ),
        (#"F9 = "fly""#, unknownFly),
        (
            #"F9 = "boost""#,
            #"The action "boost" does nothing in global. There it can be: back, cycleVerbosity, faster, hush, info, nextControl, previousControl, quit, repeatLast, slower, togglePositions, whereAmI."#
        ),
        (
            #""moon:F9" = "info""#,
            #"Unknown place "moon" before the colon. Use one of: global, label, button, textField, segmented, timedSelector, list, slider, keypad, busy, adjustableList, timeline, compose, app, links, people, postview, hashtags."#
        ),
        (
            #""list:F9" = "activate""#,
            #"The action "activate" does nothing in list. There it can be: first, last, next, pageBackward, pageForward, previous, sayPosition, select."#
        ),
    ]

    @Test(arguments: keymapProblems)
    func keymapOverrideProblemsNameTheirLine(_ example: (line: String, message: String)) {
        do {
            _ = try load("# keys\n[keys]\nF8 = \"info\"\n\(example.line)\nF7 = \"none\"")
            Issue.record("accepted: \(example.line)")
        } catch {
            #expect(error == ConfigError(example.message, file: "config.toml", line: 4))
        }
    }

    @Test func timelineKeysAreRemappedInAnyCase() throws {
        let config = try load("[keys]\n\"Timeline:x\" = \"BOOST\"\n\"timeline:b\" = \"none\"\n\"timeline:F9\" = \"whereAmI\"")
        let keymap = try config.keymap()
        #expect(keymap.command(for: .character("x"), in: TimelineAction.keys) == .screen("boost"))
        #expect(keymap.command(for: .character("b"), in: TimelineAction.keys) == nil)
        #expect(keymap.command(for: .f(9), in: TimelineAction.keys) == .control(.whereAmI))
        #expect(Keymap.loowi.command(for: .character("b"), in: TimelineAction.keys) == .screen("boost"))
    }
}
