#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension JSONTape {
    /// Reads everything from `descriptor` (a file or a pipe) straight into the tape's own
    /// memory and parses it: a large file is read once and not copied, where going through
    /// `Data` and an array copied its bytes twice.
    ///
    /// - Parameter limit: the most bytes read; more is ``JSONReadError/tooLarge(limit:)``.
    public convenience init(reading descriptor: Int32, limit: Int) throws(JSONReadError) {
        var status = stat()
        let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : 0
        guard size <= limit else { throw .tooLarge(limit: limit) }
        var memory = TapeMemory(byteCount: max(size + 1, 1 << 16))
        var count = 0
        while true {
            if count == memory.byteCount {
                guard count <= limit else {
                    memory.free()
                    throw .tooLarge(limit: limit)
                }
                memory = memory.moved(to: count * 2, keeping: count)
            }
            let read = systemRead(descriptor, memory.start + count, memory.byteCount - count)
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else {
                memory.free()
                throw .unreadable(String(cString: strerror(errno)))
            }
            if read == 0 { break }
            count += read
        }
        guard count <= limit else {
            memory.free()
            throw .tooLarge(limit: limit)
        }
        guard count > 0 else {
            memory.free()
            throw .empty
        }
        do { try self.init(adopting: memory.trimmed(to: count), count: count) } catch { throw .syntax(error) }
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif

/// Why a document could not be read: the source failed, it held nothing or too much, or its
/// text is not JSON.
public enum JSONReadError: Error, Sendable, CustomStringConvertible {
    case unreadable(String)
    case empty
    case tooLarge(limit: Int)
    case syntax(JSONSyntaxError)

    public var description: String {
        switch self {
        case .unreadable(let reason): "cannot be read: \(reason)"
        case .empty: "is empty"
        case .tooLarge(let limit): "is larger than \(limit >> 20) MiB, the most this command reads"
        case .syntax(let error): "\(error)"
        }
    }
}
