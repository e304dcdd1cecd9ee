import FHIRModel

/// Routes made from a step's solution where it is no search: a Timing written as JSON
/// (`instructions {…}`), a scope asked for (`scope=…`), a read. Each makes the spellings FHIR
/// reads alike, and the plausible wrong ones a check must refuse: a free-text stand-in for a
/// structured element, a scope wider than the one asked for, another resource's id.
enum CommandVariants {
    /// For `instructions JSON` with a `said SENTENCE` check: the Timing inside a Dosage or out
    /// of one, its members in another order (equivalents); the sentence as the Dosage's `text`,
    /// as the Timing's `code.text`, or beside a structure with an element left out (mutants).
    static func timing(_ solution: [String], sentence: String) -> [GeneratedRoute] {
        guard let command = solution.last(where: { $0.hasPrefix("instructions {") }),
            let json = try? JSONParser.parse(String(command.dropFirst("instructions ".count))),
            let written = json.objectValue
        else { return [] }
        let isDosage = written["timing"] != nil
        guard let timing = isDosage ? written["timing"]?.objectValue : written else { return [] }
        let said = JSONValue.string(sentence)
        var routes: [GeneratedRoute] = [.equivalent(Self.instructions(Self.reversed(json)))]
        // A Dosage with more than its Timing (a dose, a route) says more than the Timing alone.
        if !isDosage || Set(written.keys).isSubset(of: ["timing", "text"]) {
            routes.append(.equivalent(Self.instructions(isDosage ? .object(timing) : ["timing": json])))
        }
        routes += [
            .mutant(Self.instructions(["text": said])),
            .mutant(Self.instructions(["code": ["text": said]])),
            .mutant(Self.instructions(["text": said, "timing": ["code": ["text": said]]])),
        ]
        // An element left out that means what it meant is no mutant: without a frequency the
        // event occurs once per period.
        let meaningWhenMissing: [String: JSONValue] = ["frequency": 1]
        for key in timing["repeat"]?.objectValue?.keys ?? [] where timing["repeat"]?[key] != meaningWhenMissing[key] {
            var repeatPart = timing["repeat"]?.objectValue ?? JSONObject()
            repeatPart[key] = nil
            var partial = timing
            partial["repeat"] = .object(repeatPart)
            partial["code"] = ["text": said]
            routes.append(.mutant(Self.instructions(.object(partial))))
        }
        return routes
    }

    /// For a command that asks for a scope (`scope=launch/patient+patient/*.rs`): its words in
    /// another order (an equivalent: a scope is a set); each patient scope widened to every
    /// interaction (`.cruds`) or to every patient the user may see (`user/`) (mutants).
    static func scopes(_ solution: [String]) -> [GeneratedRoute] {
        guard let index = solution.lastIndex(where: { $0.contains("scope=") }) else { return [] }
        let command = solution[index]
        guard let range = command.range(of: "scope=") else { return [] }
        let value = command[range.upperBound...].prefix { $0 != "&" && $0 != " " && $0 != "'" }
        let separator = value.contains("%20") ? "%20" : "+"
        let words = value.components(separatedBy: separator)
        let replaced = { (new: [String]) -> [String] in
            var copy = solution
            copy[index] = command.replacingCharacters(
                in: range.upperBound..<command.index(range.upperBound, offsetBy: value.count),
                with: new.joined(separator: separator))
            return copy
        }
        var routes: [GeneratedRoute] = []
        if words.count > 1 { routes.append(GeneratedRoute(commands: replaced(words.reversed()), shouldComplete: true)) }
        for (position, word) in words.enumerated() where word.hasPrefix("patient/") {
            let permission = word.split(separator: ".").last.map(String.init) ?? ""
            var wider = words
            if permission != "cruds", permission != "*" {
                wider[position] = word.dropLast(permission.count) + "cruds"
                routes.append(GeneratedRoute(commands: replaced(wider), shouldComplete: false))
            }
            wider = words
            wider[position] = "user/" + word.dropFirst("patient/".count)
            routes.append(GeneratedRoute(commands: replaced(wider), shouldComplete: false))
        }
        return routes
    }

    /// For a read of `Type/id` (`version`: its `meta.versionId`): the same read by absolute URL,
    /// and of its current version (equivalents); a read of `other`, another resource of the
    /// type (a mutant).
    static func read(_ reference: String, version: String?, other: String?) -> [GeneratedRoute] {
        var routes: [GeneratedRoute] = [.equivalent("get [BASE]/\(reference)")]
        if let version { routes.append(.equivalent("get \(reference)/_history/\(version)")) }
        if let other { routes.append(.mutant("get \(other)")) }
        return routes
    }

    private static func instructions(_ json: JSONValue) -> String { "instructions " + json.compactText }

    /// The object with its members, and those of the objects in it, in reverse order.
    static func reversed(_ json: JSONValue) -> JSONValue {
        switch json {
        case .object(let object):
            return .object(JSONObject(object.members.reversed().map { ($0.key, Self.reversed($0.value)) }))
        case .array(let items): return .array(items.map(Self.reversed))
        default: return json
        }
    }
}
