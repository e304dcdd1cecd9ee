/// FHIRPath §5.9 utility functions, `not()`, `type()`, and the precision functions of FHIRPath 2.1.
extension FunctionLibrary {
    static var utility: [String: FHIRPathFunction] {
        [
            "trace": FHIRPathFunction(1...2, perItem: [1]) { evaluator, call throws(FHIRPathError) in
                let name = try call.stringArgument(0, evaluator) ?? ""
                var shown = call.input
                if call.arguments.count > 1 {
                    shown = []
                    for (index, item) in call.input.enumerated() {
                        shown += try call.argument(1, for: item, at: index, evaluator)
                    }
                }
                evaluator.environment.trace?(name, shown)
                return call.input
            },
            "now": FHIRPathFunction(0, readsInput: false) { evaluator, _ in [.dateTime(evaluator.clock(.dateTime))] },
            "today": FHIRPathFunction(0, readsInput: false) { evaluator, _ in [.dateTime(evaluator.clock(.date))] },
            "timeOfDay": FHIRPathFunction(0, readsInput: false) { evaluator, _ in [.dateTime(evaluator.clock(.time))] },
            "not": FHIRPathFunction(0) { _, call throws(FHIRPathError) in
                guard let value = try Evaluator.singletonBoolean(call.input, for: "not()'s input") else { return [] }
                return [.boolean(!value)]
            },
            "type": FHIRPathFunction(0) { evaluator, call in call.input.map { evaluator.typeInfo(of: $0) } },
            "lowBoundary": boundary(low: true),
            "highBoundary": boundary(low: false),
            "precision": FHIRPathFunction(0) { _, call throws(FHIRPathError) in
                switch try call.singleInput() {
                case .decimal(let value)?: return [.integer(value.precisionDigits)]
                case .integer?: return [.integer(0)]
                case .dateTime(let value)?: return [.integer(value.precisionDigits)]
                case .quantity(let value)?: return [.integer(value.value.precisionDigits)]
                case nil: return []
                case let other?: throw FHIRPathError(.execution, "precision() has no meaning for \(other.typeName)")
                }
            },
            "comparable": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                guard case .quantity(let left)? = try call.singleInput(),
                    case .quantity(let right)? = try call.argument(0, evaluator).first?.systemValue
                else { return [] }
                return [.boolean(FHIRPathQuantity.comparable(left, right))]
            },
        ]
    }

    /// `lowBoundary([precision])` / `highBoundary([precision])` on a decimal, quantity, or date/time.
    private static func boundary(low: Bool) -> FHIRPathFunction {
        FHIRPathFunction(0...1) { evaluator, call throws(FHIRPathError) in
            guard let item = try call.singleInput() else { return [] }
            let precision = try call.integerArgument(0, evaluator)
            switch item {
            case .integer(let int):
                let decimal = FHIRPathDecimal(int)
                return (low ? decimal.lowBoundary(precision: precision) : decimal.highBoundary(precision: precision))
                    .map { [.decimal($0)] } ?? []
            case .decimal(let decimal):
                return (low ? decimal.lowBoundary(precision: precision) : decimal.highBoundary(precision: precision))
                    .map { [.decimal($0)] } ?? []
            case .quantity(let quantity):
                return (low ? quantity.lowBoundary(precision: precision) : quantity.highBoundary(precision: precision))
                    .map { [.quantity($0)] } ?? []
            case .dateTime(let value):
                return (low ? value.lowBoundary(precision: precision) : value.highBoundary(precision: precision))
                    .map { [.dateTime($0)] } ?? []
            default:
                throw FHIRPathError(.execution, "\(call.name)() has no meaning for \(item.typeName)")
            }
        }
    }
}

extension Evaluator {
    /// The environment's clock as a Date, DateTime or Time, in its time zone.
    func clock(_ kind: FHIRPathDateTime.Kind) -> FHIRPathDateTime {
        FHIRPathDateTime(date: environment.now, timeZone: environment.timeZone, kind: kind)
    }
}
