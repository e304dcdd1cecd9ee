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
    /// Reads the form that `member` names.
    static func read(_ member: ChoiceMember, from reader: inout ElementReader) throws(FHIRDecodingError) -> Self
    /// The suffix this value writes.
    var suffix: String { get }
    /// Writes the value as the member `prefix + suffix`.
    func write(_ prefix: String, to writer: inout ElementWriter)
}

extension ElementReader {
    public mutating func choice<T: ChoiceElement>(_ prefix: String) throws(FHIRDecodingError) -> T? {
        guard let suffix = try choice(prefix, T.suffixes) else { return nil }
        return try T.read(ChoiceMember(prefix: prefix, suffix: suffix), from: &self)
    }

    /// The form of a choice element that `member` names, as an element.
    public mutating func element<T: FHIRElement>(_ member: ChoiceMember) throws(FHIRDecodingError) -> T? {
        try element(member.prefix, member.suffix)
    }

    /// The form of a choice element that `member` names, as a `dateTime`.
    public mutating func dateTime(_ member: ChoiceMember) throws(FHIRDecodingError) -> String? {
        try dateTime(member.prefix, member.suffix)
    }

    /// The form of a choice element that `member` names, as a boolean.
    public mutating func bool(_ member: ChoiceMember) throws(FHIRDecodingError) -> Bool? {
        try bool(member.prefix, member.suffix)
    }
}

/// The member that holds one form of a choice element: `prefix` and `suffix`
/// (`medication` and `CodeableConcept`), kept apart so that reading it makes no new name.
public struct ChoiceMember: Sendable {
    public let prefix: String
    public let suffix: String
}

extension ElementWriter {
    public mutating func set(choice prefix: String, _ value: (some ChoiceElement)?) {
        value?.write(prefix, to: &self)
    }
}
