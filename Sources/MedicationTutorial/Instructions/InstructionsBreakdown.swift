/// The breakdown a student reads: the sentence, then each part, its elements and its words.
public struct InstructionsBreakdown: Sendable {
    public let item: InstructionsInput.Item
    public let instructions: Instructions

    public init(item: InstructionsInput.Item, instructions: Instructions) {
        self.item = item
        self.instructions = instructions
    }

    /// What the sentence is for: the order, its medication and the dosage's path.
    public var heading: String {
        var heading = [item.orderID.map { "order \($0)" }, item.medication, item.path].compactMap { $0 }
        if heading.isEmpty {
            switch item.content {
            case .dosage: heading = [item.version == .dstu2 ? "DosageInstruction" : "Dosage"]
            case .timing: heading = ["Timing"]
            }
        }
        return heading.joined(separator: ", ") + " (\(item.version.displayName))"
    }

    /// A row per part: its kind, the elements it came from, its words.
    public var rows: [[String]] {
        instructions.parts.map { [$0.kind.rawValue, Self.compact($0.elements), $0.text] }
    }

    /// The heading, the sentence, and a line per part: kind, elements, words.
    public var text: String {
        var lines = [heading, "  " + instructions.sentence]
        let kindWidth = rows.map(\.[0].count).max() ?? 0
        let elementWidth = rows.map(\.[1].count).max() ?? 0
        for row in rows {
            lines.append("    " + pad(row[0], kindWidth) + "  " + pad(row[1], elementWidth) + "  " + row[2])
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `timing.repeat.frequency, timing.repeat.period` → `timing.repeat.{frequency, period}`.
    static func compact(_ elements: [String]) -> String {
        guard elements.count > 1 else { return elements.first ?? "-" }
        let parents = Set(elements.map { $0.split(separator: ".").dropLast().joined(separator: ".") })
        guard parents.count == 1, let parent = parents.first, !parent.isEmpty else {
            return elements.joined(separator: ", ")
        }
        let leaves = elements.map { $0.split(separator: ".").last.map(String.init) ?? $0 }
        return parent + ".{" + leaves.joined(separator: ", ") + "}"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
