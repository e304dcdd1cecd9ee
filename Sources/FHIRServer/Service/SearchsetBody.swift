import FHIRModel

/// A search's Bundle as compact JSON, each entry's resource spliced in from the bytes the
/// store wrote when it saved it.
///
/// Writing every matching resource again for every search was most of a search's cost; the
/// result is byte for byte what `Bundle.json.compactBytes` gives for the same entries.
struct SearchsetBody {
    /// One entry: the resource as stored, where it lives, and why it is in the result.
    struct Entry {
        let stored: StoredResource
        let fullUrl: String
        let mode: String
    }

    /// `bundle` holds everything but the entries, which follow it as the Bundle's last member.
    static func bytes(_ bundle: Bundle, entries: [Entry]) -> [UInt8] {
        var output = bundle.json.compactBytes
        guard !entries.isEmpty, output.last == UInt8(ascii: "}") else { return output }
        output.removeLast()
        output.reserveCapacity(output.count + entries.reduce(64) { $0 + $1.stored.body.count + 96 })
        output.append(contentsOf: #","entry":["#.utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: #"{"fullUrl":"#.utf8)
            JSONValue.string(entry.fullUrl).appendCompact(to: &output)
            output.append(contentsOf: #","resource":"#.utf8)
            output.append(contentsOf: entry.stored.body)
            output.append(contentsOf: #","search":{"mode":"#.utf8)
            JSONValue.string(entry.mode).appendCompact(to: &output)
            output.append(contentsOf: "}}".utf8)
        }
        output.append(contentsOf: "]}".utf8)
        return output
    }
}
