/// A parsed FHIRPath expression: the tree the evaluator walks.
indirect enum FHIRPathNode: Sendable {
    /// `{}`, `true`, `'text'`, `4`, `4.5`, `@2015`, `4 'mg'`.
    case literal(FHIRPathLiteral)
    /// A name in first position, `Patient` or `name`: a type filter or a child of `$this`.
    case identifier(String, offset: Int)
    /// `%resource`, `%ucum`, `%myVariable`.
    case externalConstant(String, offset: Int)
    /// `$this`, `$index`, `$total`.
    case special(String)
    /// `expression.name`.
    case member(FHIRPathNode, String, offset: Int)
    /// `name(arguments)` on `$this`, or `expression.name(arguments)` on the expression.
    case function(FHIRPathNode?, String, [FHIRPathNode], offset: Int)
    /// `expression[index]`.
    case indexer(FHIRPathNode, FHIRPathNode)
    /// `-expression`, `+expression`.
    case polarity(String, FHIRPathNode, offset: Int)
    /// `left op right` for every binary operator but `is` and `as`.
    case binary(String, FHIRPathNode, FHIRPathNode, offset: Int)
    /// `expression is Type`, `expression as Type`.
    case typeTest(String, FHIRPathNode, FHIRPathTypeSpecifier, offset: Int)
}

/// A literal as written, kept as text until evaluation makes a value of it.
enum FHIRPathLiteral: Sendable {
    case empty
    case boolean(Bool)
    case string(String)
    /// Digits, with a fraction for decimals (`4`, `4.50`).
    case number(String)
    case dateTime(String)
    /// A number and a unit: a UCUM code from a string (`'mg'`) or a calendar word (`week`).
    case quantity(String, unit: String, isCalendarWord: Bool)
}

/// A type name after `is`, `as`, or in `ofType(...)`: `Quantity`, `FHIR.string`, `System.Integer`.
public struct FHIRPathTypeSpecifier: Sendable, Hashable, CustomStringConvertible {
    /// `FHIR`, `System`, or nil when the name was not qualified.
    public let namespace: String?
    public let name: String

    public init(namespace: String?, name: String) {
        self.namespace = namespace
        self.name = name
    }

    public var description: String { namespace.map { "\($0).\(name)" } ?? name }
}
