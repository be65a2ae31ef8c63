internal import CCurl

/// `curl_global_init` must run once, before any other libcurl call and not concurrently
/// with one; a lazily initialised global gives exactly that (Swift runs it once, locked).
enum CurlGlobal {
    private static let initialized: Bool = {
        CCurl_global_init_all() == CURLE_OK
    }()

    static func initialize() {
        precondition(initialized, "libcurl could not be initialised")
    }

    static var versionText: String { String(cString: curl_version()) }
}
