import LoowiSupport
import TweetEngine

/// The words of a command line, matched to the command's parameters: which flags were given,
/// each option's values and each argument's words. A command reads its values from here by
/// name, typed; a wrong word is a `UsageError` that says which option and what it takes.
struct ArgumentValues {
    private var given: [String: [String]] = [:]
    private let parameters: [Parameter]

    private init(parameters: [Parameter]) { self.parameters = parameters }

    /// Options may come anywhere, as `--name value` or `--name=value`; `--` ends them, so that
    /// a text may begin with a dash. Arguments take the other words in order; one that
    /// `repeats` takes all that are left.
    static func read(_ words: [String], for parameters: [Parameter]) throws(UsageError) -> ArgumentValues {
        var values = ArgumentValues(parameters: parameters)
        var positional: [String] = []
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !isOptionLike(word) {
                positional.append(word)
            } else if word == "--" {
                optionsEnded = true
            } else {
                let (name, inline) = split(word)
                guard let parameter = parameters.first(where: { $0.kind != .argument && $0.name == name }) else {
                    throw unknownOption(word, among: parameters)
                }
                if parameter.kind == .flag {
                    if inline != nil { throw UsageError("\(parameter.spelled) takes no value.") }
                    values.given[name, default: []].append("")
                    continue
                }
                if let inline {
                    values.given[name, default: []].append(inline)
                } else if index < words.count, !isOptionLike(words[index]) {
                    values.given[name, default: []].append(words[index])
                    index += 1
                } else {
                    throw UsageError("\(parameter.spelled) needs a value: \(parameter.spelled) <\(parameter.valueName)>.")
                }
            }
        }
        var remaining = positional[...]
        for parameter in parameters where parameter.kind == .argument {
            if parameter.repeats {
                values.given[parameter.name] = Array(remaining)
                remaining = []
            } else if let word = remaining.popFirst() {
                values.given[parameter.name] = [word]
            }
            if parameter.required, values.given[parameter.name, default: []].isEmpty {
                throw UsageError("Missing \(parameter.spelled): \(parameter.help)")
            }
        }
        if let extra = remaining.first {
            throw UsageError("\"\(shown(extra))\" was not expected: this command takes \(remaining.count == positional.count ? "no words besides its options" : "fewer words").")
        }
        return values
    }

    /// `--name` or `-x`; not a lone dash, not a negative number, not text that starts with
    /// "- ".
    static func isOptionLike(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word.utf8.dropFirst().first!
        return second == UInt8(ascii: "-") || (second | 0x20) >= UInt8(ascii: "a") && (second | 0x20) <= UInt8(ascii: "z")
    }

    private static func split(_ word: String) -> (name: String, inline: String?) {
        let body = word.hasPrefix("--") ? word.dropFirst(2) : word.dropFirst()
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }

    private static func unknownOption(_ word: String, among parameters: [Parameter]) -> UsageError {
        let name = split(word).name
        // The fewest edits away; of those, the one that begins as typed (--acount: --account,
        // not --count).
        let scored = parameters.filter { $0.kind != .argument && !$0.hidden }.map { parameter in
            (parameter, parameter.name.editDistance(to: name), -zip(parameter.name, name).prefix { $0 == $1 }.count)
        }
        let closest = scored.filter { $0.1 <= 2 }.min { ($0.1, $0.2) < ($1.1, $1.2) }
        let hint = closest.map { " Did you mean \($0.0.spelled)?" } ?? ""
        return UsageError("There is no option \(shown(word)).\(hint)")
    }

    /// A user's word, quoted in a message: never with a control character or escape sequence.
    static func shown(_ word: String) -> String { Sanitizer.clean(word, for: .line) }

    // MARK: Reading the values

    func flag(_ name: String) -> Bool { given[declared(name)] != nil }

    /// An option's value (the last, when given more than once) or an argument's word.
    func string(_ name: String) -> String? { given[declared(name)]?.last }

    /// Every value of a repeated option, in order, or the words of a repeating argument.
    func strings(_ name: String) -> [String] { given[declared(name)] ?? [] }

    /// A name a command reads must be one its table declares: a misspelt one would read as
    /// "not given" for ever. Checked in debug builds, which the tests are.
    private func declared(_ name: String) -> String {
        assert(parameters.contains { $0.name == name }, "no parameter named \(name)")
        return name
    }

    func int(_ name: String) throws(UsageError) -> Int? {
        try string(name).map { word throws(UsageError) in try Self.int(word, for: parameter(name)) }
    }

    func ints(_ name: String) throws(UsageError) -> [Int] {
        let parameter = parameter(name)
        var numbers: [Int] = []
        for word in strings(name) { numbers.append(try Self.int(word, for: parameter)) }
        return numbers
    }

    /// A value of a type that reads itself (a visibility, a language); a word it refuses is
    /// named, with the values it takes.
    func value<Value: ArgumentValue>(_ name: String, as type: Value.Type = Value.self) throws(UsageError) -> Value? {
        guard let word = string(name) else { return nil }
        guard let value = Value(argument: word) else {
            let allowed = Value.allValueStrings
            throw UsageError(
                "\"\(Self.shown(word))\" is not a value \(parameter(name).spelled) takes."
                    + (allowed.isEmpty ? " \(parameter(name).help)" : " Use one of: \(allowed.joined(separator: ", ")).")
            )
        }
        return value
    }

    /// A value read by the command's own function, whose `UsageError` says what is wrong.
    func value<Value>(_ name: String, reading read: (String) throws(UsageError) -> Value) throws(UsageError) -> Value? {
        try string(name).map { word throws(UsageError) in try read(word) }
    }

    private func parameter(_ name: String) -> Parameter {
        parameters.first { $0.name == name } ?? .option(name, help: "")
    }

    private static func int(_ word: String, for parameter: Parameter) throws(UsageError) -> Int {
        guard let number = Int(word) else { throw UsageError("\(parameter.spelled) takes a whole number, not \"\(shown(word))\".") }
        return number
    }
}

/// A type an option's value is read as, such as `--visibility unlisted`.
protocol ArgumentValue {
    init?(argument: String)
    /// The values it takes, for help and for the message about a wrong one; empty when they
    /// are too many to list.
    static var allValueStrings: [String] { get }
}

extension ArgumentValue {
    static var allValueStrings: [String] { [] }
}

extension ArgumentValue where Self: RawRepresentable, RawValue == String, Self: CaseIterable {
    init?(argument: String) { self.init(rawValue: argument) }
    static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
