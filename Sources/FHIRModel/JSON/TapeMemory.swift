#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A block of memory a ``JSONTape`` owns: its document's bytes or its tokens.
///
/// Blocks of a megabyte or more are mapped from the system and asked to be backed by huge
/// pages: a 35 MiB Bundle and its tokens otherwise cost some 20,000 page faults, a third of
/// the time to read it. Mapped memory is backed only where it is touched, so a large
/// document's tokens get room for the most it could hold and never move.
struct TapeMemory {
    let start: UnsafeMutableRawPointer
    let byteCount: Int
    private let isMapped: Bool

    /// Smaller blocks come from the allocator, so the small documents a server keeps by the
    /// thousand share its pages.
    static let mappedFrom = 1 << 20

    init(byteCount: Int) {
        let size = max(byteCount, 16)
        if size >= Self.mappedFrom, let mapped = Self.map(size) {
            (start, isMapped) = (mapped, true)
        } else {
            (start, isMapped) = (UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16), false)
        }
        self.byteCount = size
    }

    private init(start: UnsafeMutableRawPointer, byteCount: Int, isMapped: Bool) {
        (self.start, self.byteCount, self.isMapped) = (start, byteCount, isMapped)
    }

    func free() {
        if isMapped { munmap(start, byteCount) } else { start.deallocate() }
    }

    /// A block of `byteCount` holding the first `used` bytes of this one, which is freed.
    func moved(to byteCount: Int, keeping used: Int) -> TapeMemory {
        let larger = TapeMemory(byteCount: byteCount)
        larger.start.copyMemory(from: start, byteCount: min(used, larger.byteCount))
        free()
        return larger
    }

    /// This block cut to `used` bytes: a mapped block gives its untouched pages back; an
    /// allocated one moves into a block of its own size, as a small document's tokens
    /// are first given room for more than they need.
    func trimmed(to used: Int) -> TapeMemory {
        guard isMapped else { return used < byteCount ? moved(to: used, keeping: used) : self }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let kept = (max(used, 1) + page - 1) / page * page
        guard kept < byteCount else { return self }
        munmap(start + kept, byteCount - kept)
        return TapeMemory(start: start, byteCount: kept, isMapped: true)
    }

    private static func map(_ size: Int) -> UnsafeMutableRawPointer? {
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #else
            let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), memory != MAP_FAILED else {
            return nil
        }
        #if os(Linux)
            // Only a hint: where the system has no huge pages to give, pages are small.
            _ = madvise(memory, size, MADV_HUGEPAGE)
        #endif
        return memory
    }
}
