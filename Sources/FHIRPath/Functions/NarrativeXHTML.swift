/// FHIR's rules for a narrative's XHTML (`Narrative.div`), which `htmlChecks()` answers for the
/// invariants txt-1 and txt-2: one `div` in the XHTML namespace, well-formed XML, only the basic
/// formatting elements and attributes of HTML 4 that the Narrative page allows (so no head or
/// body, scripts or event handlers, forms, frames, objects, document types), no link that runs
/// code, and some content a reader sees (text that is not only white space, or an image).
///
/// Read by allowlist, as HL7's validator reads it: what is not known to be harmless is refused.
struct NarrativeXHTML {
    /// HTML 4's text, list, table, link and image elements (its chapters 7 to 11 and 15).
    static let elements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "b", "bdo", "big", "blockquote", "br", "caption", "cite",
        "code", "col", "colgroup", "dd", "del", "dfn", "div", "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6",
        "hr", "i", "img", "ins", "kbd", "li", "map", "ol", "p", "pre", "q", "samp", "small", "span", "strong",
        "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "tt", "ul", "var",
    ]
    /// Their attributes; no event handler (`on…`) is one.
    static let attributes: Set<String> = [
        "title", "style", "class", "id", "lang", "xml:lang", "dir", "accesskey", "tabindex", "span", "width",
        "align", "valign", "char", "charoff", "abbr", "axis", "headers", "scope", "rowspan", "colspan",
        "cellpadding", "cellspacing", "border", "frame", "rules", "summary", "href", "name", "src", "alt",
        "longdesc", "height", "usemap", "shape", "coords", "start", "value", "type", "compact", "datetime",
        "cite", "clear", "bgcolor", "nowrap", "xmlns",
    ]
    static let namespace = "http://www.w3.org/1999/xhtml"

    let text: String

    /// Whether the narrative keeps every rule.
    var isAllowed: Bool {
        var reader = XHTMLReader(Array(text.utf8))
        return reader.read()
    }
}

/// Reads a narrative's XML by hand, tag by tag, refusing at the first thing not allowed.
private struct XHTMLReader {
    let text: [UInt8]
    var index = 0
    var open: [String] = []
    var seesContent = false

    init(_ text: [UInt8]) { self.text = text }

    mutating func read() -> Bool {
        var rootSeen = false
        while index < text.count {
            if text[index] == UInt8(ascii: "<") {
                guard markup(isRoot: !rootSeen) else { return false }
                if !open.isEmpty {
                    rootSeen = true
                } else if rootSeen {
                    skipSpace()
                    return index == text.count && seesContent
                }
            } else {
                guard let character = characterData() else { return false }
                let visible = !character.allSatisfy(Self.isSpace)
                // Outside the root only white space may stand.
                guard rootSeen || !visible else { return false }
                if visible { seesContent = true }
            }
        }
        return false
    }

    /// Text up to the next tag, its references decoded; nil for a bare `&`.
    private mutating func characterData() -> [UInt8]? {
        var found: [UInt8] = []
        while index < text.count, text[index] != UInt8(ascii: "<") {
            if text[index] == UInt8(ascii: "&") {
                guard let decoded = reference() else { return nil }
                found += decoded
            } else {
                found.append(text[index])
                index += 1
            }
        }
        return found
    }

