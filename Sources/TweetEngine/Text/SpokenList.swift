/// Names joined as a sentence says them ("Ana, Tom and Grace"; Spanish "y", or "e" before an
/// "i" sound), for the app's screens: the one grammar the buffers already use.
public enum SpokenList {
    public static func names(_ names: [String], in language: Language) -> String {
        BufferWords(language: language).list(names)
    }
}
