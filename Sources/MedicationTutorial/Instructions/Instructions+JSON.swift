import FHIRModel

extension Instructions {
    /// The sentence and its parts, each with the FHIR elements it came from, for scripts.
    public var json: JSONValue {
        let parts = parts.map { part -> JSONValue in
            [
                "kind": .string(part.kind.rawValue), "elements": .array(part.elements.map { .string($0) }),
                "text": .string(part.text),
            ]
        }
        return ["sentence": .string(sentence), "parts": .array(parts)]
    }
}
