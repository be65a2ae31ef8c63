/// Trimming without corelibs Foundation (whose `trimmingCharacters(in:)` and `CharacterSet`
/// bring ICU's 34 MB of data along): the standard library's own Unicode properties.
extension StringProtocol {
    /// Without the white space and line breaks at either end (`.whitespacesAndNewlines`).
    public func trimmed() -> String { trimming(\.isWhitespace) }

    /// Without the spaces and tabs at either end, line breaks kept (`.whitespaces`).
    public func trimmingSpaces() -> String { trimming { $0.isWhitespace && !$0.isNewline } }

    /// Without the characters at either end for which `isTrimmed` holds.
    public func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }),
            let last = lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(self[first...last])
    }
}
