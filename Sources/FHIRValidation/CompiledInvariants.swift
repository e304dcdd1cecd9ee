import FHIRModel
import FHIRPath

/// A release's invariants parsed once into FHIRPath expressions, and laid out by the types and
/// elements they hold for, so that checking a node is one look-up.
struct CompiledInvariants: Sendable {
    struct Rule: Sendable {
        let invariant: FHIRInvariants.Invariant
        let expression: FHIRPathExpression
    }

    /// Every rule that holds for a node of a type: its own and its base types' (`Duration`
    /// gets `drt-1`, Quantity's `qty-3` and Element's `ele-1`).
    private let byType: [String: [Rule]]
    /// Rules declared on an element of a type (`Narrative.div`), by `Type.name` for the type
    /// and every type derived from it.
    private let byElement: [String: [Rule]]
    /// Invariants the engine cannot read, with why: none, as a test proves.
    let unreadable: [(invariant: FHIRInvariants.Invariant, error: FHIRPathError)]

    static let releases = PerRelease { CompiledInvariants(version: $0) }

    init(version: FHIRVersion) {
        let model = version.release.model
        var declared: [String: [Rule]] = [:]
        var unreadable: [(FHIRInvariants.Invariant, FHIRPathError)] = []
        // Best-practice rules are left out, as HL7's validator leaves them out by default.
        for invariant in version.release.invariants.all where invariant.severity != .bestPractice {
            do {
                let expression = try FHIRPathExpression(invariant.expression)
                declared[invariant.context, default: []].append(Rule(invariant: invariant, expression: expression))
            } catch {
                unreadable.append((invariant, error))
            }
        }
        var byType: [String: [Rule]] = [:]
        var byElement: [String: [Rule]] = [:]
        for type in model.types.keys {
            var chain: [String] = []
            var next: String? = type
            while let current = next, chain.count < 32 {
                chain.append(current)
                next = model.types[current]?.base
            }
            let rules = chain.flatMap { declared[$0] ?? [] }
            if !rules.isEmpty { byType[type] = rules }
            for (context, rules) in declared {
                let (owner, _, name) = context.partition(lastDot: true)
                guard !name.isEmpty, chain.contains(owner), model.types[context] == nil else { continue }
                byElement["\(type).\(name.replacingOccurrences(of: "[x]", with: ""))", default: []] += rules
            }
        }
        (self.byType, self.byElement, self.unreadable) = (byType, byElement, unreadable)
    }

    /// The rules for a node of `type` reached as the element `name` of `parent`.
    func rules(type: String, element name: String?, of parent: String?) -> [Rule] {
        let own = byType[type] ?? []
        guard let name, let parent, let declared = byElement["\(parent).\(name)"] else { return own }
        return own + declared
    }
}

extension String {
    /// The text before and after the last (or first) dot; no dot gives the whole text first.
    fileprivate func partition(lastDot: Bool) -> (String, String, String) {
        guard let dot = lastDot ? lastIndex(of: ".") : firstIndex(of: ".") else { return (self, "", "") }
        return (String(self[..<dot]), ".", String(self[index(after: dot)...]))
    }
}
