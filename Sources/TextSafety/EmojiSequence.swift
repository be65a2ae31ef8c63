/// The one rule for when a zero-width joiner and tag characters are part of an emoji, where
/// they are kept: elsewhere they only hide text.
enum EmojiSequence {
    /// A joiner between two emoji: after an emoji, the U+FE0F that gives one its picture, or a
    /// skin tone (👩‍💻, 🏳️‍🌈, ❤️‍🔥, 🧑🏽‍💻), and before an emoji. Not between letters, digits
    /// (a keycap's base is a digit) or at either end.
    static func joins(after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        guard let previous, let next, isEmoji(next) else { return false }
        return isEmoji(previous) || previous.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(previous.value)
    }

    /// A subdivision flag is 🏴, tags spelling its region ("gbsct"), then the cancel tag.
    static func startsFlag(_ scalar: Unicode.Scalar) -> Bool { scalar.value == 0x1F3F4 }

    /// A tag character that continues a flag: right after 🏴 or a kept tag of it in the text,
    /// with nothing dropped between (a tag after a dropped U+E0001 spells a forged language
    /// mark, not the flag). U+E0001 LANGUAGE TAG spells no flag: it is loowi's own mark of a
    /// stretch in another language, never remote text's.
    static func continuesFlag(_ tag: Unicode.Scalar, rightAfterFlag: Bool) -> Bool {
        rightAfterFlag && tag.value >= 0xE0020
    }

    /// After the cancel tag (U+E007F) the flag has ended.
    static func flagGoesOn(after tag: Unicode.Scalar) -> Bool { tag.value != 0xE007F }

    /// Emoji above Latin-1: "#", "*" and the digits have the Emoji property for their keycaps,
    /// but are not pictures a joiner may join.
    private static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0xFF && scalar.properties.isEmoji
    }
}
