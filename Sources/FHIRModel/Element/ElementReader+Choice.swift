extension ElementReader {
    /// Finds which form of a choice element `prefix[x]` is present, if any.
    ///
    /// FHIR allows exactly one form; two (say `medicationCodeableConcept` and
    /// `medicationReference`) is an error naming the choice.
    public mutating func choice(_ prefix: String, _ suffixes: [String]) throws(FHIRDecodingError) -> String? {
        // Each read of a resource asks this: the names are compared in two parts, not made.
        var found: String?
        for suffix in suffixes where has(prefix, suffix) {
            guard found == nil else { throw twoForms(prefix, suffixes) }
            found = suffix
        }
        return found
    }

    private func twoForms(_ prefix: String, _ suffixes: [String]) -> FHIRDecodingError {
        let present = suffixes.filter { has(prefix + $0) }.map { prefix + $0 }
        return error("\(prefix)[x]", "only one of \(present.joined(separator: ", ")) may be given")
    }
}

/// A FHIR choice element (`medication[x]`, `effective[x]`, `bounds[x]`, …) as a Swift enum.
public protocol ChoiceElement: Sendable, Equatable {
    /// The type suffixes this choice accepts, e.g. `["CodeableConcept", "Reference"]`.
    static var suffixes: [String] { get }
    /// Reads the form named by `suffix` from the member `prefix + suffix`.
    static func read(_ prefix: String, suffix: String, from reader: inout ElementReader) throws(FHIRDecodingError)
        -> Self
    /// The suffix this value writes.
    var suffix: String { get }
    /// Writes the value as the member `prefix + suffix`.
    func write(_ prefix: String, to writer: inout ElementWriter)
}

extension ElementReader {
    public mutating func choice<T: ChoiceElement>(_ prefix: String) throws(FHIRDecodingError) -> T? {
        guard let suffix = try choice(prefix, T.suffixes) else { return nil }
        return try T.read(prefix, suffix: suffix, from: &self)
    }
}

extension ElementWriter {
    public mutating func set(choice prefix: String, _ value: (some ChoiceElement)?) {
        value?.write(prefix, to: &self)
    }
}
