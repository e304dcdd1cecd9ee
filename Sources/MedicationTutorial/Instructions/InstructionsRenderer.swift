import FHIRModel

/// Turns a dosage's structure into a sentence in one language (tutorial §12.6).
///
/// A pure function of the dosage and the language: no clock, no files, no locale of the
/// machine. Which parts exist is decided here; their words, order and plurals come from
/// the ``Language``.
public struct InstructionsRenderer: Sendable {
    public let language: Language

    public init(language: Language) { self.language = language }

    /// The instructions for a DSTU2 DosageInstruction or an R4 Dosage.
    ///
    /// Without a timing the prescriber's free `text` is said if there is one; the tutorial
    /// ignores `text` otherwise, because structure can be said in every language.
    public func instructions(for dosage: OrderDosage, version: FHIRVersion) -> Instructions {
        let elements = DosageElements.dosage(version)
        let schedule = dosage.schedule ?? Schedule()
        if schedule.isEmpty, let text = dosage.text, !text.isEmpty {
            // The prescriber's words are said as written, not recapitalized.
            return Instructions(parts: [InstructionPart(kind: .text, elements: ["text"], text: text)], sentence: text)
        }
        return assemble(dosageParts(dosage, elements) + scheduleParts(schedule, elements))
    }

    /// The instructions for a Timing on its own.
    public func instructions(for schedule: Schedule, version: FHIRVersion) -> Instructions {
        assemble(scheduleParts(schedule, DosageElements.timing(version)))
    }

    func scheduleParts(_ schedule: Schedule, _ elements: DosageElements) -> [InstructionPart] {
        let candidates = [
            frequencyPart(schedule, elements), codePart(schedule, elements), dayOfWeekPart(schedule, elements),
            timeOfDayPart(schedule, elements), whenPart(schedule, elements), eventPart(schedule, elements),
            durationPart(schedule, elements), boundsPart(schedule, elements), countPart(schedule, elements),
        ]
        return candidates.compactMap { $0 }
    }

    func dosageParts(_ dosage: OrderDosage, _ elements: DosageElements) -> [InstructionPart] {
        let candidates = [
            dosePart(dosage, elements), routePart(dosage), asNeededPart(dosage, elements), maxDosePart(dosage),
            instructionsPart(dosage, elements),
        ]
        return candidates.compactMap { $0 }
    }

    /// Puts the parts in the language's order and joins them with its separators.
    func assemble(_ unordered: [InstructionPart]) -> Instructions {
        guard !unordered.isEmpty else {
            let none = InstructionPart(kind: .none, elements: [], text: language.message("noInstructions"))
            return Instructions(parts: [none], sentence: capitalized(none.text))
        }
        let shape = language.sentence
        var parts: [InstructionPart] = []
        parts.reserveCapacity(unordered.count)
        var sentence = ""
        // Loading puts every kind in the order, so each part is placed exactly once.
        for kind in shape.order {
            for part in unordered where part.kind == kind {
                if !sentence.isEmpty { sentence += shape.separators[kind] ?? shape.separator }
                sentence += part.text
                parts.append(part)
            }
        }
        return Instructions(parts: parts, sentence: capitalized(sentence))
    }

    private func capitalized(_ text: String) -> String {
        guard language.sentence.capitalize, let first = text.utf8.first else { return text }
        // Most sentences start with an ASCII letter or digit: skip Unicode case mapping for them.
        if first < 0x80 {
            guard first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return text }
            // Only the first scalar changes, so a combining accent after it stays.
            return String(UnicodeScalar(first - 32)) + String(text.unicodeScalars.dropFirst())
        }
        let scalars = text.unicodeScalars
        return String(scalars.first!).uppercased() + String(scalars.dropFirst())
    }
}