    /// `&name;`, `&#10;` or `&#x0A;` at `index`, as the character it stands for (a named one as a
    /// letter: only what it is not matters here).
    private mutating func reference() -> [UInt8]? {
        guard let end = text[index...].firstIndex(of: UInt8(ascii: ";")), end - index <= 12 else { return nil }
        let body = String(decoding: text[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        if body.hasPrefix("#x") || body.hasPrefix("#X"), let value = UInt32(body.dropFirst(2), radix: 16) {
            return Unicode.Scalar(value).map { Array(String(Character($0)).utf8) }
        }
        if body.hasPrefix("#"), let value = UInt32(body.dropFirst()) {
            return Unicode.Scalar(value).map { Array(String(Character($0)).utf8) }
        }
        guard !body.isEmpty, body.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
        // XML's own five, and the HTML names a browser would read into a link's scheme.
        let known: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "Tab": "\t", "NewLine": "\n",
        ]
        return Array((known[body] ?? "x").utf8)
    }

    /// A comment, a CDATA section, or a tag, at `index`.
    private mutating func markup(isRoot: Bool) -> Bool {
        if starts(with: "<!--") { return skip(past: "-->") }
        if starts(with: "<![CDATA[") {
            let start = index + 9
            guard skip(past: "]]>") else { return false }
            if text[start..<(index - 3)].contains(where: { !Self.isSpace($0) }) { seesContent = true }
            return !isRoot
        }
        // Document types, entities and processing instructions have no place in a narrative.
        if starts(with: "<!") || starts(with: "<?") { return false }
        index += 1
        if index < text.count, text[index] == UInt8(ascii: "/") {
            index += 1
            let name = self.name()
            skipSpace()
            guard expect(">"), let last = open.popLast() else { return false }
            return last == name
        }
        return startTag(isRoot: isRoot)
    }

    private mutating func startTag(isRoot: Bool) -> Bool {
        let name = self.name()
        guard NarrativeXHTML.elements.contains(name), !isRoot || name == "div" else { return false }
        var seen: Set<String> = []
        while true {
            let spaced = skipSpace()
            if expect("/>") {
                if name == "img" { seesContent = true }
                return !isRoot || seen.contains("xmlns")
            }
            if expect(">") {
                if name == "img" { seesContent = true }
                open.append(name)
                return !isRoot || seen.contains("xmlns")
            }
            let attribute = self.name()
            guard spaced, !attribute.isEmpty, seen.insert(attribute).inserted,
                NarrativeXHTML.attributes.contains(attribute)
            else { return false }
            skipSpace()
            guard expect("=") else { return false }
            skipSpace()
            guard let value = quotedValue(), allowed(attribute, value, of: name, isRoot: isRoot) else { return false }
        }
    }

    /// What an attribute's value may not be: a link that runs code, a style that does, the
    /// root's namespace other than XHTML's.
    private func allowed(_ attribute: String, _ value: String, of element: String, isRoot: Bool) -> Bool {
        switch attribute {
        case "xmlns":
            return isRoot && value == NarrativeXHTML.namespace
        case "href", "src", "longdesc", "usemap", "cite":
            return Self.harmless(value, imageData: element == "img")
        case "style":
            // The specification's own narratives draw icons with `url(data:image/png;…)`.
            let style = value.lowercased()
            guard !style.contains("expression(") else { return false }
            return style.components(separatedBy: "url(").dropFirst().allSatisfy { target in
                Self.harmless(String(target.drop { $0 == "'" || $0 == "\"" || $0 == " " }), imageData: true)
            }
        default:
            return true
        }
    }

    /// Whether a link's target runs no code: not a script's scheme, and data only as an image.
    /// Browsers drop control characters and spaces inside a scheme (`java\tscript:`).
    private static func harmless(_ target: String, imageData: Bool) -> Bool {
        let scheme = String(target.unicodeScalars.filter { $0.value > 0x20 }).lowercased()
        if scheme.hasPrefix("javascript:") || scheme.hasPrefix("vbscript:") { return false }
        return !scheme.hasPrefix("data:") || (imageData && scheme.hasPrefix("data:image/"))
    }

    /// A quoted attribute value, its references decoded; nil when unquoted or unterminated.
    private mutating func quotedValue() -> String? {
        guard index < text.count, text[index] == UInt8(ascii: "\"") || text[index] == UInt8(ascii: "'") else {
            return nil
        }
        let quote = text[index]
        index += 1
        var value: [UInt8] = []
        while index < text.count, text[index] != quote {
            if text[index] == UInt8(ascii: "<") { return nil }
            if text[index] == UInt8(ascii: "&") {
                guard let decoded = reference() else { return nil }
                value += decoded
            } else {
                value.append(text[index])
                index += 1
            }
        }
        guard index < text.count else { return nil }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    private mutating func name() -> String {
        let start = index
        while index < text.count, Self.isNameByte(text[index]) { index += 1 }
        return String(decoding: text[start..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    private func starts(with prefix: String) -> Bool {
        let bytes = Array(prefix.utf8)
        return index + bytes.count <= text.count && text[index..<(index + bytes.count)].elementsEqual(bytes)
    }

    private mutating func expect(_ marker: String) -> Bool {
        guard starts(with: marker) else { return false }
        index += marker.utf8.count
        return true
    }

    private mutating func skip(past marker: String) -> Bool {
        while index < text.count {
            if expect(marker) { return true }
            index += 1
        }
        return false
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < text.count, Self.isSpace(text[index]) { index += 1 }
        return index > start
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
}
