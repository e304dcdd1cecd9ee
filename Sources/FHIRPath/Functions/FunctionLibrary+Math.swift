/// FHIRPath §5.7, math: on one number (or, for `abs`, a quantity); empty input gives empty.
extension FunctionLibrary {
    static var math: [String: FHIRPathFunction] {
        [
            "abs": numberFunction(0) { value, _ in
                switch value {
                case .integer(let int): return [.integer(Swift.abs(int))]
                case .decimal(let decimal): return [.decimal(decimal.magnitude)]
                case .quantity(let quantity):
                    return [.quantity(FHIRPathQuantity(value: quantity.value.magnitude, unit: quantity.unit))]
                default: return nil
                }
            },
            "ceiling": decimalFunction(0) { decimal, _ in decimal.ceiling().intValue.map { [.integer($0)] } ?? [] },
            "floor": decimalFunction(0) { decimal, _ in decimal.floor().intValue.map { [.integer($0)] } ?? [] },
            "truncate": decimalFunction(0) { decimal, _ in decimal.truncate().intValue.map { [.integer($0)] } ?? [] },
            "round": decimalFunction(0...1) { decimal, args in
                let places = args.first.flatMap { $0?.intValue } ?? 0
                guard places >= 0 else { return nil }
                return decimal.round(places).map { [.decimal($0)] } ?? []
            },
            "exp": decimalFunction(0) { decimal, _ in decimal.exp().map { [.decimal($0)] } ?? [] },
            "ln": decimalFunction(0) { decimal, _ in decimal.ln().map { [.decimal($0)] } ?? [] },
            "sqrt": decimalFunction(0) { decimal, _ in decimal.sqrt().map { [.decimal($0)] } ?? [] },
            "log": decimalFunction(1) { decimal, args in
                guard let base = args[0] else { return [] }
                return decimal.log(base).map { [.decimal($0)] } ?? []
            },
            "power": numberFunction(1) { value, args in
                guard let exponent = args[0] else { return [] }
                if case .integer(let base) = value, case .integer(let power) = exponent, power >= 0 {
                    return integerPower(base, power).map { [.integer($0)] } ?? []
                }
                guard let base = decimalValue(value), let power = decimalValue(exponent) else { return nil }
                return base.power(power).map { [.decimal($0)] } ?? []
            },
        ]
    }

    typealias NumberBody = @Sendable (FHIRPathValue, [FHIRPathValue?]) -> [FHIRPathValue]?

    /// A function of one number input and number arguments; a body's nil means "not for this kind".
    static func numberFunction(_ arity: ClosedRange<Int>, _ body: @escaping NumberBody) -> FHIRPathFunction {
        FHIRPathFunction(arity) { evaluator, call throws(FHIRPathError) in
            guard let value = try call.singleInput() else { return [] }
            var arguments: [FHIRPathValue?] = []
            for index in 0..<call.arguments.count {
                let items = try call.argument(index, evaluator)
                guard items.count <= 1 else { throw FHIRPathError(.execution, "\(call.name)() needs one number") }
                arguments.append(items.first?.systemValue)
            }
            if arguments.contains(where: { $0 == nil }) { return [] }
            guard let result = body(value, arguments) else {
                throw FHIRPathError(.execution, "\(call.name)() works on numbers, not on \(value.typeName)")
            }
            return result
        }
    }

    static func numberFunction(_ arity: Int, _ body: @escaping NumberBody) -> FHIRPathFunction {
        numberFunction(arity...arity, body)
    }

    /// A number function computed on decimals (an integer input counts as a decimal).
    static func decimalFunction(
        _ arity: ClosedRange<Int>, _ body: @escaping @Sendable (FHIRPathDecimal, [FHIRPathDecimal?]) -> [FHIRPathValue]?
    ) -> FHIRPathFunction {
        numberFunction(arity) { value, arguments in
            guard let decimal = decimalValue(value) else { return nil }
            return body(decimal, arguments.map { $0.flatMap(decimalValue) })
        }
    }

    static func decimalFunction(
        _ arity: Int, _ body: @escaping @Sendable (FHIRPathDecimal, [FHIRPathDecimal?]) -> [FHIRPathValue]?
    ) -> FHIRPathFunction {
        decimalFunction(arity...arity, body)
    }

    static func decimalValue(_ value: FHIRPathValue) -> FHIRPathDecimal? {
        switch value {
        case .integer(let int): FHIRPathDecimal(int)
        case .decimal(let decimal): decimal
        default: nil
        }
    }

    private static func integerPower(_ base: Int, _ exponent: Int) -> Int? {
        // 0, 1 and -1 never overflow, so they are answered without a loop as long as the exponent.
        switch base {
        case 0: return exponent == 0 ? 1 : 0
        case 1: return 1
        case -1: return exponent % 2 == 0 ? 1 : -1
        default: break
        }
        var result = 1
        for _ in 0..<exponent {
            let (next, overflow) = result.multipliedReportingOverflow(by: base)
            guard !overflow, next <= Int(Int32.max), next >= Int(Int32.min) else { return nil }
            result = next
        }
        return result
    }
}
