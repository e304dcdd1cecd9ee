import FHIRModel
import FHIRServer

/// `GET /resources/TYPE/ID`: one resource's JSON as stored, pretty-printed, with the FHIR
/// request that reads it, so the class sees what went over the wire.
struct ResourcePage: Sendable {
    let frame: PageFrame
    let reference: String
    let versionId: Int
    let lastUpdated: String
    let requestURL: String
    let json: String

    init?(stored: StoredResource, frame: PageFrame) {
        guard let json = stored.json else { return nil }
        self.frame = frame
        reference = "\(stored.type)/\(stored.id)"
        versionId = stored.versionId
        lastUpdated = stored.lastUpdated
        requestURL = "\(frame.baseURL)/\(ViewQuery.encode(stored.type))/\(ViewQuery.encode(stored.id))"
        self.json = json.prettyText
    }

    /// Where the view shows a resource.
    static func link(type: String, id: String) -> String {
        "/resources/\(ViewQuery.encode(type))/\(ViewQuery.encode(id))"
    }
}

/// A page for something the view cannot show: an unknown patient or resource.
struct ProblemPage: Sendable {
    let frame: PageFrame
    let heading: String
    let message: String
}
