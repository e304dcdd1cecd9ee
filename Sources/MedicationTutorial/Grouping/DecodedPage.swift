import FHIRModel

/// One page's administrations in memory of their own, which the whole list takes by moving
/// their bytes rather than copying them.
///
/// Copying a million administrations out of page arrays retained every string they hold, and
/// freeing the pages released each again: a sixth of the time it took to decode them.
final class DecodedPage: @unchecked Sendable {
    // Unchecked: a page is filled inside the one task that makes it and handed on as that
    // task's value; after that only the decoder that awaited it touches it.
    private let start: UnsafeMutablePointer<Administration>
    /// How many administrations are in place from `start` on.
    private(set) var count = 0

    /// Decodes `resources` (all MedicationAdministrations); `firstIndex` numbers them in
    /// error paths, counted from the first page.
    init(decoding resources: [JSONNode], firstIndex: Int) throws(FHIRDecodingError) {
        start = .allocate(capacity: max(resources.count, 1))
        for (offset, resource) in resources.enumerated() {
            let administration = try Administration(node: resource, at: .position(firstIndex + offset))
            (start + count).initialize(to: administration)
            count += 1
        }
    }

    /// Appends every administration to `list`, leaving the page empty.
    func moveAll(into list: inout [Administration]) {
        for index in 0..<count { list.append((start + index).move()) }
        count = 0
    }

    deinit {
        start.deinitialize(count: count)
        start.deallocate()
    }
}
