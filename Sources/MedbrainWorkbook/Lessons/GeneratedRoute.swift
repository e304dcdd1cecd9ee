/// A route `lesson check` made from a step's solution: one FHIR reads as the solution, which
/// must complete the step, or a plausible wrong one (a mutant), which must not.
struct GeneratedRoute: Sendable, Equatable {
    var commands: [String]
    var shouldComplete: Bool
    /// For a mutant the data as written cannot tell from the goal: the resource that can.
    var copy: DistinguishingCopy? = nil
    /// A mutant only on the data it was made from (a page dropped: on a student's data the
    /// first page may hold every match).
    var writtenDataOnly = false

    static func equivalent(_ commands: String...) -> GeneratedRoute {
        GeneratedRoute(commands: commands, shouldComplete: true)
    }

    static func mutant(_ commands: String..., copy: DistinguishingCopy? = nil) -> GeneratedRoute {
        GeneratedRoute(commands: commands, shouldComplete: false, copy: copy)
    }
}

/// Data a check adds where a narrowing gives the goal's own answer on the data as written
/// (every order of the patient active, so `status=active` changes nothing): a copy of
/// `source` with its top-level `element` set to `value`, which the goal's search finds and
/// the narrowed one does not.
struct DistinguishingCopy: Sendable, Equatable {
    /// `Type/id` of a resource the goal finds.
    let source: String
    let element: String
    let value: String
}
