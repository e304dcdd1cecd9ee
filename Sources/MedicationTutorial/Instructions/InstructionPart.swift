/// One part of an instructions sentence: what it says and which FHIR elements said it.
///
/// This is tutorial §12.6 made visible: the sentence is not a template per prescription
/// but parts, each from its own elements, joined in the order the language chooses.
public struct InstructionPart: Sendable, Equatable {
    /// What a part is about. The raw value names it in language files and breakdowns.
    public enum Kind: String, Sendable, CaseIterable {
        case dose, route, frequency, code, dayOfWeek, timeOfDay, when, event, duration, bounds, count
        case asNeeded, maxDose, instructions
        /// The free `text`, said when there is nothing structured to say.
        case text
        /// The tutorial's "no instructions".
        case none
    }

    public var kind: Kind
    /// The FHIR elements the part comes from, as paths inside the dosage (or timing).
    public var elements: [String]
    /// The part's words.
    public var text: String

    public init(kind: Kind, elements: [String], text: String) {
        self.kind = kind
        self.elements = elements
        self.text = text
    }
}

/// The instructions for one dosage: the sentence and the parts it was built from.
public struct Instructions: Sendable, Equatable {
    /// The parts in sentence order.
    public var parts: [InstructionPart]
    /// The parts joined into one sentence.
    public var sentence: String

    public init(parts: [InstructionPart], sentence: String) {
        self.parts = parts
        self.sentence = sentence
    }
}
