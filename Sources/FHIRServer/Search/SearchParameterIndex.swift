import FHIRModel
import Synchronization

/// The search parameters a server of one release searches with, per resource type: the
/// release's own (``FHIRSearchParameters``), each expression parsed the first time its type is
/// searched and kept.
final class SearchParameterIndex: Sendable {
    private let definitions: FHIRSearchParameters
    private let model: FHIRTypeModel
    private let parsed = Mutex<[String: [SearchParameter]]>([:])

    init(version: FHIRVersion) {
        definitions = .of(version)
        model = .of(version)
    }

    /// The parameters `type` can be searched with, its own first, then those every resource has.
    func parameters(of type: String) -> [SearchParameter] {
        if let kept = parsed.withLock({ $0[type] }) { return kept }
        let made = definitions.parameters(of: type, model: model).compactMap { SearchParameter($0, model: model) }
        parsed.withLock { $0[type] = made }
        return made
    }
}
