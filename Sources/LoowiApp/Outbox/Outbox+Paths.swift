import FoundationEssentials
import LoowiSupport
import TweetEngine

extension Outbox {
    /// One outbox per account, beside the drafts (`$XDG_STATE_HOME/loowi/outbox-HANDLE.json`):
    /// a post belongs to the server it was written for.
    public convenience init(paths: AppPaths, account handle: String) {
        self.init(path: AppPaths.accountFile("outbox", handle: handle, in: paths.state).path)
    }
}
