import FHIRModel

/// The functions FHIR adds to FHIRPath (R4 §2.1.9.1): extensions, values, references, and the
/// terminology and profile functions this engine cannot answer without a server, which say so.
extension FunctionLibrary {
    static var fhir: [String: FHIRPathFunction] {
        [
            "extension": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                guard let url = try call.stringArgument(0, evaluator) else { return [] }
                return try evaluator.members("extension", of: call.input).filter { item in
                    guard case .element(let element) = item else { return false }
                    return element.node.member("url", is: url)
                }
            },
            "hasValue": FHIRPathFunction(0) { _, call in
                guard call.input.count == 1, case .element(let element) = call.input[0] else {
                    return [.boolean(call.input.count == 1 && !isElement(call.input[0]))]
                }
                return [.boolean(element.isPrimitive && !element.node.isNull)]
            },
            "getValue": FHIRPathFunction(0) { _, call in
                guard call.input.count == 1, case .element(let element) = call.input[0], element.isPrimitive else {
                    return []
                }
                return element.primitiveValue.map { [$0] } ?? []
            },
            "resolve": FHIRPathFunction(0) { evaluator, call in evaluator.resolve(call.input) },
            "conformsTo": FHIRPathFunction(1) { evaluator, call throws(FHIRPathError) in
                guard let url = try call.stringArgument(0, evaluator) else { return [] }
                return try conformsTo(url, call, evaluator)
            },
            "memberOf": unanswerable("memberOf() needs a terminology server to expand the value set"),
            "subsumes": unanswerable("subsumes() needs a terminology server"),
            "subsumedBy": unanswerable("subsumedBy() needs a terminology server"),
            "htmlChecks": FHIRPathFunction(0) { _, call in
                guard call.input.count == 1, case .element(let element) = call.input[0],
                    let text = element.node.stringValue
                else { return [] }
                return [.boolean(NarrativeXHTML(text: text).isAllowed)]
            },
            "elementDefinition": unanswerable(
                "elementDefinition() needs the StructureDefinitions, which Medbrain does not load"),
            "slice": unanswerable("slice() needs the profile's StructureDefinition, which Medbrain does not load"),
            "checkModifiers": unanswerable("checkModifiers() is not implemented"),
        ]
    }

    private static func isElement(_ value: FHIRPathValue) -> Bool {
        if case .element = value { return true }
        return false
    }

    /// A function that exists in FHIR's FHIRPath but needs what an offline engine lacks: a clear
    /// error rather than a guessed answer.
    private static func unanswerable(_ message: String) -> FHIRPathFunction {
        FHIRPathFunction(0...3) { _, _ throws(FHIRPathError) in throw FHIRPathError(.execution, message) }
    }

    /// `conformsTo(url)` for FHIR's own base profiles (`…/StructureDefinition/Patient`), which
    /// only ask for the resource type; any other profile is beyond this engine.
    private static func conformsTo(_ url: String, _ call: FunctionCall, _ evaluator: Evaluator) throws(FHIRPathError)
        -> [FHIRPathValue]
    {
        let prefix = "http://hl7.org/fhir/StructureDefinition/"
        let name = url.hasPrefix(prefix) ? String(url.dropFirst(prefix.count)) : ""
        guard !name.isEmpty, evaluator.model?.knows(name) == true else {
            throw FHIRPathError(
                .execution, "conformsTo() can check FHIR's base profiles only (\(prefix)TYPE); \(url) needs a validator"
            )
        }
        return call.input.map {
            .boolean(evaluator.isInstance($0, of: FHIRPathTypeSpecifier(namespace: "FHIR", name: name)))
        }
    }
}
