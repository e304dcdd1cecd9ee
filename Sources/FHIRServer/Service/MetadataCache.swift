import Synchronization

/// The CapabilityStatement as sent, made at the first metadata request and kept: with every
/// resource type of the release and its search parameters it is a few hundred kilobytes, and
/// every client asks for it when it connects. Nothing it says changes while the server runs.
final class MetadataCache: Sendable {
    private let kept = Mutex<(compact: [UInt8]?, pretty: [UInt8]?)>((nil, nil))

    /// The kept bytes in the form asked for, made by `make` the first time.
    func bytes(pretty: Bool, make: () -> [UInt8]) -> [UInt8] {
        if let bytes = kept.withLock({ pretty ? $0.pretty : $0.compact }) { return bytes }
        let made = make()
        kept.withLock { pretty ? ($0.pretty = made) : ($0.compact = made) }
        return made
    }
}
