import FHIRModel
import HTTPTypes
import Testing

@testable import MedbrainWeb

/// The view never writes: anything but GET and HEAD is refused and the store is untouched.
@Suite struct ReadOnlyTests {
    @Test(arguments: [HTTPRequestMethod.post, .put, .delete, .patch])
    func writesAreRefused(method: HTTPRequestMethod) async throws {
        let harness = try await ViewHarness(.r4)
        let before = harness.service.store.changeCount
        for path in ["/", "/patients/f001", "/resources/Patient/f001", "/events"] {
            let answer = try #require(try await harness.page(path, method: method.http))
            #expect(answer.status == 405, "\(method) \(path)")
            #expect(answer.html.contains("The web view only reads"))
        }
        #expect(harness.service.store.changeCount == before)
        #expect(await harness.service.store.read("Patient", "f001") != nil)
    }
}

/// The methods a test sends, named so a failure says which.
enum HTTPRequestMethod: String, CaseIterable, Sendable {
    case post, put, delete, patch
}

extension HTTPRequestMethod {
    var http: HTTPRequest.Method {
        switch self {
        case .post: .post
        case .put: .put
        case .delete: .delete
        case .patch: .patch
        }
    }
}
