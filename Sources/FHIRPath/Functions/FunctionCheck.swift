import FHIRModel

/// Checks a parsed expression before it runs: every function exists and gets the number of
/// arguments it takes, and every date literal is a date, with the place of any mistake.
struct FunctionCheck {
    let expression: String

    func check(_ node: FHIRPathNode) throws(FHIRPathError) {
        switch node {
        case .literal(.dateTime(let text)):
            guard FHIRPathDateTime(literal: text) != nil else {
                throw FHIRPathError(.syntax, "@\(text) is not a valid date, date-time or time")
            }
        case .literal, .identifier, .externalConstant, .special:
            return
        case .member(let base, _, _):
            try check(base)
        case .function(let receiver, let name, let arguments, let offset):
            if let receiver { try check(receiver) }
            try checkFunction(name, arguments: arguments.count, at: offset)
            for argument in arguments { try check(argument) }
        case .indexer(let base, let index):
            try check(base)
            try check(index)
        case .polarity(_, let operand, _), .typeTest(_, let operand, _, _):
            try check(operand)
        case .binary(_, let left, let right, _):
            try check(left)
            try check(right)
        }
    }

    private func checkFunction(_ name: String, arguments count: Int, at offset: Int) throws(FHIRPathError) {
        guard let function = FunctionLibrary.functions[name] else {
            let near = FunctionLibrary.names.min { $0.editDistance(to: name) < $1.editDistance(to: name) }
            let hint = near.map { $0.editDistance(to: name) <= 2 ? " (did you mean \($0)?)" : "" } ?? ""
            throw FHIRPathError(.semantic, "unknown function '\(name)'\(hint)", at: offset, in: expression)
        }
        guard function.arity.contains(count) else {
            throw FHIRPathError(
                .semantic, "\(name)() takes \(describe(function.arity)), not \(count)", at: offset, in: expression)
        }
    }

    private func describe(_ arity: ClosedRange<Int>) -> String {
        let noun = { (count: Int) in count == 1 ? "1 argument" : "\(count) arguments" }
        if arity.lowerBound == arity.upperBound { return noun(arity.lowerBound) }
        if arity.upperBound == arity.lowerBound + 1 { return "\(arity.lowerBound) or \(noun(arity.upperBound))" }
        return "\(arity.lowerBound) to \(noun(arity.upperBound))"
    }
}
