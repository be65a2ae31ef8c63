import FoundationEssentials
import LoowiSupport
import TweetEngine

extension Outbox {
    /// One outbox per account, beside the drafts (`$XDG_STATE_HOME/loowi/outbox-HANDLE.json`):
    /// a post belongs to the server it was written for.
    public convenience init(paths: AppPaths, account handle: String) {
        self.init(path: Self.file(paths: paths, account: handle).path)
    }

    /// Where an account's outbox is kept.
    public static func file(paths: AppPaths, account handle: String) -> URL {
        AppPaths.accountFile("outbox", handle: handle, in: paths.state)
    }

    /// The name an account's outbox is kept under. Environment credentials
    /// (`LOOWI_INSTANCE`/`LOOWI_TOKEN`) share one outbox per server whether or not their
    /// handle was asked for (the app asks, `loowi post` does not): listing or keeping a post
    /// must work while the server is down, and the app and `loowi outbox` must see the same
    /// posts.
    public static func owner(of account: ResolvedAccount) -> String {
        guard account.source == .environment else { return account.credentials.handle }
        let server = account.credentials.server
        return "environment@" + (server.host ?? "server") + (server.port.map { ":\($0)" } ?? "")
    }
}
