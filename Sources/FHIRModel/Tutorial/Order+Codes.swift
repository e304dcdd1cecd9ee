/// The codes of an order that one release has and another lacks, each mapped to the nearest
/// code the other release has, so a conversion never writes a code its target would refuse.
extension Order {
    /// R5's `ended` (the order ran its course) is STU3's and R4's `completed`.
    static func withoutEnded(_ status: String) -> String { status == "ended" ? "completed" : status }

    /// R4's and R5's intents STU3 lacks: an `option` is only proposed, and the kinds of
    /// order are orders.
    static func stu3Intent(_ intent: String) -> String {
        switch intent {
        case "option": "proposal"
        case "original-order", "reflex-order", "filler-order": "order"
        default: intent
        }
    }

    /// Statuses DSTU2 lacks mapped to their nearest DSTU2 code.
    static func dstu2Status(_ status: String) -> String {
        switch status {
        case "cancelled": "stopped"
        case "unknown": "active"
        case "ended": "completed"
        default: status
        }
    }
}
