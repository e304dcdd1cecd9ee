import FHIRModel

/// Tables 1–4 checked against the resources a server holds: for each row, how many
/// resources were checked, how many meet it, and which do not.
public struct RequirementReport: Sendable {
    public struct Row: Sendable {
        public let requirement: Requirement
        public let checked: Int
        /// `Type/id` of each resource that does not meet the requirement.
        public let failing: [String]
        public var met: Int { checked - failing.count }
    }

    public let version: FHIRVersion
    public let rows: [Row]

    /// Checks every resource against the rows of its type's profile.
    public init(resources: [JSONValue], version: FHIRVersion) {
        self.version = version
        let profiles = TutorialProfiles.of(version)
        rows = profiles.requirements.map { requirement in
            let type = requirement.resourceType
            let candidates = resources.filter { $0["resourceType"]?.stringValue == type }
            let failing = profiles.failing(requirement, among: candidates).map {
                "\(type)/\(candidates[$0]["id"]?.stringValue ?? "?")"
            }
            return Row(requirement: requirement, checked: candidates.count, failing: failing)
        }
    }

    public var json: JSONValue {
        .array(
            rows.map { row in
                [
                    "table": .number(String(row.requirement.table)),
                    "resourceType": .string(row.requirement.resourceType),
                    "requirement": .string(row.requirement.name),
                    "expression": .string(row.requirement.expression),
                    "profileRule": .string(row.requirement.rule),
                    "checked": .number(String(row.checked)), "met": .number(String(row.met)),
                    "failing": .array(row.failing.map { .string($0) }),
                ]
            })
    }
}
