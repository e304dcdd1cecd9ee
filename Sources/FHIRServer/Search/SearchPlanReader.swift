import FHIRModel

/// Reads a search's parameters one by one into a ``SearchPlan``, noting the ones it does not
/// know; a value it cannot read (`date=yesterday`) is refused at once, lenient or not.
struct SearchPlanReader {
    let type: String
    let index: SearchParameterIndex
    let base: ServerBase
    private(set) var plan = SearchPlan()
    private(set) var unknown: [String] = []
    let own: [SearchParameter]

    init(type: String, index: SearchParameterIndex, base: ServerBase) {
        self.type = type
        self.index = index
        self.base = base
        own = index.parameters(of: type)
    }

    private func parameters(_ type: String) -> [SearchParameter] { index.parameters(of: type) }

    mutating func read(_ name: String, _ value: String) throws(SearchProblem) {
        let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
        let (base, modifier) = (parts.first ?? "", parts.count > 1 ? parts[1] : nil)
        let known: Bool
        switch base {
        case "_sort":
            known = plan.sort.add(modifier: modifier, value: value, parameters: own)
            if known { plan.sortItems.append((name, value)) }
        case "_include", "_revinclude":
            known = include(reverse: base == "_revinclude", modifier: modifier, value: value)
            if known { plan.shaping.append((name, value)) }
        case "_has":
            known = reverseChain(name, value)
        case _ where SearchPlan.controls.contains(name):
            known = control(name, value)
            if known, !["_count", "_offset", "_format", "_pretty"].contains(name) {
                plan.shaping.append((name, value))
            }
        case _ where base.contains(".") || (modifier?.contains(".") ?? false):
            known = forwardChain(name, value)
        default:
            known = try criterion(name, base: base, modifier: modifier, value: value)
        }
        if !known { unknown.append(described(name, value)) }
    }

    private mutating func criterion(_ name: String, base: String, modifier: String?, value: String)
        throws(SearchProblem) -> Bool
    {
        guard let parameter = own.first(where: { $0.name == base }),
            SearchCriterion.accepts(modifier, for: parameter)
        else { return false }
        let values = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for value in values {
            if let problem = SearchCriterion.problem(with: value, parameter: parameter, modifier: modifier) {
                throw SearchProblem(code: "invalid", message: "\(problem) for \(name)")
            }
        }
        plan.criteria.append(SearchCriterion(parameter: parameter, modifier: modifier, values: values, base: self.base))
        plan.applied.append((name, value))
        return true
    }

    /// `subject:Patient.name=peter` or `patient.name=peter`: the part before the first dot is
    /// a reference parameter (with the type it names, or every type it may name that has the
    /// inner parameter), the rest a search of that type.
    private mutating func forwardChain(_ name: String, _ value: String) -> Bool {
        guard let dot = name.firstIndex(of: ".") else { return false }
        let head = name[..<dot].split(separator: ":", maxSplits: 1).map(String.init)
        let inner = String(name[name.index(after: dot)...])
        guard let first = head.first, let parameter = own.first(where: { $0.name == first && $0.kind == .reference })
        else { return false }
        let named = head.count > 1 ? [head[1]] : parameter.targets
        let innerBase = String(inner.prefix { $0 != ":" && $0 != "." })
        let types = named.filter { type in
            parameter.targets.contains(type)
                && (innerBase == "_has" || parameters(type).contains { $0.name == innerBase })
        }
        guard !types.isEmpty else { return false }
        plan.chains.append(SearchPlan.Chain(parameter: parameter, types: types, inner: (inner, value), reverse: false))
        plan.applied.append((name, value))
        return true
    }

    /// `_has:Observation:patient:code=x`: the resources an Observation with code x names in
    /// its `patient` parameter (the inner part may itself be a `_has`).
    private mutating func reverseChain(_ name: String, _ value: String) -> Bool {
        let parts = name.split(separator: ":", maxSplits: 3).map(String.init)
        guard parts.count == 4, let parameter = parameters(parts[1]).first(where: { $0.name == parts[2] }),
            parameter.kind == .reference, parameter.targets.contains(type)
        else { return false }
        plan.chains.append(
            SearchPlan.Chain(parameter: parameter, types: [parts[1]], inner: (parts[3], value), reverse: true))
        plan.applied.append((name, value))
        return true
    }

    /// `Type:parameter[:target]`, `Type:*` or `*`; `:iterate` (or R4's older `:recurse`) to
    /// follow the included resources' references too.
    private mutating func include(reverse: Bool, modifier: String?, value: String) -> Bool {
        guard modifier == nil || modifier == "iterate" || modifier == "recurse" else { return false }
        let iterate = modifier != nil
        let parts = value == "*" ? [type, "*"] : value.split(separator: ":").map(String.init)
        guard (2...3).contains(parts.count), reverse || iterate || parts[0] == type else { return false }
        let references = parameters(parts[0]).filter { $0.kind == .reference }
        let chosen = parts[1] == "*" ? references : references.filter { $0.name == parts[1] }
        let target = parts.count == 3 ? parts[2] : nil
        guard !chosen.isEmpty, target.map({ t in chosen.allSatisfy { $0.targets.contains(t) } }) ?? true else {
            return false
        }
        let made = chosen.map {
            SearchPlan.Include(sourceType: parts[0], parameter: $0, targetType: target, iterate: iterate)
        }
        if reverse { plan.revincludes += made } else { plan.includes += made }
        return true
    }

    /// Applies one control parameter; false when its value is not understood.
    private mutating func control(_ name: String, _ value: String) -> Bool {
        switch name {
        case "_count":
            guard let number = Int(value), number >= 0 else { return false }
            plan.count = min(number, FHIRService.maximumPageSize)
        case "_offset":
            // At most a billion: past it no page can hold anything, and the links' sums stay in range.
            guard let number = Int(value), number >= 0, number <= 1_000_000_000 else { return false }
            plan.offset = number
        case "_summary":
            switch value {
            case "count": plan.summary = .count
            case "data": plan.summary = .data
            case "text": plan.summary = .text
            case "false": plan.summary = nil
            default: return false
            }
        case "_elements":
            let names = value.split(separator: ",").map { String($0.split(separator: ".").last ?? $0) }
            guard !names.isEmpty else { return false }
            plan.elements = names
        case "_total", "_totalMethod":
            guard ["none", "estimate", "accurate", "count"].contains(value) else { return false }
            plan.total = value != "none"
        default: break
        }
        return true
    }
}
