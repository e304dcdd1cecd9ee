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
    /// Each type's definitions, read from the table once: metadata asks for them at every request.
    private let read = Mutex<[String: [SearchParameterDefinition]]>([:])

    init(version: FHIRVersion) {
        self.version = version
    }

    /// The definitions of the parameters the server searches `type` with, as metadata lists
    /// them: read from the release's table alone, without parsing an expression or reading the
    /// type model, since the REPL asks for metadata before its first prompt.
    func definitions(of type: String) -> [SearchParameterDefinition] {
        if let kept = read.withLock({ $0[type] }) { return kept }
        let made = version.searchParameters.parameters(of: type).filter(SearchParameter.isSearched)
        read.withLock { $0[type] = made }
        return made
    }

    /// The parameters `type` can be searched with, its own first, then those every resource has.
    func parameters(of type: String) -> [SearchParameter] {
        if let kept = parsed.withLock({ $0[type] }) { return kept }
        let model = version.typeModel
        let made = definitions(of: type).compactMap { SearchParameter($0, model: model) }
        parsed.withLock { $0[type] = made }
        return made
    }
}
