import FHIRModel

extension Evaluator {
    /// The System types, which unqualified names such as `Integer` and `Quantity` also reach.
    static let systemTypes: Set<String> = [
        "Boolean", "Integer", "Decimal", "String", "Date", "DateTime", "Time", "Quantity", "Long",
    ]

    /// `x is T`, `x as T`: one item (empty gives empty); more is an error.
    func typeOperator(_ op: String, _ items: [FHIRPathValue], _ type: FHIRPathTypeSpecifier) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        try checkKnown(type)
        guard let item = try single(items, for: op) else { return [] }
        if op == "is" { return [.boolean(isInstance(item, of: type))] }
        return isExactly(item, type) ? [item] : []
    }

    /// `is`: the item's type is `type` or derives from it (`Age` is a `Quantity`, `code` a `string`).
    func isInstance(_ item: FHIRPathValue, of type: FHIRPathTypeSpecifier) -> Bool {
        guard case .element(let element) = item, let own = element.type else {
            return type.namespace != "FHIR" && systemName(of: item) == type.name
        }
        guard type.namespace != "System" else { return false }
        guard let model else { return own.name == type.name }
        return model.type(own.name, isA: type.name)
    }

    /// `as` and `ofType`: the item's own type is exactly `type`.
    func isExactly(_ item: FHIRPathValue, _ type: FHIRPathTypeSpecifier) -> Bool {
        guard case .element(let element) = item, let own = element.type else {
            return type.namespace != "FHIR" && systemName(of: item) == type.name
        }
        return type.namespace != "System" && own.name == type.name
    }

    /// A name no namespace knows is an error, not silently false.
    func checkKnown(_ type: FHIRPathTypeSpecifier) throws(FHIRPathError) {
        let system = Self.systemTypes.contains(type.name)
        let fhir = model.map { $0.knows(type.name) } ?? true
        let known =
            switch type.namespace {
            // `System.Patient` is a name no System type has: simply not what the item is.
            case "System": true
            case "FHIR": fhir
            default: system || fhir
            }
        if !known { throw FHIRPathError(.execution, "unknown type \(type)") }
    }

    /// The System type of a System value (or of an element the model does not type).
    private func systemName(of item: FHIRPathValue) -> String? {
        switch item.systemValue {
        case .boolean: "Boolean"
        case .integer: "Integer"
        case .decimal: "Decimal"
        case .string: "String"
        case .quantity: "Quantity"
        case .dateTime(let value):
            switch value.kind {
            case .date: "Date"
            case .dateTime: "DateTime"
            case .time: "Time"
            }
        case .element: nil
        }
    }

    /// `type()`: the item's namespace and name, as an object with `namespace` and `name`.
    func typeInfo(of item: FHIRPathValue) -> FHIRPathValue {
        let type: FHIRTypeName
        if case .element(let element) = item, let own = element.type {
            type = own
        } else {
            type = .system(systemName(of: item) ?? "Any")
        }
        let json: FHIRModel.JSONValue = ["namespace": .string(type.namespace), "name": .string(type.name)]
        return .element(FHIRPathElement(json: json, type: nil))
    }
}
