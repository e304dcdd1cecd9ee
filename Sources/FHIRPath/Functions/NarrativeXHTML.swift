/// FHIR's rules for a narrative's XHTML (`Narrative.div`), which `htmlChecks()` answers for the
/// invariants txt-1 and txt-2: one `div` in the XHTML namespace, well formed, none of what the
/// specification's Narrative page forbids (a head or body, scripts and event handlers, forms,
/// base, link and xlink, frames, iframes and objects, document type declarations), and some
/// content a reader sees (text that is not only white space, or an image).
struct NarrativeXHTML {
    /// The elements the Narrative page names as not allowed, and the form controls that make a form.
    static let forbiddenElements: Set<String> = [
        "html", "head", "body", "script", "noscript", "style", "form", "input", "button", "select", "option",
        "textarea", "label", "fieldset", "base", "link", "meta", "frame", "frameset", "iframe", "object", "embed",
        "applet",
    ]
    static let namespace = "http://www.w3.org/1999/xhtml"

    let text: String

    /// Whether the narrative keeps every rule.
    var isAllowed: Bool {
        var scanner = Scanner(text: Array(text.utf8))
        return scanner.scan()
    }

    private struct Scanner {
        let text: [UInt8]
        var index = 0
        var open: [String] = []
        var seesContent = false

        mutating func scan() -> Bool {
            skipSpace()
            guard starts(with: "<div") else { return false }
            var first = true
            while index < text.count {
                if text[index] == UInt8(ascii: "<") {
                    guard tag(isRoot: first) else { return false }
                    first = false
                    if open.isEmpty {
                        skipSpace()
                        return index == text.count && seesContent
                    }
                } else {
                    if !isSpace(text[index]) { seesContent = true }
                    index += 1
                }
            }
            return false
        }

        /// One tag at `index`: an opening, closing or empty element, or a comment.
        private mutating func tag(isRoot: Bool) -> Bool {
            if starts(with: "<!--") {
                guard let end = find("-->") else { return false }
                index = end + 3
                return true
            }
            // Document types, entities and processing instructions have no place in a narrative.
            if starts(with: "<!") || starts(with: "<?") { return false }
            guard let end = find(">") else { return false }
            let inner = String(decoding: text[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if inner.hasPrefix("/") {
                let name = inner.dropFirst().trimmingSpaces.lowercased()
                return open.popLast() == name
            }
            let selfClosing = inner.hasSuffix("/")
            let body = selfClosing ? String(inner.dropLast()) : inner
            let words = body.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            guard let rawName = words.first else { return false }
            let name = rawName.lowercased()
            guard !Self.isForbidden(name), attributesAllowed(body.dropFirst(rawName.count), isRoot: isRoot) else {
                return false
            }
            if name == "img" { seesContent = true }
            if !selfClosing { open.append(name) }
            return true
        }

        /// No event handler, no script in a link, xlink nowhere; the root names the XHTML namespace.
        private func attributesAllowed(_ attributes: Substring, isRoot: Bool) -> Bool {
            let lowered = attributes.lowercased()
            let names = lowered.split(separator: "=").compactMap { $0.split(whereSeparator: \.isWhitespace).last }
            if names.contains(where: { $0.hasPrefix("on") || $0.hasPrefix("xlink:") }) { return false }
            if lowered.contains("javascript:") { return false }
            return !isRoot || lowered.contains("xmlns=\"\(NarrativeXHTML.namespace)\"")
                || lowered.contains("xmlns='\(NarrativeXHTML.namespace)'")
        }

        private static func isForbidden(_ name: String) -> Bool {
            NarrativeXHTML.forbiddenElements.contains(name.split(separator: ":").last.map(String.init) ?? name)
        }

        private func starts(with prefix: String) -> Bool {
            let bytes = Array(prefix.utf8)
            return index + bytes.count <= text.count && Array(text[index..<(index + bytes.count)]) == bytes
        }

        private func find(_ marker: String) -> Int? {
            let bytes = Array(marker.utf8)
            var at = index
            while at + bytes.count <= text.count {
                if text[at] == bytes[0], Array(text[at..<(at + bytes.count)]) == bytes { return at }
                at += 1
            }
            return nil
        }

        private mutating func skipSpace() { while index < text.count, isSpace(text[index]) { index += 1 } }

        private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
