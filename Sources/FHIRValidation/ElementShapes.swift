import FHIRModel

/// What the type model says of an object's elements besides their names: cardinality (a
/// required element is there, a repeating one is a non-empty array, a single one is not an
/// array), one form only of a choice (`effectiveDateTime` or
/// `effectivePeriod`, not both), and each primitive value of the JSON kind its type takes.
struct ElementShapes {
    let model: FHIRTypeModel
    let formats: FormatCheck

    /// Problems with the elements of `object`, a `type` at `path`.
    func issues(in object: JSONObject, type: String, path: String) -> [ValidationIssue] {
        var found: [ValidationIssue] = []
        for (name, element) in model.elements(of: type).sorted(by: { $0.key < $1.key }) {
            let keys = element.isChoice ? choiceKeys(name, element, in: object) : [name]
            let present = keys.filter { object[$0] != nil || object["_\($0)"] != nil }
            let label = element.isChoice ? "\(path).\(name)[x]" : "\(path).\(name)"
            if present.count > 1 {
                found.append(
                    ValidationIssue(
                        path: label, message: "only one form may be given; found \(present.joined(separator: " and "))")
                )
            }
            guard let key = present.first else {
                if element.min > 0 { found.append(ValidationIssue(path: label, message: "required")) }
                continue
            }
            if let issue = cardinality(object[key] ?? object["_\(key)"], element, path: "\(path).\(key)") {
                found.append(issue)
            }
        }
        return found
    }

    /// The JSON names of a choice's forms that `object` could hold (`effectiveDateTime`, …).
    private func choiceKeys(_ name: String, _ element: FHIRTypeModel.Element, in object: JSONObject) -> [String] {
        // A type listed twice (STU3's models list Reference once per target) is one form.
        var seen: Set<String> = []
        return element.types.map { name + $0.prefix(1).uppercased() + $0.dropFirst() }.filter {
            seen.insert($0).inserted
        }
    }

    private func cardinality(_ value: JSONValue?, _ element: FHIRTypeModel.Element, path: String) -> ValidationIssue? {
        let bounds = "\(element.min)..\(element.max.map(String.init) ?? "*")"
        guard case .array(let items) = value else {
            return element.repeats ? ValidationIssue(path: path, message: "expected an array (\(bounds))") : nil
        }
        guard element.repeats else {
            return ValidationIssue(path: path, message: "expected a single value, not an array (\(bounds))")
        }
        // No element of the five releases has a maximum between 1 and *, and none repeats with
        // a minimum above 1, so an array's length has one rule: JSON in FHIR has no empty arrays.
        if items.isEmpty {
            return ValidationIssue(path: path, message: "an empty array; leave the element out instead (\(bounds))")
        }
        return nil
    }

    /// A problem with a primitive `value` of `type`: the JSON kind FHIR writes it in (a
    /// boolean as `true`, an integer as a whole number, a decimal as a number, the rest as
    /// strings; R5's integer64 is a string too). `null` only aligns arrays with `_name`.
    func primitiveIssue(_ value: JSONValue, type: String, path: String) -> ValidationIssue? {
        let expected = expectedKind(of: type)
        let fits =
            switch (value, expected) {
            case (.null, _), (.bool, "a boolean"), (.string, "a string"), (.number, "a number"): true
            case (.number(let text), "an integer"): !text.contains { ".eE".contains($0) }
            default: false
            }
        guard fits else {
            return ValidationIssue(path: path, message: "expected \(expected) (\(type)), found \(value.kindName)")
        }
        // FHIR's JSON has no empty values: an element without one is left out.
        if case .string("") = value {
            return ValidationIssue(path: path, message: "an empty string is not a value; leave the element out")
        }
        return timeIssue(value, type: type, path: path) ?? formatIssue(value, type: type, path: path)
    }

    /// A value not in its type's format, as the release's definitions write it.
    private func formatIssue(_ value: JSONValue, type: String, path: String) -> ValidationIssue? {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = number
        default: return nil
        }
        guard !formats.accepts(text, as: type) else { return nil }
        let shown = text.count > 60 ? "\(text.prefix(60))…" : text
        return ValidationIssue(path: path, message: "\"\(shown)\" is not a valid \(type)")
    }

    /// A dateTime or instant whose time lacks its seconds or its zone: FHIR's pattern wants
    /// both (`2016-08-16T20:00:00+02:00`), and without a zone the instant is not known. A value
    /// that is no date at all is the decoder's to say.
    private func timeIssue(_ value: JSONValue, type: String, path: String) -> ValidationIssue? {
        guard type == "dateTime" || type == "instant", case .string(let text) = value, text.contains("T"),
            FHIRDateTime(text) != nil, !FHIRDateTime.isWritten(text)
        else { return nil }
        return ValidationIssue(
            path: path,
            message: "a time needs its seconds and a zone, such as 2016-08-16T20:00:00+02:00; found \"\(text)\"")
    }

    private func expectedKind(of type: String) -> String {
        if model.type(type, isA: "boolean") { return "a boolean" }
        if model.type(type, isA: "integer") { return "an integer" }
        if model.type(type, isA: "decimal") { return "a number" }
        return "a string"
    }
}
