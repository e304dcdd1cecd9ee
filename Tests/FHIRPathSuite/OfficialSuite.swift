import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// HL7's official FHIRPath R4 test suite (`tests-fhir-r4.xml`), read as it is from `../shared`,
/// for the engine's tests and for the command line's.
public struct OfficialSuite: Sendable {
    /// One `<test>`: an expression, its input file, and what it must give (or that it must fail).
    public struct Case: Sendable, CustomStringConvertible {
        public var group = ""
        public var name = ""
        public var inputFile: String?
        public var expression = ""
        public var invalid: String?
        public var predicate = false
        public var outputs: [(type: String?, text: String)] = []

        public var description: String { name }
    }

    public let folder: URL
    public let cases: [Case]

    /// Where the suite is: `MEDBRAIN_FHIRPATH_SUITE`, else `shared/reference/fhirpath` beside the
    /// repository or beside one of its parent folders (a clone elsewhere, as CI makes), else in
    /// this workplace's shared folder, `/work/shared`.
    static func locate() throws -> URL {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var candidates: [URL] = []
        if let given = ProcessInfo.processInfo.environment["MEDBRAIN_FHIRPATH_SUITE"] {
            candidates.append(URL(filePath: given))
        }
        var folder = root
        while folder.path != "/" {
            candidates.append(folder.deletingLastPathComponent().appending(path: "shared/reference/fhirpath"))
            folder.deleteLastPathComponent()
        }
        candidates.append(URL(filePath: "/work/shared/reference/fhirpath"))
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appending(path: "tests-fhir-r4.xml").path) {
            return candidate
        }
        throw SuiteError(
            "HL7's FHIRPath suite (tests-fhir-r4.xml) is not in ../shared/reference/fhirpath or /work/shared; "
                + "set MEDBRAIN_FHIRPATH_SUITE to its folder")
    }

    public init() throws {
        folder = try Self.locate()
        let data = try Data(contentsOf: folder.appending(path: "tests-fhir-r4.xml"))
        let reader = SuiteReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw SuiteError("tests-fhir-r4.xml could not be read: \(String(describing: parser.parserError))")
        }
        cases = reader.cases
    }

    /// The input resource of a case as JSON text (the suite names `X.xml`; the JSON is `r4/X.json`).
    public func input(of testCase: Case) throws -> Data? {
        guard let url = inputURL(of: testCase) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Where a case's input is, as JSON; nil when the case has none.
    public func inputURL(of testCase: Case) -> URL? {
        guard let file = testCase.inputFile else { return nil }
        let name = file.hasSuffix(".xml") ? String(file.dropLast(4)) + ".json" : file
        return folder.appending(path: "r4/\(name)")
    }

    /// The cases Medbrain fails, from `known-failures.txt`: `name<TAB>reason` lines, `#` a comment.
    public static func knownFailures() throws -> [String: String] {
        let file = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "known-failures.txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard let name = parts.first else { continue }
            result[String(name)] = parts.count > 1 ? String(parts[1]) : ""
        }
        return result
    }
}

public struct SuiteError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Collects the cases from the XML, element by element.
private final class SuiteReader: NSObject, XMLParserDelegate {
    var cases: [OfficialSuite.Case] = []
    private var group = ""
    private var current: OfficialSuite.Case?
    private var text = ""
    private var outputType: String?

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        switch element {
        case "group": group = attributes["name"] ?? ""
        case "test":
            var testCase = OfficialSuite.Case()
            testCase.group = group
            testCase.name = attributes["name"] ?? ""
            testCase.inputFile = attributes["inputfile"]
            testCase.predicate = attributes["predicate"] == "true"
            current = testCase
        case "expression": current?.invalid = attributes["invalid"]
        case "output": outputType = attributes["type"]
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "expression": current?.expression = text
        case "output": current?.outputs.append((outputType, text))
        case "test":
            if let current { cases.append(current) }
            current = nil
        default: break
        }
    }
}
