/// What `$this`, `$index` and `$total` mean at a point of the evaluation.
struct Scope: Sendable {
    /// `$this`: the item a function's criteria look at, or the whole input at the top.
    var this: [FHIRPathValue]
    /// `$index` inside `where`, `select`, `all`, …; nil elsewhere.
    var index: Int?
    /// `$total` inside `aggregate`.
    var total: [FHIRPathValue]?
}
