import Foundation

/// FHIRPath 2.1's `encode`, `decode`, `escape` and `unescape` (base64, urlbase64, hex; html, json).
extension FunctionLibrary {
    static var encoding: [String: FHIRPathFunction] {
        [
            "encode": textFunction(1) { text, args throws(FHIRPathError) in
                let bytes = Data(text.utf8)
                switch args[0] {
                case "base64": return [.string(bytes.base64EncodedString())]
                case "urlbase64":
                    let base64 = bytes.base64EncodedString()
                    return [
                        .string(
                            base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
                    ]
                case "hex": return [.string(bytes.map { String(format: "%02x", $0) }.joined())]
                case nil: return []
                case let other?:
                    throw FHIRPathError(.execution, "encode() knows base64, urlbase64 and hex, not '\(other)'")
                }
            },
            "decode": textFunction(1) { text, args throws(FHIRPathError) in
                let data: Data?
                switch args[0] {
                case "base64": data = Data(base64Encoded: text)
                case "urlbase64":
                    data = Data(
                        base64Encoded: text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
                            of: "_", with: "/"))
                case "hex": data = hexData(text)
                case nil: return []
                case let other?:
                    throw FHIRPathError(.execution, "decode() knows base64, urlbase64 and hex, not '\(other)'")
                }
                return data.flatMap { String(data: $0, encoding: .utf8) }.map { [.string($0)] } ?? []
            },
            "escape": textFunction(1) { text, args throws(FHIRPathError) in
                switch args[0] {
                case "html": return [.string(replacing(text, Self.htmlEntities))]
                case "json": return [.string(replacing(text, Self.jsonEscapes))]
                case nil: return []
                case let other?: throw FHIRPathError(.execution, "escape() knows html and json, not '\(other)'")
                }
            },
            "unescape": textFunction(1) { text, args throws(FHIRPathError) in
                switch args[0] {
                case "html": return [.string(replacing(text, Self.htmlEntities.map { ($0.1, $0.0) }.reversed()))]
                case "json": return [.string(replacing(text, Self.jsonEscapes.map { ($0.1, $0.0) }.reversed()))]
                case nil: return []
                case let other?: throw FHIRPathError(.execution, "unescape() knows html and json, not '\(other)'")
                }
            },
        ]
    }

    /// `&` first when escaping (so the others' `&` is not escaped again), last when unescaping.
    private static let htmlEntities: [(String, String)] = [
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;"),
    ]
    private static let jsonEscapes: [(String, String)] = [
        ("\\", "\\\\"), ("\"", "\\\""), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"),
    ]

    private static func replacing(_ text: String, _ pairs: [(String, String)]) -> String {
        pairs.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    private static func hexData(_ text: String) -> Data? {
        let characters = Array(text)
        guard characters.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: characters.count, by: 2) {
            guard let byte = UInt8(String(characters[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return Data(bytes)
    }
}
