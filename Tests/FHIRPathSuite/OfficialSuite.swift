import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// HL7's official FHIRPath R4 test suite (`tests-fhir-r4.xml`), read as it is from `../shared`.
struct OfficialSuite {
    /// One `<test>`: an expression, its input file, and what it must give (or that it must fail).
    struct Case: Sendable, CustomStringConvertible {
        var group = ""
        var name = ""
        var inputFile: String?
        var expression = ""
        var invalid: String?
        var predicate = false
        var outputs: [(type: String?, text: String)] = []

        var description: String { name }
    }

    let folder: URL
    let cases: [Case]

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

    init() throws {
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
    func input(of testCase: Case) throws -> Data? {
        guard let file = testCase.inputFile else { return nil }
        let name = file.hasSuffix(".xml") ? String(file.dropLast(4)) + ".json" : file
        return try Data(contentsOf: folder.appending(path: "r4/\(name)"))
    }
}

struct SuiteError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
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
