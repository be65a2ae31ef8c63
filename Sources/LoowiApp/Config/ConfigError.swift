import AccessibleControls
import TweetEngine

/// A problem with the configuration, said so a person can fix it: the file and line when it
/// comes from config.toml ("config.toml line 4: rate 900 is out of range; use 80 to 450."),
/// just the message when it comes from the command line.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name, such as `config.toml`; nil for a value given on the command line.
    public var file: String?
    /// 1-based; nil when the problem is not on one line (the file cannot be read).
    public var line: Int?
    public var message: String
    /// The facts behind a value its setting's rule refused, so it can also be said on the
    /// command line's terms and spoken in the user's language.
    public var refusal: SettingRefusal?
    /// The file could not be written: the facts, so the reason is said in the user's words.
    public var writeFailure: AtomicFile.WriteError?

    public init(_ message: String, file: String? = nil, line: Int? = nil) {
        // Messages quote the file's own text; escaped here, once, so none can reach the
        // terminal or the synthesiser raw.
        self.message = TOMLValue.visible(message)
        self.file = file
        self.line = line
    }

    init(refusal: SettingRefusal) {
        self.init(refusal.fileMessage)
        self.refusal = refusal
    }

    /// The same problem in the same place; how it is worded is the message's.
    public static func == (a: ConfigError, b: ConfigError) -> Bool {
        (a.file, a.line, a.message) == (b.file, b.line, b.message)
    }

    /// The message as it may be printed: messages quote the file (a key, a value, a table
    /// name), so control characters, escape sequences and bidi overrides from it are removed
    /// here, the one place every configuration message passes through.
    public var description: String {
        let text =
            switch (file, line) {
            case (let file?, let line?): "\(file) line \(line): \(message)"
            case (let file?, nil): "\(file): \(message)"
            default: message
            }
        return Sanitizer.clean(text, for: .line)
    }

    func located(file: String, line: Int) -> ConfigError {
        var located = ConfigError(message, file: file, line: line)
        located.refusal = refusal
        return located
    }

    /// As it is heard, in `language`: a refused value in the user's words, from its setting's
    /// declaration ("config.toml, línea 4: Velocidad de voz 900 está fuera del intervalo; usa
    /// de 80 a 450."), a file that could not be written with its reason in the user's words;
    /// any other problem in config.toml's English words.
    public func spoken(in language: Language) -> String {
        let problem = writeFailure?.spoken(in: language) ?? refusal?.spoken(in: language) ?? message
        let text =
            switch (file, line) {
            case (let file?, let line?): AppStrings(language)(.configProblemAt, file, String(line), problem)
            case (let file?, nil): "\(file): \(problem)"
            default: problem
            }
        return Sanitizer.clean(text, for: .line)
    }
}
