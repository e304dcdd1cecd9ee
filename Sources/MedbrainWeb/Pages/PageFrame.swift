import FHIRModel

/// What every page shows around its content: the server, and the change count the live
/// script compares with the server's. The pages' own words are English; only the instructions
/// change language, and say so with their own `lang`.
struct PageFrame: Sendable {
    let language = "en"
    let versionName: String
    /// The FHIR base URL as the browser reached the server, so requests shown can be pasted.
    let baseURL: String
    let changeCount: Int
    /// Where the live script listens for changes: the store's, or the class's.
    var events = "/events"
    /// The class's name when the server runs one: the pages link to its grid.
    var classPage: String?

    init(version: FHIRVersion, authority: String?, changeCount: Int, classPage: String? = nil) {
        versionName = version.displayName
        baseURL = "http://\(authority ?? "localhost")/fhir"
        self.changeCount = changeCount
        self.classPage = classPage
    }
}

/// The query a page was asked with: which order, grouping, language and last day to show.
struct ViewQuery: Sendable, Equatable {
    var order: String?
    var group = "week"
    var language = "en"
    /// The last day of the chart's window (`until=2016-08-16`); nil is the server's today.
    var until: String?

    init(order: String? = nil, group: String = "week", language: String = "en", until: String? = nil) {
        (self.order, self.group, self.language, self.until) = (order, group, language, until)
    }

    init(_ parameters: [(name: String, value: String)]) {
        for (name, value) in parameters {
            switch name {
            case "order": order = value
            case "group": group = value
            case "lang": language = value
            case "until": until = value
            default: continue
            }
        }
    }

    /// A link to the patient's page with this query: only what differs from the defaults.
    func link(patient: String) -> String {
        var parts: [String] = []
        if let order { parts.append("order=" + Self.encode(order)) }
        if group != "week" { parts.append("group=" + Self.encode(group)) }
        if language != "en" { parts.append("lang=" + Self.encode(language)) }
        if let until { parts.append("until=" + Self.encode(until)) }
        let path = "/patients/" + Self.encode(patient)
        return parts.isEmpty ? path : path + "?" + parts.joined(separator: "&")
    }

    /// Percent-encoding for a path segment or a query value: everything but unreserved characters.
    static func encode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
