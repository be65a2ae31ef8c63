extension AppStrings {
    // Translated in its own change; until then English stands in, as the fallback rule says.
    static let catalan: [AppText: String] = [:]
}
