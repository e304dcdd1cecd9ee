extension FHIRPathExpression {
    /// Whether evaluating may read the input (a name or `$this` at the top, a function called
    /// on it, `%resource` or `%context`): `1 + 1` and `today()` do not, `name.given` does, so
    /// a command line can evaluate the first kind with no resource at all.
    ///
    /// It errs towards yes: an argument evaluated on the caller's `$this` counts as reading it.
    public var readsInput: Bool { root.readsInput(focusIsInput: true, thisIsInput: true) }
}

extension FHIRPathNode {
    /// Whether this node reads the input when its focus, or the `$this` of its scope, is the input.
    func readsInput(focusIsInput: Bool, thisIsInput: Bool) -> Bool {
        switch self {
        case .literal: false
        case .identifier: focusIsInput
        case .externalConstant(let name, _): ["resource", "rootResource", "context"].contains(name)
        case .special: thisIsInput
        case .member(let base, _, _): base.readsInput(focusIsInput: focusIsInput, thisIsInput: thisIsInput)
        case .function(let receiver, let name, let arguments, _):
            functionReadsInput(receiver, name, arguments, focusIsInput: focusIsInput, thisIsInput: thisIsInput)
        case .indexer(let base, let index):
            base.readsInput(focusIsInput: focusIsInput, thisIsInput: thisIsInput)
                || index.readsInput(focusIsInput: thisIsInput, thisIsInput: thisIsInput)
        case .polarity(_, let operand, _), .typeTest(_, let operand, _, _):
            operand.readsInput(focusIsInput: focusIsInput, thisIsInput: thisIsInput)
        case .binary(_, let left, let right, _):
            left.readsInput(focusIsInput: focusIsInput, thisIsInput: thisIsInput)
                || right.readsInput(focusIsInput: focusIsInput, thisIsInput: thisIsInput)
        }
    }

    /// A call reads the input through its receiver (the focus when it has none, unless the
    /// function ignores its input) or through an argument evaluated on the caller's `$this`;
    /// an argument evaluated per item sees only that item, but `%resource` still.
    private func functionReadsInput(
        _ receiver: FHIRPathNode?, _ name: String, _ arguments: [FHIRPathNode], focusIsInput: Bool, thisIsInput: Bool
    ) -> Bool {
        let function = FunctionLibrary.functions[name]
        let receiverReads =
            receiver?.readsInput(focusIsInput: focusIsInput, thisIsInput: thisIsInput)
            ?? (focusIsInput && function?.readsInput ?? true)
        if receiverReads { return true }
        return arguments.indices.contains { index in
            function?.perItem.contains(index) == true
                ? arguments[index].readsInput(focusIsInput: false, thisIsInput: false)
                : arguments[index].readsInput(focusIsInput: thisIsInput, thisIsInput: thisIsInput)
        }
    }
}
