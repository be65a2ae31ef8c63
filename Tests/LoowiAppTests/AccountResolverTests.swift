import Foundation
import Testing
import TweetEngine

@testable import LoowiApp

@Suite(.timeLimit(.minutes(5))) struct AccountResolverTests {
    static let server = URL(string: "https://mastodon.social")!

    static func saved(_ username: String, server: URL = server) -> Credentials {
        Credentials(server: server, accessToken: "\(username)-token", accountID: "id-\(username)", username: username)
    }

    @Test func environmentCredentialsAreUsedWhenBothVariablesAreSet() throws {
        let store = InMemoryTokenStore([Self.saved("ada")])
        let resolver = AccountResolver(
            environment: ["LOOWI_INSTANCE": "http://127.0.0.1:3000/", "LOOWI_TOKEN": "secret-token"], tokenStore: store)
        let account = try resolver.resolve()
        #expect(account.source == .environment)
        #expect(account.credentials.server.absoluteString == "http://127.0.0.1:3000")
        #expect(account.credentials.accessToken == Credentials(server: Self.server, accessToken: "secret-token").accessToken)
        #expect(!account.isIdentified)
        // The token never shows in what could be printed or logged.
        #expect(!"\(account.credentials)".contains("secret-token"))
    }

    /// Issue 35, item 11: CR LF inside LOOWI_TOKEN would add header lines; refused when read.
    @Test func aTokenVariableWithALineBreakIsRefusedBeforeAnyRequest() {
        let resolver = AccountResolver(
            environment: ["LOOWI_INSTANCE": "http://127.0.0.1:3000", "LOOWI_TOKEN": "secret\r\nX-Injected: 1"],
            tokenStore: InMemoryTokenStore())
        #expect(throws: EngineError.tokenUnusable) { try resolver.resolve() }
    }

    @Test func aBareDomainBecomesHTTPS() throws {
        let resolver = AccountResolver(
            environment: ["LOOWI_INSTANCE": "mastodon.social", "LOOWI_TOKEN": "t"], tokenStore: InMemoryTokenStore())
        #expect(try resolver.resolve().credentials.server.absoluteString == "https://mastodon.social")
    }

    @Test func halfAnEnvironmentIsAClearError() {
        let store = InMemoryTokenStore()
        #expect {
            try AccountResolver(environment: ["LOOWI_INSTANCE": "mastodon.social"], tokenStore: store).resolve()
        } throws: { error in
            "\(error)".contains("LOOWI_TOKEN is not") && (error as? AccountError).map {
                if case .incompleteEnvironment = $0 { true } else { false }
            } == true
        }
        #expect(throws: AccountError.self) {
            try AccountResolver(environment: ["LOOWI_TOKEN": "t"], tokenStore: store).resolve()
        }
        #expect(throws: AccountError.self) {
            try AccountResolver(environment: ["LOOWI_INSTANCE": "ftp://host", "LOOWI_TOKEN": "t"], tokenStore: store).resolve()
        }
    }

    @Test func theMostRecentSavedAccountIsTheDefault() throws {
        let store = InMemoryTokenStore([Self.saved("ada"), Self.saved("grace")])
        let account = try AccountResolver(environment: [:], tokenStore: store).resolve()
        #expect(account.source == .saved)
        #expect(account.credentials.handle == "@grace@mastodon.social")
        #expect(account.isIdentified)
    }

    @Test func accountPicksASavedAccountByWholeOrShortHandle() throws {
        let store = InMemoryTokenStore([Self.saved("ada"), Self.saved("grace")])
        // --account wins over the environment: it is the more specific choice.
        let resolver = AccountResolver(environment: ["LOOWI_INSTANCE": "x.org", "LOOWI_TOKEN": "t"], tokenStore: store)
        #expect(try resolver.resolve(handle: "@ada@mastodon.social").credentials.username == "ada")
        #expect(try resolver.resolve(handle: "ADA@Mastodon.Social").credentials.username == "ada")
        #expect(try resolver.resolve(handle: "ada").credentials.username == "ada")
        #expect(try resolver.resolve(handle: "@ada").source == .saved)
    }

    @Test func anUnknownAccountListsTheSavedOnes() {
        let store = InMemoryTokenStore([Self.saved("ada")])
        #expect(throws: AccountError.unknownAccount(handle: "@alan", saved: ["@ada@mastodon.social"])) {
            try AccountResolver(environment: [:], tokenStore: store).resolve(handle: "@alan")
        }
        let message = AccountError.unknownAccount(handle: "@alan", saved: ["@ada@mastodon.social"]).description
        #expect(message == "There is no saved account @alan. Saved accounts: @ada@mastodon.social.")
    }

    @Test func aShortHandleOnTwoServersIsAmbiguous() {
        let other = URL(string: "https://fosstodon.org")!
        let store = InMemoryTokenStore([Self.saved("ada"), Self.saved("ada", server: other)])
        #expect(throws: AccountError.ambiguousAccount(handle: "ada", matches: ["@ada@mastodon.social", "@ada@fosstodon.org"])) {
            try AccountResolver(environment: [:], tokenStore: store).resolve(handle: "ada")
        }
    }

    @Test func noAccountGivesTheFirstRunMessage() {
        #expect(throws: AccountError.noAccount) {
            try AccountResolver(environment: [:], tokenStore: InMemoryTokenStore()).resolve()
        }
        let message = AccountError.noAccount.description
        #expect(message.contains("loowi login mastodon.social"))
        #expect(message.contains("loowi demo"))
    }

    @Test func logoutIgnoresTheEnvironment() {
        let resolver = AccountResolver(
            environment: ["LOOWI_INSTANCE": "x.org", "LOOWI_TOKEN": "t"], tokenStore: InMemoryTokenStore())
        #expect(throws: AccountError.noAccount) { try resolver.resolve(allowEnvironment: false) }
    }

    @Test func theDefaultStoreIsTheTokenFileOfTheEnvironment() throws {
        let resolver = AccountResolver(environment: ["XDG_CONFIG_HOME": "/tmp/loowi-resolver-test", "HOME": "/nonexistent"])
        let store = try #require(resolver.tokenStore as? FileTokenStore)
        #expect(store.fileURL.path == "/tmp/loowi-resolver-test/loowi/accounts.json")
    }

    @Test func identifyAsksTheServerWhoTheTokenBelongsTo() async throws {
        let transport = StubTransport { request in
            #expect(request.url.path == "/api/v1/accounts/verify_credentials")
            #expect(request.header("Authorization") == "Bearer env-token")
            return .json(#"{"id":"42","username":"ada","acct":"ada","display_name":"Ada"}"#, url: request.url)
        }
        let resolver = AccountResolver(
            environment: ["LOOWI_INSTANCE": "http://127.0.0.1:3000", "LOOWI_TOKEN": "env-token"],
            tokenStore: InMemoryTokenStore())
        var session = AccountSession(
            account: try resolver.resolve(),
            engine: TweetEngine(transport: transport, clock: ManualClock(), tokenStore: resolver.tokenStore))
        let credentials = try await session.identify()
        #expect(credentials.accountID == "42")
        #expect(credentials.handle == "@ada@127.0.0.1:3000")
        #expect(session.engine.credentials?.handle == "@ada@127.0.0.1:3000")
        // Already known: no second request.
        try await session.identify()
        #expect(transport.requestCount == 1)
        // Nothing was saved: environment credentials stay out of the token file.
        #expect(try resolver.savedAccounts().isEmpty)
    }
}
