import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The requests a command made, sent again through a plain URLSession: the floor a command
/// cannot go below, since it makes the same round trips.
struct BareRoundTrips {
    let requests: [URLRequest]
    let session: URLSession

    /// A POST carries an administration of the same shape as the one `administer` sends.
    static let administration = Data(
        #"""
        {"resourceType":"MedicationAdministration","status":"completed","subject":{"reference":"Patient/f001"},
         "request":{"reference":"MedicationRequest/ord-01"},"effectiveDateTime":"2016-08-16T08:00:00+02:00",
         "medicationCodeableConcept":{"text":"Novalgin 500 mg/ml drops"}}
        """#.utf8)

    init(requests traced: [TracedRequest]) {
        session = URLSession(configuration: .ephemeral)
        requests = traced.map { traced in
            var request = URLRequest(url: traced.url)
            request.httpMethod = traced.method
            request.setValue("application/fhir+json", forHTTPHeaderField: "Accept")
            if traced.method == "POST" || traced.method == "PUT" {
                request.httpBody = Self.administration
                request.setValue("application/fhir+json", forHTTPHeaderField: "Content-Type")
            }
            return request
        }
    }

    func warmUp() async {
        for _ in 0..<10 { await send() }
    }

    /// Sends each request once, in order, reading every body whole.
    func send() async {
        for request in requests { _ = try? await session.data(for: request) }
    }
}
