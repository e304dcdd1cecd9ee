import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The requests a command made, sent again through a plain AsyncHTTPClient (a well-tuned
/// client with pooled connections, not the REPL's own): the floor a command cannot go below,
/// since it makes the same round trips.
struct BareRoundTrips {
    let requests: [HTTPClientRequest]

    /// A POST carries an administration of the same shape as the one `administer` sends.
    static let administration = Array(
        #"""
        {"resourceType":"MedicationAdministration","status":"completed","subject":{"reference":"Patient/f001"},
         "request":{"reference":"MedicationRequest/ord-01"},"effectiveDateTime":"2016-08-16T08:00:00+02:00",
         "medicationCodeableConcept":{"text":"Novalgin 500 mg/ml drops"}}
        """#.utf8)

    init(requests traced: [TracedRequest]) {
        requests = traced.map { traced in
            var request = HTTPClientRequest(url: traced.url.absoluteString)
            request.method = HTTPMethod(rawValue: traced.method)
            request.headers.add(name: "Accept", value: "application/fhir+json")
            if traced.method == "POST" || traced.method == "PUT" {
                request.body = .bytes(ByteBuffer(bytes: Self.administration))
                request.headers.add(name: "Content-Type", value: "application/fhir+json")
            }
            return request
        }
    }

    func warmUp() async {
        for _ in 0..<10 { await send() }
    }

    /// Sends each request once, in order, reading every body whole.
    func send() async {
        for request in requests {
            guard let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(30)) else { continue }
            _ = try? await response.body.collect(upTo: 64 << 20)
        }
    }
}
