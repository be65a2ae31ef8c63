import AccessibleControls
import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

/// Issue 9's smaller defects as the app user meets them, against the fake server.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SmallerDefectsAppTests {
    @Test func unfollowingSomeoneAlreadyUnfollowedElsewhereSaysSo() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down", "d")  // Linus: the details say I follow him.
        for _ in 0..<12 { await app.press("Tab") }  // the toolbar's Unfollow
        // Meanwhile he was unfollowed from another device.
        app.server.state.withLock { _ = $0.following.remove("3") }
        _ = app.said()
        await app.press("Enter")  // asks first (issue 35, item 4); Enter says yes
        #expect(app.said() == ["say: Stop following Linus? Enter: yes. Any other key: no."])
        await app.press("Enter")
        #expect(app.said() == ["say: You were not following Linus; nothing changed."])
        #expect(!app.transport.requests.contains { $0.url.path.hasSuffix("/unfollow") })
        // The button now offers Follow.
        await app.press("Tab", "Shift-Tab")
        #expect(app.said().last?.hasPrefix("say: Follow, button") == true)
    }
}

/// A server that repeats its newest post (GoToSocial with `min_id`): no buffer ever holds
/// one post twice, and new posts are counted once.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RepeatedNewestPostTests {
    /// The ids in the home timeline screen's list of posts.
    func postIDs(_ app: AppHarness) -> [String] {
        (app.core.appScreen(at: 0) as? TimelineScreen)?.posts.map(\.id) ?? []
    }

    @Test func refreshesNeverAddTheSamePostTwice() async {
        let app = AppHarness()
        app.server.state.withLock { $0.repeatsNewest = true }
        await app.open()
        #expect(postIDs(app) == ["105", "104", "103b", "102"])
        app.server.state.withLock {
            $0.newPosts = [FakeMastodon.Post(id: "107", author: "3", html: "<p>New one</p>", minutesAgo: 1),
                           FakeMastodon.Post(id: "106", author: "2", html: "<p>Another</p>", minutesAgo: 2)]
        }
        _ = app.said()
        await app.press("u")
        #expect(app.said() == ["say: 2 new posts."])
        #expect(postIDs(app) == ["107", "106", "105", "104", "103b", "102"])
        // Again: the server answers min_id=107 with 107 once more.
        await app.press("u")
        #expect(app.said() == ["say: No new posts."])
        #expect(postIDs(app) == ["107", "106", "105", "104", "103b", "102"])
        #expect(app.core.navigator.stack.first?.focus.controls.compactMap { $0 as? Wheel }.first?.count == 6)
    }
}

