/// JSON that is not the FHIR shape expected, naming the element at fault.
///
/// The description reads like `MedicationOrder.dosageInstruction[0].timing.repeat.frequency:
/// expected an integer`, so a user can find the spot in their file.
public struct FHIRDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The FHIR element path, starting with the resource type.
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
