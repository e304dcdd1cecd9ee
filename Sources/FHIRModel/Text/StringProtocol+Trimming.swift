extension StringProtocol {
    /// The text without the spaces and tabs at either end (line breaks are kept), as
    /// `trimmingCharacters(in: .whitespaces)` gives, without the trip through `NSString`
    /// that made it the slowest part of reading the lessons at start-up.
    public func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !Self.isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !Self.isSpace($0) }) ?? first
        return String(self[first...last])
    }

    /// True when the text is empty or holds spaces and tabs only.
    public var isBlank: Bool { allSatisfy { Self.isSpace($0) } }

    private static func isSpace(_ character: Character) -> Bool {
        character.isWhitespace && !character.isNewline
    }
}
