// The Mastodon engine is built in issue 4 ("TweetEngine"). This file only keeps the target in
// the package until then.
internal import CCurl

enum CurlVersion {
    static var text: String { String(cString: curl_version()) }
}
