/// What `loowi man` and the shell completions say of each setting, beside what `ConfigKey`
/// declares for config.toml: one English sentence of what it does. The values and the default
/// come from the same declarations `loowi config set` checks against, so they cannot drift.
extension ConfigKey {
    /// What the setting does, in one English sentence (the manual page is in English).
    public var summary: String {
        switch self {
        case .language: "The language loowi speaks and shows its words in; its voice too, unless voice is set."
        case .voice: "The eSpeak NG voice, by name or language code (see loowi voices)."
        case .rate: "Speech rate in words per minute."
        case .pitch: "Voice pitch; 50 is the voice's own."
        case .volume: "Speech volume in percent; 100 is normal."
        case .punctuation: "How much punctuation is spoken."
        case .capitals: "How a capital letter is told apart: not at all, spelt, by a sound or by a higher pitch."
        case .speechBackend: "Who speaks: loowi's own eSpeak NG, or the speech-dispatcher queue (eSpeak NG when it does not answer)."
        case .keyEcho: "What typing in a text field says: auto (each word in line mode, each character on the full screen), nothing, each character, each word, or both."
        case .verbosity: "How much is said: beginners hear hints, experts hear only what changed."
        case .positions: "Whether a list says where you are in it (3 of 20)."
        case .links: "How a link in a post is read: \"link to\" its site, the whole address, or not at all."
        case .emoji: "How emoji are read: left to the voice, by name, runs counted, or left out."
        case .splitHashtags: "Read #HashTagsLikeThis as separate words."
        case .postLanguageVoice: "Read a post written in another language with that language's voice."
        case .glanceBeginner: "Start each post with its audio glance (a short sound for a boost, a reply, a direct message) at beginner verbosity."
        case .glanceIntermediate: "The audio glance at intermediate verbosity."
        case .glanceExpert: "The audio glance at expert verbosity."
        case .voicesForPeople: "Read each person's posts in a voice of their own (chosen in the [voices] table)."
        case .postTemplate:
            "How a post is read, with the variables \(LoowiConfig.postTemplateVariables.map { "$" + $0 }.joined(separator: ", "))."
        case .keypad: "How the phone keypad enters letters: timed (the iLoowi way) or multi-tap."
        case .keypadPace: "The silence in milliseconds after each letter of a timed keypad key, and before a multi-tap letter is taken."
        case .selectorPace: "The silence in milliseconds a timed selector leaves after each option."
        case .sounds: "Play sounds (earcons) for events and edges."
        case .soundVolume: "Volume of the sounds in percent."
        case .soundPack: "A folder of your own sounds in $XDG_DATA_HOME/loowi/sounds/ (see loowi sounds --export)."
        case .display: "full: the full-screen layout; line: one printed line per utterance, for braille displays and console screen readers."
        case .theme: "The full screen's colours: white on black, yellow on black, or the terminal's own."
        case .dmFollowersOnly: "Send direct messages only to people who follow you."
        case .caFile: "A PEM file with the certificate authority of a server that has its own (LOOWI_CA_FILE wins over it)."
        case .bufferLimit: "How many items a buffer holds at most; reaching its end loads older ones until then."
        case .pollSeconds: "Seconds between two asks for news on a server without streaming."
        case .announceMention: "How a new mention is announced while you read."
        case .announceDirectMessage: "How a new direct message is announced."
        case .announceFollow: "How a new follower or follow request is announced."
        case .announceFavourite: "How a favourite of your post is announced."
        case .announceBoost: "How a boost of your post is announced."
        case .announceNewPost: "How a new post in home is announced."
        case .announcePollEnded: "How an ended poll is announced."
        case .announceEdited: "How an edited post is announced."
        case .announceWords: "Say a mention's or direct message's first 140 characters after who sent it; false says the name only."
        case .soundWords: "In line mode, print a word in brackets for each meaningful sound ([top], [no action])."
        case .altTextRequired: "Refuse to post an attachment without a description."
        }
    }

    /// The values it takes, in words: "80 to 450", "none, some, most or all", "true or false".
    public var allowedValues: String {
        switch rule {
        case .choice(let names): Self.orList(names)
        case .number(let range, _): "\(range.lowerBound) to \(range.upperBound)"
        case .onOff: "true or false"
        case .text: "text"
        }
    }

    /// What applies when the setting is absent: "175", "\"some\"", "the language's own voice".
    public var defaultValue: String { defaultDescription }

    /// The values a completion offers: a closed set's names, true and false; none for numbers and text.
    public var completions: [String] { rule.closedSet }
}
