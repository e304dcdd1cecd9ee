import Foundation
import Testing

@testable import FHIRServer

/// The links' query strings come out exactly as `URLComponents` would write them.
@Suite("query encoding of links")
struct QueryEncodingTests {
    static let values = [
        "f001", "MedicationRequest/ord-01", "Müller", "a b", "a&b=c", "100%", "x|y", "ge2016-01-01",
        "urn:oid:1.2.40|1111", "\"quoted\"", "#hash", "[brackets]{braces}^`\\", "", "日本", "😀",
        "!$'()*+,-./:;?@_~",
    ]

    @Test(arguments: values)
    func encodesAsURLComponents(value: String) {
        var components = URLComponents(string: "http://127.0.0.1:8080/fhir/Patient")!
        components.queryItems = [
            URLQueryItem(name: "family:exact", value: value), URLQueryItem(name: "_count", value: "50"),
        ]
        #expect(
            "http://127.0.0.1:8080/fhir/Patient?" + QueryEncoding.query([("family:exact", value), ("_count", "50")])
                == components.string)
    }
}
