import FHIRModel
import Foundation

/// What an evaluation may use besides the resource: variables, the clock, FHIR's type model,
/// a way to resolve references, where `trace()` writes, and when to stop.
public struct FHIRPathEnvironment: Sendable {
    /// `%name` variables given by the caller (`--var`), each a collection.
    public var variables: [String: [FHIRPathValue]]
    /// The moment `now()`, `today()` and `timeOfDay()` report, and the zone they report it in.
    public var now: Date
    public var timeZone: TimeZone
    /// FHIR's types; nil evaluates on the JSON alone (no choice elements, no type checks).
    public var model: FHIRTypeModel?
    /// Finds the resource a reference names (`resolve()`); nil resolves only within the resource
    /// (contained resources, and entries of a Bundle).
    public var resolver: (@Sendable (String) -> JSONValue?)?
    /// Receives `trace(name)`'s collections.
    public var trace: (@Sendable (String, [FHIRPathValue]) -> Void)?
    /// The largest collection an evaluation may build, so `repeat()` or a huge Bundle cannot
    /// exhaust memory unnoticed.
    public var maximumCollection: Int
    /// How long one evaluation may run before it stops with an error that names the limit;
    /// nil: as long as it takes.
    public var timeLimit: Swift.Duration?
    /// Said in that error, to tell how to change the limit (`set fhirpath-limit SECONDS`).
    public var timeLimitHint: String?
    /// Whether a name no item's type has is simply empty, as FHIRPath's evaluation model has
    /// it, rather than the mistake a person typing it most likely made (`name.given1`). The
    /// specification's own invariants need it: some name elements a type lacks (`cnl-0`'s
    /// `name` on Evidence), or reach into contained resources of every type (`dom-2`).
    public var unknownElementsAreEmpty = false
    /// Asked now and then while evaluating: true stops the evaluation ("cancelled"), as Ctrl-C does.
    public var isCancelled: (@Sendable () -> Bool)?

    public init(
        variables: [String: [FHIRPathValue]] = [:], now: Date = Date(), timeZone: TimeZone = .current,
        model: FHIRTypeModel? = FHIRVersion.r4.typeModel, resolver: (@Sendable (String) -> JSONValue?)? = nil,
        trace: (@Sendable (String, [FHIRPathValue]) -> Void)? = nil, maximumCollection: Int = 10_000_000
    ) {
        self.variables = variables
        self.now = now
        self.timeZone = timeZone
        self.model = model
        self.resolver = resolver
        self.trace = trace
        self.maximumCollection = maximumCollection
    }
}
