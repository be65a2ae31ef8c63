import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// The demo's sample community: the seed mastodon-mock reads, the live script, and the
/// generator that writes both.
@Suite(.timeLimit(.minutes(5))) struct DemoSeedTests {
    static let root = Checkout.root
    static let demoFolder = root.appendingPathComponent("Demo", isDirectory: true)

    struct MockConfig: Decodable {
        struct Seed: Decodable {
            var accounts: [Account]
            var follows: [Follow]
            var statuses: [Status]
        }
        struct Account: Decodable {
            var username: String
            var display_name: String
            var access_token: String
            var locked: Bool?
            var bot: Bool?
        }
        struct Follow: Decodable, Hashable {
            var follower: String
            var following: String
        }
        struct Status: Decodable {
            var account: String
            var text: String
            var visibility: String?
            var ref: String?
            var reply_to: String?
        }
        var seed: Seed
    }

    /// Python's own TOML reader (3.11+), the same one mastodon-mock uses.
    static func python() -> String {
        let venv = root.appendingPathComponent(".venv/bin/python3").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "/usr/bin/python3"
    }

    static func run(_ executable: String, _ arguments: [String], in folder: URL? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) \(arguments) failed")
        return data
    }

    static func loadSeed() throws -> MockConfig.Seed {
        let json = try run(
            python(),
            ["-c", "import json, sys, tomllib; print(json.dumps(tomllib.load(open(sys.argv[1], 'rb'))))",
             demoFolder.appendingPathComponent("seed.toml").path])
        return try JSONDecoder().decode(MockConfig.self, from: json).seed
    }

    @Test func seedHasAPlausibleCommunity() throws {
        let seed = try Self.loadSeed()
        let people = seed.accounts.filter { $0.username != "demo" }
        #expect(seed.accounts.contains { $0.username == "demo" })
        #expect(people.count >= 12)
        #expect(seed.accounts.filter { $0.locked == true }.map(\.username) == ["carmen"])
        #expect(seed.statuses.count >= 200)
        // Names in English, Spanish and Catalan.
        let names = Set(people.map(\.display_name))
        #expect(names.isSuperset(of: ["Grace Okafor", "Lucía Fernández", "Núria Ferrer"]))

        let usernames = Set(seed.accounts.map(\.username))
        var refs = Set<String>()
        var texts = Set<String>()
        for status in seed.statuses {
            #expect(usernames.contains(status.account), "\(status.account) is not a seeded account")
            if let parent = status.reply_to { #expect(refs.contains(parent), "\(parent) is not an earlier post") }
            if let ref = status.ref { #expect(refs.insert(ref).inserted, "ref \(ref) twice") }
            // mastodon-mock merges posts with the same author and text.
            #expect(texts.insert(status.account + "\u{0}" + status.text).inserted, "duplicate: \(status.text)")
        }
        for person in people {
            #expect(seed.statuses.filter { $0.account == person.username }.count >= 10, "\(person.username) posts little")
        }
        let texts_ = seed.statuses.map(\.text)
        #expect(seed.statuses.filter { $0.reply_to != nil }.count >= 20)
        #expect(texts_.filter { $0.contains("https://") }.count >= 5)
        #expect(texts_.filter { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } }.count >= 20)
        // Each language has its speakers, and their posts read as that language.
        let speakers = ["en": ["grace", "oliver", "priya", "tom"], "es": ["lucia", "javier", "carmen", "diego"],
                        "ca": ["montse", "jordi", "nuria", "pau"]]
        let markers = ["en": [" the ", " and "], "es": [" el ", " la ", " y ", "¡", "ñ"], "ca": [" el ", " la ", " i ", "·", "l'"]]
        for (language, authors) in speakers {
            let posts = seed.statuses.filter { authors.contains($0.account) && $0.reply_to == nil }
            #expect(posts.count >= 60, "\(language): \(posts.count) posts")
            let marked = posts.filter { post in markers[language, default: []].contains { post.text.contains($0) } }
            #expect(marked.count * 2 >= posts.count, "\(language): \(marked.count) of \(posts.count) look like it")
        }
    }

    @Test func followsGoBothWaysAndSomePeopleDoNotFollowBack() throws {
        let seed = try Self.loadSeed()
        let follows = Set(seed.follows)
        let people = seed.accounts.map(\.username).filter { $0 != "demo" }
        let followedByDemo = people.filter { follows.contains(.init(follower: "demo", following: $0)) }
        let followingDemo = people.filter { follows.contains(.init(follower: $0, following: "demo")) }
        #expect(followedByDemo.count >= people.count - 3)
        #expect(!followedByDemo.contains("carmen"))  // locked: following her is a request
        #expect(!followedByDemo.contains("pau"))  // to be followed in the demo
        #expect(followingDemo.count >= 4)
        #expect(people.count - followingDemo.count >= 4)  // a DM to them is refused
        #expect(followingDemo.contains("grace") && !followingDemo.contains("priya"))
        // Direct messages to the demo user, each from someone who follows them.
        let direct = seed.statuses.filter { $0.visibility == "direct" }
        #expect(direct.count >= 3)
        for message in direct {
            #expect(message.text.hasPrefix("@demo "))
            #expect(followingDemo.contains(message.account))
        }
    }

    @Test func liveScriptHasContentWarningsAndBoosts() throws {
        let script = try DemoScript.load(from: Self.demoFolder.appendingPathComponent("live.json"))
        let seed = try Self.loadSeed()
        #expect(script.demoUser == "demo")
        for account in seed.accounts { #expect(script.tokens[account.username] == account.access_token) }
        #expect(script.posts.filter { ($0.spoilerText ?? "").isEmpty == false }.count >= 2)
        #expect(script.posts.contains { $0.replyTo != nil })
        #expect(script.boosts.count >= 3)
        #expect(script.posts.last?.ref == "welcome")
    }

    @Test func aBrokenLiveScriptIsRefusedWithAReason() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-live-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"demo_user":"demo","tokens":{"demo":"t","a":"t"},"posts":[{"ref":"x","account":"a","text":"hi","reply_to":"y"}],"boosts":[]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: DemoError.seedUnreadable("x replies to y, which is not an earlier post")) {
            try DemoScript.load(from: file)
        }
    }

    @Test func theGeneratorIsDeterministicAndTheCommittedFilesAreCurrent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loowi-seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: Self.demoFolder.appendingPathComponent("make_seed.py"), to: folder.appendingPathComponent("make_seed.py"))
        _ = try Self.run("/usr/bin/python3", [folder.appendingPathComponent("make_seed.py").path])
        for name in ["seed.toml", "live.json"] {
            let made = try Data(contentsOf: folder.appendingPathComponent(name))
            let committed = try Data(contentsOf: Self.demoFolder.appendingPathComponent(name))
            #expect(made == committed, "Demo/\(name) is not what Demo/make_seed.py writes: run python3 Demo/make_seed.py")
        }
    }
}
