import FHIRModel

/// The rules of one resource type in one version: decode it, then check the elements.
struct ResourceRules: Sendable {
    let type: String
    let check: @Sendable (JSONValue) -> [ValidationIssue]

    /// The most wrong types reported for one resource; past that, one more fix at a time.
    static let maximumTypeIssues = 20

    /// Decodes the resource (type errors name the element) and then runs `rules` on the model.
    ///
    /// Every wrong type is reported, not only the first: each element that fails is taken out
    /// and decoding goes on. A rule about an element already reported for its type is not said
    /// again (a `status` of the wrong type is not also "required").
    static func of<T: FHIRResource>(_ resource: T.Type, _ rules: @escaping @Sendable (T, inout RuleChecker) -> Void)
        -> ResourceRules
    {
        ResourceRules(type: T.resourceType) { json in
            var (current, typeIssues) = (json, [ValidationIssue]())
            var model: T?
            while model == nil {
                do throws(FHIRDecodingError) {
                    model = try T(json: current)
                } catch {
                    typeIssues.append(ValidationIssue(path: error.path, message: error.message))
                    guard typeIssues.count < maximumTypeIssues,
                        let pruned = ElementPruning.removing(error.path, from: current)
                    else { return typeIssues }
                    current = pruned
                }
            }
            var checker = RuleChecker(type: T.resourceType)
            rules(model!, &checker)
            return typeIssues + checker.issues.filter { rule in !typeIssues.contains { $0.concerns(rule.path) } }
        }
    }

    static func rules(for version: FHIRVersion) -> [ResourceRules] {
        switch version {
        case .dstu2: dstu2
        case .stu3: stu3
        case .r4, .r4b: r4  // R4B kept R4's medication resources, Patient and Observation
        case .r5: r5
        }
    }
}

/// Collects rule violations with element paths.
struct RuleChecker {
    let type: String
    private(set) var issues: [ValidationIssue] = []

    init(type: String) { self.type = type }

    mutating func require(_ value: Any?, _ element: String) {
        if value == nil { issues.append(ValidationIssue(path: "\(type).\(element)", message: "required")) }
    }

    mutating func code(_ value: String?, _ element: String, in allowed: [String]) {
        guard let value, !allowed.contains(value) else { return }
        issues.append(
            ValidationIssue(
                path: "\(type).\(element)",
                message: "unknown code '\(value)'; expected one of \(allowed.joined(separator: ", "))"))
    }

    /// Timing units must be UCUM units of time.
    mutating func timeUnit(_ value: String?, _ element: String) {
        code(value, element, in: ["s", "min", "h", "d", "wk", "mo", "a"])
    }
}