/// `dm_followers_only` (default true): the refusal names it exactly, and off lets the app
/// write to someone who does not follow you.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct DirectMessageSettingTests {
    @Test func theSettingIsReadCheckedAndListed() throws {
        #expect(LoowiConfig().dmFollowersOnly)
        #expect(LoowiConfig().engineOptions.directMessagesOnlyToFollowers)
        let off = try ConfigFile.config(from: "dm_followers_only = false\n", fileName: "config.toml")
        #expect(!off.dmFollowersOnly)
        #expect(!off.engineOptions.directMessagesOnlyToFollowers)
        #expect(off.tomlListing.contains("\ndm_followers_only = false\n"))
        #expect(throws: ConfigError("dm_followers_only must be true or false, not \"no\".", file: "config.toml", line: 1)) {
            _ = try ConfigFile.config(from: "dm_followers_only = \"no\"\n", fileName: "config.toml")
        }
    }

    @Test func theRefusalNamesTheSettingExactly() {
        let error = EngineError.directMessageNotAllowed(handle: "linus")
        #expect(error.spoken(in: .english).text.hasSuffix("or allow messages to anyone with: loowi config set dm_followers_only false"))
        #expect(error.spoken(in: .spanish).text.hasSuffix("o permite mensajes a cualquiera con: loowi config set dm_followers_only false"))
        #expect(!error.spoken(in: .english).text.contains("turn off this check"))
    }

    @Test func withTheSettingOffTheAppWritesToSomeoneWhoDoesNotFollow() async {
        var config = LoowiConfig()
        config.dmFollowersOnly = false
        let app = AppHarness(config: config)
        await app.open()
        await app.press("Down")  // Linus does not follow me.
        _ = app.said()
        await app.press("m")
        #expect(app.said().first?.hasPrefix("say: Direct message to Linus. Post text, text field, @linus ") == true)
        await app.type("Lunch?")
        await app.tabToSend()
        await app.press("Enter")
        #expect(app.said().contains("say (important): Message sent to Linus."))
        #expect(app.server.state.withLock { $0.posted }.first?["visibility"] == "direct")
    }

    @Test func withTheSettingOnTheRefusalSaysHowToChangeIt() async {
        let app = AppHarness()
        await app.open()
        await app.press("Down")
        _ = app.said()
        await app.press("m")
        #expect(app.said().first?.contains("loowi config set dm_followers_only false") == true)
        #expect(app.server.state.withLock { $0.posted }.isEmpty)
    }

    @Test func detailsOfferDirectMessageWhenTheSettingIsOff() async {
        var config = LoowiConfig()
        config.dmFollowersOnly = false
        let app = AppHarness(config: config)
        await app.open()
        await app.press("Down", "d")  // Linus
        for _ in 0..<9 { await app.press("Tab") }
        // The button hint was said with the first button of the screen.
        #expect(app.said().last == "say: Direct message, button.")
    }
}

/// `ca_file` and `LOOWI_CA_FILE` (which wins): the file is checked before anything is sent.
@Suite(.timeLimit(.minutes(5))) struct CertificateAuthoritySettingTests {
    static func tempFile() throws -> String {
        let path = NSTemporaryDirectory() + "loowi-ca-\(UUID().uuidString).pem"
        try "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func noneByDefault() throws {
        #expect(try LoowiConfig().certificateAuthorityFile(environment: [:]) == nil)
        #expect(try LoowiConfig().transport(environment: [:]) === CurlTransport.shared)
    }

    @Test func theConfigFileIsUsedAndTheEnvironmentWins() throws {
        let fromConfig = try Self.tempFile()
        let fromEnvironment = try Self.tempFile()
        defer {
            try? FileManager.default.removeItem(atPath: fromConfig)
            try? FileManager.default.removeItem(atPath: fromEnvironment)
        }
        let config = try ConfigFile.config(from: "ca_file = \(TOMLValue.quoted(fromConfig))\n", fileName: "config.toml")
        #expect(config.caFile == fromConfig)
        #expect(try config.certificateAuthorityFile(environment: [:]) == fromConfig)
        #expect(try config.certificateAuthorityFile(environment: ["LOOWI_CA_FILE": fromEnvironment]) == fromEnvironment)
        #expect(try config.transport(environment: [:]).configuration.certificateAuthorityFile == fromConfig)
    }

    @Test func aMissingFileOrAFolderIsAPlainMessage() throws {
        var config = LoowiConfig()
        config.caFile = "/nonexistent/ca.pem"
        #expect(throws: ConfigError("ca_file names \"/nonexistent/ca.pem\", and there is no such file. Give the full path of your server's certificate authority (a PEM file), or remove the setting.")) {
            _ = try config.certificateAuthorityFile(environment: [:])
        }
        #expect(throws: ConfigError("LOOWI_CA_FILE names \"/tmp\", which is a folder; give the PEM file of the certificate authority inside it.")) {
            _ = try config.certificateAuthorityFile(environment: ["LOOWI_CA_FILE": "/tmp"])
        }
    }

    @Test func theCertificateRefusalSaysHowToSetTheFile() {
        let error = EngineError.transport(.certificateNotTrusted)
        #expect(error.spoken(in: .english).text.contains("loowi config set ca_file /path/to/ca.pem"))
        #expect(error.spoken(in: .spanish).text.contains("loowi config set ca_file /ruta/a/ca.pem"))
    }
}
