/// A release's Patient compartment: which resource types hold a patient's data, and by which
/// search parameters a resource of one names its patient. Read from a Bundled/ table
/// (`compartment-r4.txt` and one per release, written by `scripts/fhir-definitions` from the
/// specification's CompartmentDefinition `patient`).
///
/// The table lists the CompartmentDefinition's types and then every other type with a search
/// parameter that targets Patient, and Binary by its `securityContext`, so that no type holding a
/// patient's data is taken for one that holds none.
///
/// A SMART token for one patient reaches, of a type the compartment holds, only the resources
/// that name the patient through one of the type's parameters; of a type it does not hold
/// (Medication, Practitioner), those that name no other patient.
public struct PatientCompartment: Sendable {
    /// The parameters of each type the compartment holds; empty when the release's search
    /// table cannot tell whose a resource of the type is.
    private let parameters: [String: [String]]
    /// Reference elements (`@securityContext`) through which a resource shares the compartment
    /// of the resource they name.
    private let elements: [String: [String]]
    /// The types the CompartmentDefinition itself lists: those a compartment search
    /// (`Patient/f001/Observation`) may name. The table's others follow the comment
    /// ``beyondDefinition`` begins with.
    public let definedTypes: Set<String>

    /// How the generator's comment before the types it adds begins.
    static let beyondDefinition = "# Not in the CompartmentDefinition"

    /// Reads the table: a line per type, the type and then its parameters (or `@element`),
    /// separated by spaces; `#` starts a comment line.
    public init(table: String) {
        var parameters: [String: [String]] = [:]
        var elements: [String: [String]] = [:]
        var defined: Set<String> = []
        var beyond = false
        for line in table.split(separator: "\n") {
            if line.hasPrefix(Self.beyondDefinition) { beyond = true }
            if line.hasPrefix("#") { continue }
            let words = line.split(separator: " ").map(String.init)
            guard let type = words.first else { continue }
            if !beyond { defined.insert(type) }
            let rest = words.dropFirst()
            parameters[type] = rest.filter { !$0.hasPrefix("@") }
            elements[type] = rest.filter { $0.hasPrefix("@") }.map { String($0.dropFirst()) }
        }
        self.parameters = parameters
        self.elements = elements
        definedTypes = defined
    }

    /// The parameters through which a resource of `type` names its patient, or nil when the
    /// type holds no patient's data. Empty: the type does, but none can be told whose.
    public func parameters(of type: String) -> [String]? {
        parameters[type]
    }

    /// The reference elements through which a resource of `type` shares the compartment of
    /// the resource they name (a Binary its `securityContext`'s).
    public func sharingElements(of type: String) -> [String] {
        elements[type] ?? []
    }

    /// The types the compartment holds.
    public var types: Dictionary<String, [String]>.Keys { parameters.keys }
}
