extension R5.Dosage {
    /// `asNeeded[x]` as DSTU2 and R4 say it: the first condition, else the flag.
    public var asNeededChoice: BooleanOrConcept? {
        if let condition = asNeededFor.first { return .codeableConcept(condition) }
        return asNeeded.map(BooleanOrConcept.boolean)
    }

    /// Sets the flag and the condition from `asNeeded[x]`.
    public mutating func setAsNeeded(_ choice: BooleanOrConcept?) {
        switch choice {
        case .boolean(let flag): (asNeeded, asNeededFor) = (flag, [])
        case .codeableConcept(let condition): (asNeeded, asNeededFor) = (true, [condition])
        case nil: (asNeeded, asNeededFor) = (nil, [])
        }
    }
}
