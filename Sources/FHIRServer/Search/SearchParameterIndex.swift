import FHIRModel
import Synchronization

/// The search parameters a server of one release searches with, per resource type: the
/// release's own (``FHIRSearchParameters``), each expression parsed the first time its type is
/// searched and kept.
///
/// Nothing is read when the server starts: the release's tables are read at its first search
/// or metadata, so `medbrain` reaches its prompt as fast as before.
final class SearchParameterIndex: Sendable {
    private let version: FHIRVersion
    private let parsed = Mutex<[String: [SearchParameter]]>([:])

    init(version: FHIRVersion) {
        self.version = version
    }

    /// The parameters `type` can be searched with, its own first, then those every resource has.
    func parameters(of type: String) -> [SearchParameter] {
        if let kept = parsed.withLock({ $0[type] }) { return kept }
        let model = version.typeModel
        let made = version.searchParameters.parameters(of: type, model: model).compactMap {
            SearchParameter($0, model: model)
        }
        parsed.withLock { $0[type] = made }
        return made
    }
}
