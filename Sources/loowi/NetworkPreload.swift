import LoowiSupport
import TweetEngine

/// libcurl opened on a thread of its own for a command whose first act is a request
/// (`CommandInfo.goesOnlineAtOnce`), while the command reads its configuration and account:
/// its 16 M instructions on the other core instead of before the request. A request made
/// before it is open waits for it (the library is opened once). Waited for before the program
/// exits: an exit while OpenSSL is still being set up would run its clean-up against half-made
/// state.
enum NetworkPreload {
    static func start() -> ThreadResult<Void> {
        ThreadResult { CurlTransport.openLibrary() }
    }
}
