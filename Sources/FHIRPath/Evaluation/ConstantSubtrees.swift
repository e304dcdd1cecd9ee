/// The steps of an expression whose value reads nothing but the evaluation's constants
/// (`%resource`, `%rootResource`, literals, and steps on them), so one evaluation works each out
/// once however often it is reached.
///
/// The specification's own invariants need it: `dom-3` asks, for every contained resource, for
/// `%resource.descendants().reference`; worked out anew each time, a resource with a thousand
/// contained resources took minutes, and held the server while it did.
///
/// A step is constant when every part it reads is: a member of a constant, or a function on a
/// constant whose arguments are constants too (the type named by `ofType`, `is` and `as` is
/// no value). `trace` is never kept, so that each of its calls is seen.
enum ConstantSubtrees {
    /// The keys (``key(member:)``, ``key(function:)``, ``key(binary:)``) of the constant members,
    /// function calls and operations.
    static func keys(in root: FHIRPathNode) -> Set<Int> {
        var keys: Set<Int> = []
        _ = isConstant(root, &keys)
        return keys
    }

    static func key(member offset: Int) -> Int { offset * 4 }
    static func key(function offset: Int) -> Int { offset * 4 + 1 }
    static func key(binary offset: Int) -> Int { offset * 4 + 2 }

    private static let typeArguments: Set<String> = ["ofType", "is", "as"]

    /// Whether `node` is constant; every constant member or call below it is added to `keys`,
    /// so all children are looked at, constant or not.
    private static func isConstant(_ node: FHIRPathNode, _ keys: inout Set<Int>) -> Bool {
        switch node {
        case .literal:
            return true
        case .externalConstant(let name, _):
            // `%context` is the input itself, which differs from one evaluation to the next
            // when their constants are kept across evaluations (``FHIRPathConstants``).
            return name != "context"
        case .identifier, .special:
            return false
        case .member(let base, _, let offset):
            let constant = isConstant(base, &keys)
            if constant { keys.insert(key(member: offset)) }
            return constant
        case .function(let receiver, let name, let arguments, let offset):
            let receiverIsConstant = receiver.map { isConstant($0, &keys) } ?? false
            var argumentsAreConstant = true
            for argument in arguments where !isConstant(argument, &keys) && !typeArguments.contains(name) {
                argumentsAreConstant = false
            }
            let constant = receiverIsConstant && argumentsAreConstant && name != "trace"
            if constant { keys.insert(key(function: offset)) }
            return constant
        case .indexer(let base, let index):
            let baseIsConstant = isConstant(base, &keys)
            return isConstant(index, &keys) && baseIsConstant
        case .polarity(_, let operand, _), .typeTest(_, let operand, _, _):
            return isConstant(operand, &keys)
        case .binary(_, let left, let right, let offset):
            let leftIsConstant = isConstant(left, &keys)
            let constant = isConstant(right, &keys) && leftIsConstant
            // A union of constants (dom-3's four kinds of reference) is kept whole.
            if constant { keys.insert(key(binary: offset)) }
            return constant
        }
    }
}

/// The values of an expression's constant steps, once worked out: kept for one evaluation, or
/// across several whose variables are the same (every node of one resource, for an invariant
/// that reads `%rootResource`). One thread uses it at a time.
public final class FHIRPathConstants {
    var values: [Int: [FHIRPathValue]] = [:]

    public init() {}
}
