import FHIRModel

/// A Timing, Dosage or order the student wrote for `instructions JSON`, and the sentences its
/// structure says once its free text is taken away (``InstructionsInput/withoutFreeText(_:)``).
public struct OwnInstructions: Sendable, Equatable {
    public let input: JSONValue
    public let fromStructure: [String]

    public init(input: JSONValue, fromStructure: [String]) {
        (self.input, self.fromStructure) = (input, fromStructure)
    }
}
