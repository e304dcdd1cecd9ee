extension String {
    /// True when `part` occurs in the text, compared byte for byte: no locale and no trip
    /// through `NSString`, which Foundation's `contains` takes for every header a server reads.
    @inlinable
    public func includes(_ part: String) -> Bool {
        guard let head = part.utf8.first else { return true }
        let text = utf8
        var start = text.startIndex
        while let found = text[start...].firstIndex(of: head) {
            if text[found...].starts(with: part.utf8) { return true }
            start = text.index(after: found)
        }
        return false
    }
}
