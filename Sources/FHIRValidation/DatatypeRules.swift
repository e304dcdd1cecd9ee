import FHIRModel
import Foundation

/// Rules the specification states in the definitions of its datatypes and formats rather than as
/// FHIRPath invariants, which HL7's validator checks all the same:
/// - an Attachment's `size` and `hash` are those of its `data` (the bytes, and their SHA-1 in
///   base64);
/// - a Coding's `system` is an absolute URI that names a code system, not a ValueSet;
/// - a `canonical` with a `|` names the version after it;
/// - a string (and a code, id or markdown) is at most 1 MB;
/// - a relative reference is `Type/id`, or in a transaction a search (`Type?name=value&…`).
struct DatatypeRules {
    let model: FHIRTypeModel

    /// The most a string may hold, in bytes (the specification's datatypes: "less than 1MB").
    static let maximumStringBytes = 1_048_576

    func issues(at node: ElementWalk.Node) -> [ValidationIssue] {
        switch node.type {
        case "Attachment": return attachmentIssues(node)
        case "Coding": return codingIssue(node).map { [$0] } ?? []
        case "Reference": return referenceIssue(node).map { [$0] } ?? []
        case "canonical": return canonicalIssue(node).map { [$0] } ?? []
        default: break
        }
        // A string and the types made from it (code, id, markdown); an attachment's
        // base64Binary data has no such limit.
        guard model.type(node.type, isA: "string"), let text = node.value.stringValue,
            text.utf8.count > Self.maximumStringBytes
        else { return [] }
        return [ValidationIssue(path: node.path, message: "longer than a FHIR string may be (1 MB)")]
    }

    private func attachmentIssues(_ node: ElementWalk.Node) -> [ValidationIssue] {
        // R5's size is an integer64, written as a string; before, an unsignedInt.
        let size: String? =
            switch node.value["size"] {
            case .string(let text)?, .number(let text)?: text
            default: nil
            }
        // The data runs to megabytes: it is decoded only when there is something to check it by.
        guard size != nil || node.value["hash"] != nil, let encoded = node.value["data"]?.stringValue,
            let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters)
        else { return [] }
        var found: [ValidationIssue] = []
        if let size, Int(size) != data.count {
            found.append(
                ValidationIssue(
                    path: node.path, message: "size says \(size) bytes, but the data holds \(data.count)"))
        }
        if let hash = node.value["hash"]?.stringValue {
            guard let digest = SHA1.digest(data) else {
                found.append(
                    ValidationIssue(
                        path: node.path, message: "hash not checked: \(SHA1.missingLibrary)", severity: .information))
                return found
            }
            let actual = Data(digest).base64EncodedString()
            if actual != hash {
                found.append(
                    ValidationIssue(
                        path: node.path,
                        message: "hash is not the SHA-1 of the data in base64 ('\(hash)'; the data's is '\(actual)')"))
            }
        }
        return found
    }

    private func codingIssue(_ node: ElementWalk.Node) -> ValidationIssue? {
        guard let system = node.value["system"]?.stringValue else { return nil }
        if !Self.isAbsolute(system) {
            return ValidationIssue(
                path: "\(node.path).system",
                message: "a code system is named by an absolute URI (http://…, urn:oid:…), not '\(system)'")
        }
        // HL7's canonical URLs say what they name: http://hl7.org/fhir/ValueSet/… is a ValueSet.
        if system.hasPrefix("http://hl7.org/fhir/ValueSet/") {
            return ValidationIssue(
                path: "\(node.path).system",
                message: "\(system) is a ValueSet; system names the code system its codes come from")
        }
        return nil
    }

    private func canonicalIssue(_ node: ElementWalk.Node) -> ValidationIssue? {
        guard let text = node.value.stringValue, text.hasSuffix("|") else { return nil }
        return ValidationIssue(
            path: node.path, message: "'\(text)' ends in '|' without a version; leave the '|' out or add the version")
    }

    private func referenceIssue(_ node: ElementWalk.Node) -> ValidationIssue? {
        guard let text = node.value["reference"]?.stringValue, !text.hasPrefix("#"), !Self.isAbsolute(text),
            let question = text.firstIndex(of: "?")
        else { return nil }
        // A conditional reference, as a transaction may make: a resource type, then a search.
        let type = String(text[..<question])
        let query = text[text.index(after: question)...]
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false)
        let wellFormed = pairs.allSatisfy { pair in
            guard let equals = pair.firstIndex(of: "=") else { return false }
            let name = pair[..<equals]
            return !name.isEmpty && !name.contains("?") && !pair[pair.index(after: equals)...].contains("?")
        }
        guard !model.isResource(type) || !wellFormed else { return nil }
        return ValidationIssue(
            path: "\(node.path).reference",
            message: "'\(text)' is neither Type/id nor a conditional reference (Type?name=value&name=value)")
    }

    /// Whether `text` is an absolute URI: it begins with a scheme (`http:`, `urn:`), RFC 3986's
    /// letter followed by letters, digits, `+`, `-` or `.`, and a colon.
    static func isAbsolute(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else {
            return false
        }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
