import FHIRModel
import FHIRPath
import Testing

/// Every search parameter the specification defines is a FHIRPath expression the built-in
/// server evaluates: each must parse with Medbrain's engine and evaluate on a resource of its
/// type, or the server would quietly not search with it.
@Suite("the specification's search expressions")
struct SearchExpressionTests {
    @Test(arguments: FHIRVersion.allCases)
    func everyExpressionParses(version: FHIRVersion) {
        var failures: [String] = []
        var count = 0
        for (type, parameters) in version.searchParameters.byType {
            for parameter in parameters {
                guard let text = parameter.expression else { continue }
                count += 1
                // Evaluated on a resource of the type too: a type name or function the engine
                // does not know shows only then.
                let resource: JSONValue = .object(JSONObject([("resourceType", .string(type))]))
                let environment = FHIRPathEnvironment(model: version.typeModel)
                do { _ = try FHIRPathExpression(text).evaluate(on: resource, environment: environment) } catch {
                    failures.append("\(type).\(parameter.code): \(error)")
                }
            }
        }
        #expect(count > 700)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }
}
