import FHIRModel
import Foundation

/// Whether a parameter a student sent is the one a lesson wrote, as the release's search table
/// reads both: the same name and value; a parameter that reaches the same element
/// (`subject=Patient/f001` for `patient=f001` in R4, where `patient` is `subject` restricted to
/// Patients); a reference in any of its forms (``ReferenceQuery``); an `_include` or
/// `_revinclude` with its target type written out (`MedicationRequest:medication:Medication`).
struct SearchEquivalence {
    let parameters: [SearchParameterDefinition]
    let version: FHIRVersion?
    /// The type searched.
    let type: String

    /// The parameters of `type` in `version`; without a version only the same text matches.
    init(type: String, version: FHIRVersion?) {
        parameters = version?.searchParameters.parameters(of: type) ?? []
        self.version = version
        self.type = type
    }

    /// Whether `sent` (name with its modifier, value) is `wanted` (its value nil for any).
    func matches(sentName: String, sentValue: String, wantedName: String, wantedValue: String?) -> Bool {
        if sentName == wantedName, wantedValue == nil || sentValue == wantedValue { return true }
        // `patient._id=f001` follows the reference to the resource whose id is f001: `patient=f001`.
        if let (name, value) = Self.idChain(sentName, sentValue) {
            return matches(sentName: name, sentValue: value, wantedName: wantedName, wantedValue: wantedValue)
        }
        if let (name, value) = Self.idChain(wantedName, wantedValue ?? "") {
            return matches(
                sentName: sentName, sentValue: sentValue, wantedName: name, wantedValue: wantedValue.map { _ in value })
        }
        switch (Self.chain(sentName), Self.chain(wantedName)) {
        case (let sent?, let wanted?):
            return sameChain(sent, wanted, sentValue: sentValue, wantedValue: wantedValue)
        case (nil, nil): break
        default: return false
        }
        let (sentCode, sentModifier) = Self.split(sentName)
        let (wantedCode, wantedModifier) = Self.split(wantedName)
        if ["_include", "_revinclude"].contains(wantedCode) {
            guard sentCode == wantedCode, sentModifier == wantedModifier else { return false }
            // A reverse include reaches the resources found, so naming their type adds nothing.
            let searched = wantedCode == "_revinclude" ? type : nil
            return wantedValue.map { Self.sameInclude(sentValue, $0, searched: searched, version: version) } ?? true
        }
        // `phonetic` reaches the name by another algorithm than `name`: not the same search.
        guard let sent = definition(sentCode), let wanted = definition(wantedCode), sent.kind == wanted.kind,
            (sent.code == "phonetic") == (wanted.code == "phonetic"),
            let reached = Self.element(sent), let asked = Self.element(wanted),
            reached.path == asked.path || (sent.kind == .string && Self.within(reached.path, asked.path))
        else { return false }
        guard sent.kind == .reference else {
            guard sentModifier == wantedModifier, let wantedValue else { return sentModifier == wantedModifier }
            // A string without `:exact` is matched by the server without case or accents.
            if sent.kind == .string, sentModifier != "exact" {
                return Self.folded(sentValue) == Self.folded(wantedValue)
            }
            return sentValue == wantedValue
        }
        // A type modifier (`:Patient`) says what the reference is; another modifier changes the test.
        let sentType = sentModifier.flatMap { sent.targets.contains($0) ? $0 : nil }
        guard sentModifier == sentType || sentModifier == wantedModifier else { return false }
        let sentTargets = reached.only.map { [$0] } ?? sent.targets
        let wantedTargets = Self.element(wanted)?.only.map { [$0] } ?? wanted.targets
        let sentReference = ReferenceQuery(sentValue, modifier: sentType, targets: sentTargets)
        // `subject=Patient/f001` is no `patient=` search when it names a Group.
        if let type = sentReference.type, !wantedTargets.contains(type) { return false }
        guard let wantedValue else { return true }
        let wantedReference = ReferenceQuery(wantedValue, modifier: wantedModifier, targets: wantedTargets)
        return sentReference.names(wantedReference, targets: wantedTargets)
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// A chain to the id alone (`patient._id=f001`, `performer:Practitioner._id=x`) as the
    /// reference search it is (`patient=f001`, `performer:Practitioner=x`); nil for another
    /// name, or a list of ids (one reference search names one resource).
    static func idChain(_ name: String, _ value: String) -> (String, String)? {
        // `_id` holds an id alone: `patient._id=Patient/f001` matches nothing.
        guard let (head, tail) = chain(name), tail == "_id", !value.contains(","), !value.contains("/") else {
            return nil
        }
        return (head, value)
    }

    /// A chain (`performer:Practitioner.name`) as its reference part and the rest.
    static func chain(_ name: String) -> (head: String, tail: String)? {
        guard let dot = name.firstIndex(of: ".") else { return nil }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    /// Two chains are one when their references reach the same element and what follows is one
    /// parameter of the type they lead to (the sent chain's type, or the lesson's).
    private func sameChain(
        _ sent: (head: String, tail: String), _ wanted: (head: String, tail: String), sentValue: String,
        wantedValue: String?
    ) -> Bool {
        let (sentCode, sentModifier) = Self.split(sent.head)
        let (wantedCode, wantedModifier) = Self.split(wanted.head)
        guard let one = definition(sentCode), let two = definition(wantedCode), one.kind == .reference,
            two.kind == .reference, Self.element(one)?.path == Self.element(two)?.path
        else { return false }
        let oneTargets = sentModifier.map { [$0] } ?? one.targets
        let twoTargets = wantedModifier.map { [$0] } ?? two.targets
        // Typed on both sides, or on one: the type they agree on; untyped on both: each target.
        let types = oneTargets.filter(twoTargets.contains)
        guard !types.isEmpty, sentModifier == nil || wantedModifier == nil || sentModifier == wantedModifier else {
            return false
        }
        return types.contains { type in
            let table = SearchEquivalence(type: type, version: version)
            guard table.definition(Self.split(Self.chain(wanted.tail)?.head ?? wanted.tail).0) != nil else {
                return false
            }
            return table.matches(
                sentName: sent.tail, sentValue: sentValue, wantedName: wanted.tail, wantedValue: wantedValue)
        }
    }

    /// Whether each of `paths` is one of `within` or an element below one (`Practitioner.name.family`
    /// below `Practitioner.name`): a string search on a part of what the lesson's reaches.
    static func within(_ paths: Set<String>, _ within: Set<String>) -> Bool {
        paths.allSatisfy { path in within.contains { path == $0 || path.hasPrefix($0 + ".") } }
    }

    private func definition(_ code: String) -> SearchParameterDefinition? {
        parameters.first { $0.code == code }
    }

    /// What a parameter's expression reaches: its paths, with a `.where(resolve() is T)` taken
    /// off and kept as the only type it admits.
    static func element(_ definition: SearchParameterDefinition) -> (path: Set<String>, only: String?)? {
        guard let expression = definition.expression else { return nil }
        var only: String?
        var paths: Set<String> = []
        for part in expression.components(separatedBy: " | ") {
            var path = part.trimmingCharacters(in: .whitespaces)
            if let range = path.range(of: ".where(resolve() is ") {
                only = String(path[range.upperBound...].prefix { $0 != ")" })
                path = String(path[..<range.lowerBound])
            }
            paths.insert(path)
        }
        return (paths, only)
    }

    /// `Source:param` and `Source:param:Target` are one include when Target is the only type
    /// `param` can point at, or (a reverse include, `searched`) the type searched;
    /// `Source:param` with another name reaching the same element too.
    static func sameInclude(_ sent: String, _ wanted: String, searched: String?, version: FHIRVersion?) -> Bool {
        let parts = { (text: String) -> [String] in
            let parts = text.split(separator: ":").map(String.init)
            return parts.count == 3 && parts[2] == searched ? Array(parts.prefix(2)) : parts
        }
        let (one, two) = (parts(sent), parts(wanted))
        guard one.count >= 2, two.count >= 2, one[0] == two[0] else { return false }
        let table = SearchEquivalence(type: one[0], version: version)
        guard let first = table.definition(one[1]), let second = table.definition(two[1]),
            first.code == second.code || (Self.element(first)?.path == Self.element(second)?.path)
        else { return sent == wanted }
        let targets = { (parts: [String], definition: SearchParameterDefinition) -> Set<String> in
            let all = Self.element(definition)?.only.map { [$0] } ?? definition.targets
            return parts.count > 2 ? Set(all.filter { $0 == parts[2] }) : Set(all)
        }
        return targets(one, first) == targets(two, second)
    }

    /// `patient:Patient` as the code and the modifier.
    static func split(_ name: String) -> (String, String?) {
        let parts = name.split(separator: ":", maxSplits: 1)
        return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : nil)
    }
}
