import FHIRModel
import FHIRServer
import Foundation
import TestSupport
import Testing

/// An absolute reference names the resource at its URL (FHIR's references page): this server's
/// when the URL is under one of the server's names, another server's otherwise, whatever its
/// last two parts say. Searches, chains and includes read it so, over every way of writing one.
@Suite("Absolute references")
struct AbsoluteReferenceTests {
    /// The test's own reading of which references are the server's, for a server bound to
    /// 127.0.0.1 on port 80 (``SMARTHarness/names``) and serving FHIR under `/fhir`: relative
    /// ones, and absolute ones whose scheme is http(s), whose host and port (the scheme's default
    /// when none is written) are 127.0.0.1 or localhost on 80, and whose path is `/fhir/Type/id`,
    /// perhaps with `/_history/n`. Written without the server's code.
    enum Own {
        case local(String)
        case elsewhere(String)
        case none
    }

    static func own(_ reference: String) -> Own {
        let typeAndID = #/^([A-Z][A-Za-z]*)/([A-Za-z0-9\-.]{1,64})(/_history/[A-Za-z0-9\-.]+)?$/#
        guard let scheme = reference.range(of: "://") else {
            if let match = reference.wholeMatch(of: typeAndID) { return .local("\(match.1)/\(match.2)") }
            return reference.hasPrefix("#") || !reference.contains(":") ? .none : .elsewhere(reference)
        }
        let unversioned = reference.replacing(#//_history/[^/]*$/#, with: "")
        let schemeName = reference[..<scheme.lowerBound].lowercased()
        let rest = reference[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" }.lowercased()
        let path = rest.drop { $0 != "/" }
        var host = authority
        var port = schemeName == "https" ? 443 : 80
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            host = String(authority[..<colon])
            guard let written = Int(authority[authority.index(after: colon)...]) else { return .elsewhere(unversioned) }
            port = written
        }
        guard ["http", "https"].contains(schemeName), ["127.0.0.1", "localhost"].contains(host), port == 80,
            path.hasPrefix("/fhir/"), let match = String(path.dropFirst(6)).wholeMatch(of: typeAndID)
        else { return .elsewhere(unversioned) }
        return .local("\(match.1)/\(match.2)")
    }

    /// Every way of writing a reference the test tries: schemes, hosts, ports, base paths and
    /// tails, crossed; and relative, contained and `urn:` ones.
    static let references: [String] = {
        let schemes = ["http", "HTTP", "https", "ftp"]
        let hosts = ["127.0.0.1", "LocalHost", "127.0.0.2", "other.example", "x@127.0.0.1", "[::1]"]
        let ports = ["", ":80", ":0080", ":8080", ":443", ":x"]
        let paths = ["/fhir/", "/r4/", "/fhir//", "/fhir/../fhir/", "/FHIR/"]
        let tails = ["Patient/p0", "Patient/p0/_history/2", "Patient/p1", "Patient/p%30", "Patient/p0?x=1"]
        var all = ["Patient/p0", "Patient/p0/_history/1", "Patient/p1", "#p0", "urn:uuid:1234", "patient/p0"]
        for scheme in schemes {
            for host in hosts {
                for port in ports {
                    for path in paths {
                        for tail in tails { all.append("\(scheme)://\(host)\(port)\(path)\(tail)") }
                    }
                }
            }
        }
        return all
    }()

    /// A search by any reference finds exactly the resources whose reference names what it
    /// names, by the test's reading: this server's p0 however its URL is written, another
    /// server's by its URL alone, never the one for the other.
    @Test func aSearchByAnyFormFindsWhatNamesTheSameResource() async throws {
        let service = try await Self.service(holding: Self.stored)
        var compared = 0
        // Swift's Regex is slow in a debug build: each stored reference is read once.
        let owners = Self.stored.map(Self.own)
        for query in Self.queries {
            let wanted = Self.own(query)
            let expected = owners.indices.filter { Self.same(wanted, owners[$0]) }.map { "obs\($0)" }
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query
            let answer = await SMARTReachDifferentialTests.request(
                service, "GET", "Observation?subject=\(encoded)&_count=1000", body: nil)
            let found = (answer.json?["entry"]?.arrayValue ?? []).compactMap { $0["resource"]?["id"]?.stringValue }
            #expect(Set(found) == Set(expected), "subject=\(query)")
            compared += expected.count
        }
        // Both kinds were found: this server's p0 by many forms, and another server's by its URL.
        #expect(compared > Self.queries.count)
    }

    /// `_include`, a chain and a reverse chain follow a reference to this server's p0 however written, and never
    /// one to another server's.
    @Test func includesAndChainsFollowOnlyTheServersOwn() async throws {
        let service = try await Self.service(holding: Self.stored)
        for (index, reference) in Self.stored.enumerated() {
            let included = await SMARTReachDifferentialTests.request(
                service, "GET", "Observation?_id=obs\(index)&_include=Observation:subject", body: nil)
            let patients = (included.json?["entry"]?.arrayValue ?? []).compactMap { entry -> String? in
                guard entry["resource"]?["resourceType"] == "Patient" else { return nil }
                return entry["resource"]?["id"]?.stringValue.map { "Patient/\($0)" }
            }
            let expected: [String] = if case .local(let key) = Self.own(reference) { [key] } else { [] }
            #expect(patients == expected, "\(reference)")
            let chained = await SMARTReachDifferentialTests.request(
                service, "GET", "Observation?_id=obs\(index)&subject:Patient.family=Zero", body: nil)
            let found = chained.json?["entry"]?.arrayValue?.count ?? 0
            if case .local("Patient/p0") = Self.own(reference) {
                #expect(found == 1, "\(reference)")
            } else {
                #expect(found == 0, "\(reference)")
            }
            // A reverse chain finds the patient the Observation names, if it is this server's.
            let reverse = await SMARTReachDifferentialTests.request(
                service, "GET", "Patient?_has:Observation:subject:_id=obs\(index)", body: nil)
            let named = (reverse.json?["entry"]?.arrayValue ?? []).compactMap {
                $0["resource"]?["id"]?.stringValue.map { "Patient/\($0)" }
            }
            #expect(named == expected, "_has: \(reference)")
        }
    }

    /// A server that was never bound knows no absolute reference as its own.
    @Test func anUnboundServerKnowsNoAbsoluteReferenceAsItsOwn() async throws {
        let service = FHIRService(
            version: .r4, store: ResourceStore(), clock: FixedClock(Date(timeIntervalSince1970: 1_471_334_400)))
        try await SMARTHarness.load(
            Self.patients + [Self.observation(0, "http://127.0.0.1/fhir/Patient/p0")], into: service)
        let answer = await SMARTReachDifferentialTests.request(
            service, "GET", "Observation?subject=Patient/p0", body: nil)
        #expect(answer.json?["total"]?.compactText == "0")
    }

    static func same(_ a: Own, _ b: Own) -> Bool {
        switch (a, b) {
        case (.local(let x), .local(let y)), (.elsewhere(let x), .elsewhere(let y)): x == y
        default: false
        }
    }

    /// The references the Observations hold (a contained one needs its resource).
    static let stored = references.filter { !$0.hasPrefix("#") }
    /// What is searched by: every relative form and a seeded twelfth of the absolute ones (each
    /// search looks at a good part of the stored forms, in a debug build).
    static let queries: [String] = {
        var random = SeededGenerator(seed: 7)
        return stored.filter { query in !query.contains("://") || Int.random(in: 0..<12, using: &random) == 0 }
    }()

    static let patients: [JSONValue] = ["p0", "p1"].map { id in
        .object(
            JSONObject([
                ("resourceType", "Patient"), ("id", .string(id)),
                ("name", .array([.object(JSONObject([("family", id == "p0" ? "Zero" : "One")]))])),
            ]))
    }

    static func observation(_ index: Int, _ reference: String) -> JSONValue {
        .object(
            JSONObject([
                ("resourceType", "Observation"), ("id", .string("obs\(index)")), ("status", "final"),
                ("code", .object(JSONObject([("text", "x")]))),
                ("subject", .object(JSONObject([("reference", .string(reference))]))),
            ]))
    }

    static func service(holding references: [String]) async throws -> FHIRService {
        let service = FHIRService(
            version: .r4, store: ResourceStore(), clock: FixedClock(Date(timeIntervalSince1970: 1_471_334_400)),
            base: ServerBase(SMARTHarness.names))
        let observations = references.enumerated().map { observation($0.offset, $0.element) }
        try await SMARTHarness.load(patients + observations, into: service)
        return service
    }
}
