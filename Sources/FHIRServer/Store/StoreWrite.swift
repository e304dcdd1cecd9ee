import FHIRModel
import FHIRValidation

/// One change to the store, as a create, update, delete or transaction entry asks for it.
public struct StoreWrite: Sendable {
    public let type: String
    public let id: String
    /// The new content, or nil to delete.
    public let resource: JSONValue?
    /// The version the client last saw (`If-Match`), when it wants the update to be safe.
    public let expectedVersion: Int?

    public init(type: String, id: String, resource: JSONValue?, expectedVersion: Int? = nil) {
        self.type = type
        self.id = id
        self.resource = resource
        self.expectedVersion = expectedVersion
    }
}

/// Why the store refused a set of writes; nothing of the set was applied.
public enum StoreError: Error, Sendable, Equatable {
    /// The resources break the rules; each issue names an element.
    case invalid([ValidationIssue])
    /// `If-Match` named another version than the current one.
    case versionConflict(type: String, id: String, current: Int?)
    /// No such resource to delete.
    case notFound(type: String, id: String)
    /// A deletion would leave these resources naming one that is gone (409, as HAPI answers).
    case referenced([StoreReferrer])
    /// The data file could not be written; the change was rolled back.
    case persistence(String)
}

/// A resource that names one a set of writes would delete.
public struct StoreReferrer: Sendable, Equatable {
    /// The resource that names it.
    public let type: String
    public let id: String
    /// Where: `Observation.subject`.
    public let path: String
    /// What it names, as `Type/id`.
    public let target: String
}
