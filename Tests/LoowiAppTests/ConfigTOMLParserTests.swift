import Testing

@testable import LoowiApp

@Suite(.timeLimit(.minutes(5))) struct ConfigTOMLParserTests {
    @Test func readsEverySupportedForm() throws {
        let text = #"""
            # heading comment

            language = "en-gb"   # trailing comment
            "quoted key" = 'literal \n stays'
            'literal key' = "tab\there \"q\" back\\slash \u00e9 \U0001F600 \b\f\r\n"
            count = 1_000
            negative = -5
            plus = +7
            zero = 0
            ratio = 1.5
            exp = 2e3
            small = -0.25e-1
            on = true
            off = false
              indented = 3
            [keys]
            F9 = "info"
            "list:n" = "next"
            [ "spaced" ]  # comment after a header
            Shift-Tab = "none"
            """#
        let document = try TOMLParser.parse(text)
        let root = document.entries(in: nil)
        #expect(root.map(\.key) == [
            "language", "quoted key", "literal key", "count", "negative", "plus", "zero", "ratio", "exp", "small", "on",
            "off", "indented",
        ])
        #expect(root.map(\.line) == Array(3...15))
        #expect(root[0].value == .string("en-gb"))
        #expect(root[0].comment == "# trailing comment")
        #expect(root[1].value == .string(#"literal \n stays"#))
        #expect(root[2].value == .string("tab\there \"q\" back\\slash é 😀 \u{08}\u{0C}\r\n"))
        #expect(root[3].value == .integer(1000))
        #expect(root[4].value == .integer(-5))
        #expect(root[5].value == .integer(7))
        #expect(root[6].value == .integer(0))
        #expect(root[7].value == .float(1.5))
        #expect(root[8].value == .float(2000))
        #expect(root[9].value == .float(-0.025))
        #expect(root[10].value == .boolean(true))
        #expect(root[11].value == .boolean(false))
        #expect(root[12].value == .integer(3))
        #expect(document.tables == [.init(name: "keys", line: 16), .init(name: "spaced", line: 19)])
        #expect(document.entries(in: "keys").map(\.key) == ["F9", "list:n"])
        #expect(document.entry("list:n", in: "keys")?.line == 18)
        #expect(document.entry("Shift-Tab", in: "spaced")?.value == .string("none"))
    }

    @Test func acceptsCRLFAndAByteOrderMark() throws {
        let document = try TOMLParser.parse("\u{FEFF}rate = 200\r\n# note\r\nvoice = \"es\"\r\n")
        #expect(document.entries == [
            .init(table: nil, key: "rate", value: .integer(200), line: 1),
            .init(table: nil, key: "voice", value: .string("es"), line: 3),
        ])
    }

    @Test func sameKeyInDifferentTablesIsAllowed() throws {
        let document = try TOMLParser.parse("rate = 1\n[keys]\nrate = \"x\"\n")
        #expect(document.entry("rate", in: nil)?.value == .integer(1))
        #expect(document.entry("rate", in: "keys")?.value == .string("x"))
    }

    static let errors: [(text: String, line: Int, message: String)] = [
        ("rate 200", 1, "expected = after rate, as in rate = value."),
        ("= 3", 1, "a setting name is missing before =."),
        ("# ok\ntimeline:x = \"boost\"", 2, #"the name timeline:x needs quotes, like "timeline:x", because it has characters other than letters, digits, - and _."#),
        ("rate =", 1, "rate has no value after =."),
        ("\n\nrate =   # nothing", 3, "rate has no value after =."),
        ("language = en-gb", 1, #"en-gb is not a value: put text in double quotes, like "en-gb"."#),
        ("sounds = yes", 1, #"yes is not a value: put text in double quotes, like "yes", or use true or false."#),
        (#"voice = "es"#, 1, #"the text has no closing double quote (")."#),
        ("voice = 'es", 1, "the text has no closing single quote (')."),
        (#"voice = "a\qb""#, 1, #"unknown escape \q in a string; write \\ for a backslash, or use 'single quotes' for text with backslashes."#),
        (#"voice = "\u12""#, 1, #"\u must be followed by 4 hexadecimal digits of a Unicode character."#),
        ("voice = \"a\u{01}b\"", 1, #"a string cannot contain control characters; use escapes such as \t."#),
        (#"post_template = """x""""#, 1, #"multi-line strings (""") are not supported; write the text on one line, with \n for a line break."#),
        ("post_template = '''x'''", 1, "multi-line strings (''') are not supported; write the text on one line."),
        (#"keys = ["a"]"#, 1, "lists ([…]) are not supported in config.toml; give one value."),
        ("keys = { a = 1 }", 1, "inline tables ({…}) are not supported in config.toml; use a [table] header."),
        ("[[keys]]", 1, "arrays of tables ([[…]]) are not supported in config.toml; the tables are [keys] and [voices]."),
        ("[keys.global]", 1, "dotted table names are not supported in config.toml; the tables are [keys] and [voices]."),
        ("[keys", 1, "the table name needs a closing ], as in [keys]."),
        ("[keys] extra", 1, "unexpected text after the value: extra. Start a comment with #."),
        (#"keys.F9 = "info""#, 1, "dotted keys such as keys.F9 are not supported; put the key under a [table] header, as in [keys]."),
        ("rate = 200 300", 1, "unexpected text after the value: 300. Start a comment with #."),
        ("rate = 0175", 1, "0175 is not a valid number; numbers cannot start with 0."),
        ("rate = 1__0", 1, "1__0 is not a valid number; an _ may only stand between two digits."),
        ("rate = 99999999999999999999", 1, "the number 99999999999999999999 is too large."),
        ("when = 1979-05-27", 1, "dates and times are not supported in config.toml."),
        ("rate = 1.2.3", 1, "1.2.3 is not a valid number."),
        ("rate = 1\n\nrate = 2", 3, "rate is set twice; the first is on line 1. Remove one of them."),
        ("[keys]\n\n[keys]", 3, "the table [keys] appears twice; the first is on line 1. Put all its keys under one [keys] line."),
        ("[keys]\nF9 = \"a\"\nF9 = \"b\"", 3, "[keys] F9 is set twice; the first is on line 2. Remove one of them."),
    ]

    @Test(arguments: errors)
    func refusesWithLineAndPlainExplanation(_ example: (text: String, line: Int, message: String)) {
        #expect(throws: TOMLError(line: example.line, message: example.message)) {
            try TOMLParser.parse(example.text)
        }
    }

    @Test func writesValuesAndKeysSoTheyReadBack() throws {
        let values: [TOMLValue] = [.string("quote \" back \\ tab \t line \n bell \u{07} é"), .integer(-42), .boolean(false), .float(0.5)]
        for value in values {
            let line = "\(TOMLValue.key("list:n")) = \(value.tomlText)"
            #expect(try TOMLParser.parse(line).entries.first?.value == value)
            #expect(try TOMLParser.parse(line).entries.first?.key == "list:n")
        }
        #expect(TOMLValue.key("Shift-Tab") == "Shift-Tab")
        #expect(TOMLValue.key("?") == "\"?\"")
        #expect(TOMLValue.string("\u{07}").tomlText == #""\u0007""#)
    }
}
