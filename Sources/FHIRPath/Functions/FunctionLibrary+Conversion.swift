import Foundation

/// FHIRPath §5.5, conversion: `iif`, `toX()` and `convertsToX()`, and the function forms of `is` and `as`.
extension FunctionLibrary {
    /// The targets of `toX()`/`convertsToX()`, by the X in their names.
    enum Target: String, CaseIterable {
        case boolean = "Boolean", integer = "Integer", decimal = "Decimal", string = "String"
        case quantity = "Quantity", date = "Date", dateTime = "DateTime", time = "Time"
    }

    static var conversion: [String: FHIRPathFunction] {
        var functions: [String: FHIRPathFunction] = [
            "iif": FHIRPathFunction(2...3) { evaluator, call throws(FHIRPathError) in
                // On an input (`x.iif(...)`), the arguments see that one item as $this.
                guard call.input.count <= 1 else {
                    throw FHIRPathError(.execution, "iif() works on one item, but its input has \(call.input.count)")
                }
                let scope =
                    call.input.isEmpty
                    ? call.scope : Scope(this: call.input, index: call.scope.index, total: call.scope.total)
                let focused = FunctionCall(name: call.name, input: call.input, arguments: call.arguments, scope: scope)
                let criterion = try focused.argument(0, evaluator)
                guard criterion.count <= 1 else {
                    throw FHIRPathError(.execution, "iif() needs one boolean criterion, not \(criterion.count) items")
                }
                var chosen = 2
                switch criterion.first?.systemValue {
                case .boolean(let value)?: chosen = value ? 1 : 2
                case nil: chosen = 2
                case let other?:
                    throw FHIRPathError(.execution, "iif() needs a boolean criterion, not \(other.typeName)")
                }
                return chosen < call.arguments.count ? try focused.argument(chosen, evaluator) : []
            },
            "is": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                try evaluator.typeOperator("is", call.input, try typeArgument(call))
            },
            "as": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                try evaluator.typeOperator("as", call.input, try typeArgument(call))
            },
        ]
        for target in Target.allCases {
            let arity: ClosedRange<Int> = target == .quantity ? 0...1 : 0...0
            functions["to" + target.rawValue] = FHIRPathFunction(arity) { evaluator, call throws(FHIRPathError) in
                guard let item = try call.singleInput() else { return [] }
                guard let value = convert(item, to: target) else { return [] }
                guard target == .quantity, let unit = try call.stringArgument(0, evaluator) else { return [value] }
                guard case .quantity(let quantity) = value, let converted = quantity.converted(to: unit) else {
                    return []
                }
                return [.quantity(converted)]
            }
            functions["convertsTo" + target.rawValue] = FHIRPathFunction(arity) { _, call throws(FHIRPathError) in
                guard let item = try call.singleInput() else { return [] }
                return [.boolean(convert(item, to: target) != nil)]
            }
        }
        return functions
    }

    /// The item as `target`, as FHIRPath's conversion table allows; nil where it does not.
    static func convert(_ item: FHIRPathValue, to target: Target) -> FHIRPathValue? {
        switch target {
        case .boolean: toBoolean(item).map { .boolean($0) }
        case .integer: toInteger(item).map { .integer($0) }
        case .decimal: toDecimal(item).map { .decimal($0) }
        case .string: toText(item).map { .string($0) }
        case .quantity: toQuantity(item).map { .quantity($0) }
        case .date, .dateTime, .time: toDateTime(item, target)
        }
    }

    private static func toBoolean(_ item: FHIRPathValue) -> Bool? {
        switch item {
        case .boolean(let value): return value
        case .integer(let value): return value == 1 ? true : value == 0 ? false : nil
        case .decimal(let value):
            if value.compare(to: FHIRPathDecimal(1)) == 0 { return true }
            return value.compare(to: FHIRPathDecimal(0)) == 0 ? false : nil
        case .string(let text):
            switch text.lowercased() {
            case "true", "t", "yes", "y", "1", "1.0": return true
            case "false", "f", "no", "n", "0", "0.0": return false
            default: return nil
            }
        default: return nil
        }
    }

    private static func toInteger(_ item: FHIRPathValue) -> Int? {
        switch item {
        case .integer(let value): return value
        case .boolean(let value): return value ? 1 : 0
        case .string(let text):
            let digits = text.hasPrefix("+") || text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text) else {
                return nil
            }
            return value >= Int(Int32.min) && value <= Int(Int32.max) ? value : nil
        default: return nil
        }
    }

    private static func toDecimal(_ item: FHIRPathValue) -> FHIRPathDecimal? {
        switch item {
        case .decimal(let value): return value
        case .integer(let value): return FHIRPathDecimal(value)
        case .boolean(let value): return FHIRPathDecimal(value ? 1 : 0)
        case .string(let text):
            guard text.range(of: #"^[+-]?\d+(\.\d+)?$"#, options: .regularExpression) != nil else { return nil }
            return FHIRPathDecimal(text: text.hasPrefix("+") ? String(text.dropFirst()) : text)
        default: return nil
        }
    }

    /// `toString()`: every System value has a text; quantities as `4 'mg'`.
    static func toText(_ item: FHIRPathValue) -> String? {
        switch item {
        case .boolean(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .decimal(let value): value.text
        case .string(let text): text
        case .dateTime(let value): value.stringValue
        case .quantity(let value): value.text
        case .element: nil
        }
    }

    private static func toQuantity(_ item: FHIRPathValue) -> FHIRPathQuantity? {
        switch item {
        case .quantity(let value): value
        case .integer(let value): FHIRPathQuantity(value: FHIRPathDecimal(value), unit: "1")
        case .decimal(let value): FHIRPathQuantity(value: value, unit: "1")
        case .boolean(let value): FHIRPathQuantity(value: FHIRPathDecimal(value ? 1 : 0), unit: "1")
        case .string(let text): FHIRPathQuantity(parsing: text)
        default: nil
        }
    }

    private static func toDateTime(_ item: FHIRPathValue, _ target: Target) -> FHIRPathValue? {
        let kind: FHIRPathDateTime.Kind = target == .date ? .date : target == .time ? .time : .dateTime
        switch item {
        case .string(let text):
            return FHIRPathDateTime(parsing: text, kind: kind).map { .dateTime($0) }
        case .dateTime(let value):
            if value.kind == kind { return item }
            if value.kind == .time || kind == .time { return nil }
            return (kind == .date ? value.dateOf : value.asDateTime).map { FHIRPathValue.dateTime($0) }
        default:
            return nil
        }
    }
}
