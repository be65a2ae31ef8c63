import AccessibleControls
import SpeechAudio
import TweetEngine

extension PostGlance {
    /// What the glance tells of a timeline item: a boost, and of the post it shows whether it
    /// answers someone, is direct, hides behind a warning, holds a poll or undescribed media;
    /// `heard` is how many characters its words take.
    init(_ post: Status, heard: Int) {
        let shown = post.displayed
        var kinds: Kinds = []
        if post.isBoost { kinds.insert(.boost) }
        if shown.inReplyToID != nil { kinds.insert(.reply) }
        if shown.visibility.known == .direct { kinds.insert(.direct) }
        if shown.hasContentWarning { kinds.insert(.warning) }
        if shown.poll != nil { kinds.insert(.poll) }
        if shown.mediaAttachments.contains(where: { ($0.description ?? "").allSatisfy(\.isWhitespace) }) { kinds.insert(.undescribedMedia) }
        self.init(kinds: kinds, length: Length(characters: heard))
    }
}

extension AppCore {
    /// Posts start with their glance at this verbosity: when the settings ask for it, sounds
    /// are on, and the words are heard, not read on a braille line (where the glance would be
    /// lost, so its words stay).
    var glancesPosts: Bool {
        config.glances.contains(settings.verbosity) && config.soundsEnabled && config.display == .full
    }
}
