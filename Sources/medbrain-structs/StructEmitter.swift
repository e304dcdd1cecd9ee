/// Writes the Swift of one declaration of the spec, with every element typed from its release's
/// table.
struct StructEmitter {
    let release: String
    let table: TypeTable
    /// The release's own Swift names for the table's types (`Dosage.doseAndRate` → `DoseAndRate`).
    let names: [String: String]
    /// Every release's table by name, for `members … unlike` lines.
    var tables: [String: TypeTable] = [:]

    /// An element as Swift reads, writes and holds it.
    struct Member {
        var property: String
        var declaration: String
        var read: String
        var write: String
        var parameter: String?
    }

    func member(_ element: StructSpec.Element, of path: String) throws(GeneratorError) -> Member {
        guard let defined = table.elements[path]?[element.name] else {
            throw GeneratorError("`\(element.name)` is not an element of \(release)'s \(path)")
        }
        let key = element.name.hasSuffix("[x]") ? String(element.name.dropLast(3)) : element.name
        let property = Self.keywords.contains(key) ? "`\(key)`" : key
        var swiftType = element.swiftType ?? ""
        if element.swiftType == nil { swiftType = try type(of: defined, named: element.name) }
        let held = defined.repeats ? "[\(swiftType)]" : "\(swiftType)?"
        let wrapper = element.indirect ? "@Indirect " : ""
        var member = Member(
            property: property,
            declaration: "\(wrapper)public var \(property): \(held)\(defined.repeats ? " = []" : "")",
            read: "", write: "writer.set(\"\(key)\", \(property))",
            parameter: element.indirect ? nil : "\(key): \(held)\(defined.repeats ? " = []" : " = nil")")
        if swiftType == "TimingBounds" {
            let suffix = defined.types.first { !["Range", "Period"].contains($0) } ?? "Duration"
            member.read = "\(property) = try TimingBounds.read(from: &reader, durationSuffix: \"\(suffix)\")"
            member.write = "\(property)?.write(to: &writer, durationSuffix: \"\(suffix)\")"
        } else if element.name.hasSuffix("[x]") {
            member.read = "\(property) = try reader.choice(\"\(key)\")"
            member.write = "writer.set(choice: \"\(key)\", \(property))"
        } else {
            let method = element.readMethod ?? readMethod(of: defined)
            member.read = "\(property) = try reader.\(method)(\"\(key)\")"
        }
        return member
    }

    /// The Swift type of one value of the element.
    private func type(of element: TypeTable.Element, named name: String) throws(GeneratorError) -> String {
        if element.types.count > 1 {
            let set = element.types.sorted()
            if let choice = Self.choices[set] { return choice }
            if set.contains("Range"), set.contains("Period"), set.count == 3 { return "TimingBounds" }
            throw GeneratorError("no Swift choice type for \(release)'s \(name) (\(set)): give one with `as`")
        }
        let type = element.types[0]
        return names[type] ?? Self.primitives[type]?.type ?? type
    }

    private func readMethod(of element: TypeTable.Element) -> String {
        let primitive = Self.primitives[element.types[0]]
        if element.repeats { return primitive == nil ? "elements" : "strings" }
        return primitive?.read ?? "element"
    }

    /// FHIR's primitives as Swift holds them and ElementReader reads them.
    static let primitives: [String: (type: String, read: String)] = {
        var table: [String: (type: String, read: String)] = [:]
        for text in ["string", "code", "markdown", "uri", "url", "canonical", "id", "oid", "uuid", "time", "date"] {
            table[text] = ("String", "string")
        }
        table["dateTime"] = ("String", "dateTime")
        table["instant"] = ("String", "dateTime")
        table["boolean"] = ("Bool", "bool")
        table["integer"] = ("Int", "integer")
        table["positiveInt"] = ("Int", "positiveInt")
        table["unsignedInt"] = ("Int", "unsignedInt")
        table["decimal"] = ("FHIRDecimal", "decimal")
        return table
    }()

    /// The choice types FHIRModel has, by the sorted types of the `[x]` they hold.
    static let choices: [[String]: String] = [
        ["CodeableConcept", "Reference"]: "MedicationChoice",
        ["Period", "dateTime"]: "DateTimeOrPeriod",
        ["CodeableConcept", "boolean"]: "BooleanOrConcept",
        ["Quantity", "Range"]: "QuantityOrRange",
    ]

    static let keywords: Set<String> = ["repeat", "class", "default", "extension", "for", "import", "in", "operator"]
}
