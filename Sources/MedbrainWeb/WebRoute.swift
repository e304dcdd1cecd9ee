/// The paths the web view answers; anything else is left to the server.
enum WebRoute: Sendable, Equatable {
    case patients
    case patient(String)
    case resource(type: String, id: String)
    case events
    case stylesheet
    case script

    /// The route for a path's segments (already percent-decoded), or nil.
    init?(_ parts: [String]) {
        switch parts.count {
        case 0: self = .patients
        case 1:
            switch parts[0] {
            case "patients": self = .patients
            case "events": self = .events
            case "view.css": self = .stylesheet
            case "view.js": self = .script
            default: return nil
            }
        case 2 where parts[0] == "patients": self = .patient(parts[1])
        case 3 where parts[0] == "resources": self = .resource(type: parts[1], id: parts[2])
        default: return nil
        }
    }
}
