internal import CCurl

/// libcurl, opened and initialised on first use (`curl_global_init` must run once, before
/// any other libcurl call and not concurrently with one; a lazily initialised global gives
/// exactly that: Swift runs it once, locked). Opened rather than linked, so that a command
/// that never goes online never binds libcurl's 30 libraries.
enum CurlGlobal {
    private struct Loaded: @unchecked Sendable {
        /// Filled once and never written again, so shared reads are safe.
        let functions: UnsafePointer<CCurl_functions>?
        let problem: String?
    }

    private static let loaded: Loaded = {
        guard let table = CCurl_load() else { return Loaded(functions: nil, problem: String(cString: CCurl_load_error())) }
        return Loaded(functions: table, problem: nil)
    }()

    /// libcurl's functions, or nil when it could not be opened (see `problem`).
    static var functions: UnsafePointer<CCurl_functions>? { loaded.functions }

    /// Why libcurl could not be opened, in the loader's words; nil when it was.
    static var problem: String? { loaded.problem }

    /// What a request without a handle fails with: libcurl missing, or out of handles.
    static var noHandle: TransportError {
        .other(code: -1, message: problem.map { "libcurl could not be loaded (\($0))" } ?? "libcurl could not create a handle")
    }

    static var versionText: String { functions?.pointee.curl_version().map { String(cString: $0) } ?? "libcurl not loaded" }
}
