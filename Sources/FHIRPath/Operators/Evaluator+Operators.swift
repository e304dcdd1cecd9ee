import FHIRModel

extension Evaluator {
    /// A binary operator: both sides are evaluated on the same focus, except where the
    /// boolean operators already know the answer from the left.
    func binary(_ op: String, _ leftNode: FHIRPathNode, _ rightNode: FHIRPathNode, focus: [FHIRPathValue], scope: Scope)
        throws(FHIRPathError) -> [FHIRPathValue]
    {
        let left = try evaluate(leftNode, focus: focus, scope: scope)
        switch op {
        case "and", "or", "xor", "implies": return try logic(op, left, rightNode, focus: focus, scope: scope)
        default: break
        }
        let right = try evaluate(rightNode, focus: focus, scope: scope)
        switch op {
        case "=": return equal(left, right).map(Self.collection) ?? []
        case "!=": return equal(left, right).map { Self.collection(!$0) } ?? []
        case "~": return [.boolean(equivalent(left, right))]
        case "!~": return [.boolean(!equivalent(left, right))]
        case "<", "<=", ">", ">=": return try compare(op, left, right)
        case "|": return try union(left, right)
        case "in": return try membership(element: left, collection: right, op: op)
        case "contains": return try membership(element: right, collection: left, op: op)
        default: return try arithmetic(op, left, right)
        }
    }

    /// `x in c` / `c contains x`: empty when x is empty; x must be one item.
    private func membership(element: [FHIRPathValue], collection: [FHIRPathValue], op: String) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        guard let item = try single(element, for: op) else { return [] }
        return [.boolean(collection.contains { itemsEqual($0, item) == true })]
    }

    /// The items of both sides without duplicates, in order of first appearance.
    func union(_ left: [FHIRPathValue], _ right: [FHIRPathValue]) throws(FHIRPathError) -> [FHIRPathValue] {
        try checkSize(left.count + right.count)
        return distinct(left + right)
    }

    /// The items without repeats (by `=`), keeping the first of each.
    func distinct(_ items: [FHIRPathValue]) -> [FHIRPathValue] {
        var seen = ItemSet(self)
        return items.filter { seen.insert($0) }
    }
}

/// The items met so far, for `distinct`, `union` and `repeat`: strings, booleans, integers and
/// elements by hash, so a large collection costs linear time; the other kinds (decimals, dates,
/// quantities, whose `=` converts) by `=` among themselves.
struct ItemSet {
    private let evaluator: Evaluator
    private var keys = Set<String>()
    private var elements = Set<ElementKey>()
    private var others: [FHIRPathValue] = []

    init(_ evaluator: Evaluator) { self.evaluator = evaluator }

    /// Adds the item; false when an equal one was there.
    mutating func insert(_ item: FHIRPathValue) -> Bool {
        switch item.systemValue {
        case .string(let text): return keys.insert("s" + text).inserted
        case .boolean(let value): return keys.insert(value ? "true" : "false").inserted
        case .integer(let value): return keys.insert("n" + String(value)).inserted
        case .element(let element):
            return elements.insert(ElementKey(json: element.json, extras: element.extras)).inserted
        default:
            if others.contains(where: { evaluator.itemsEqual($0, item) == true }) { return false }
            others.append(item)
            return true
        }
    }

    private struct ElementKey: Hashable {
        let json: JSONValue
        let extras: JSONObject?
    }
}
