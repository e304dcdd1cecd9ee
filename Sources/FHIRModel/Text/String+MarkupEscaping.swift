extension String {
    /// The text as HTML or XML text and attribute values may hold it: `<`, `>`, `&` and both
    /// quotes written as references. The web view's pages and charts and the SMART server's
    /// authorization page write names the user typed into markup with it.
    public var markupEscaped: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
