import FHIRModel

/// A student's own doses, made from a seed: which doses were missed, their times and how many
/// there are differ from a neighbour's, while the story stays the tutorial's. The patients,
/// medications and orders stay as written (the lessons read their Timings word for word), and
/// so do the doses the lessons name.
///
/// Applied to the R4 resources before they are converted, so every release holds the same
/// student's data, and made only of changes each release can say (a dose taken or not, with
/// its reason; a time; a dose fewer).
struct DatasetVariation {
    /// The doses lessons and the tutorial talk about by name: adm-001 (the dose compared across
    /// releases), adm-012 (New Year's Eve, Table 5's week-year slip) and adm-065 (after today).
    static let named: Set<String> = ["adm-001", "adm-012", "adm-065"]
    /// At most this many doses go, so a patient keeps more doses than a page of 50 holds.
    static let mostDropped = 6
    /// An order keeps at least this many doses.
    static let fewestPerOrder = 5

    private var random: SplitMix

    init(seed: DatasetSeed) {
        random = SplitMix(state: seed.state)
    }

    /// The resources with each unnamed dose redrawn: not taken one time in four, moved by up to
    /// ten minutes (never past midnight), and one in ten dropped while the limits allow.
    mutating func apply(to resources: [JSONValue]) -> [JSONValue] {
        let reasons = Self.reasons(in: resources)
        var perOrder = Self.dosesPerOrder(in: resources)
        var dropped = 0
        var varied: [JSONValue] = []
        for resource in resources {
            guard case .object(var dose) = resource, dose["resourceType"] == "MedicationAdministration",
                let id = dose["id"]?.stringValue, !Self.named.contains(id)
            else {
                varied.append(resource)
                continue
            }
            let order = dose["request"]?["reference"]?.stringValue ?? ""
            // Every draw is made for every dose, so one dose's fate does not shift the next one's.
            let (drop, missed, minutes, reason) = (
                random.oneIn(10), random.oneIn(4), 5 * (random.below(5) - 2), random.below(max(reasons.count, 1))
            )
            if drop, dropped < Self.mostDropped, perOrder[order, default: 0] > Self.fewestPerOrder {
                dropped += 1
                perOrder[order, default: 0] -= 1
                continue
            }
            Self.mark(&dose, missed: missed, reason: reasons.isEmpty ? nil : reasons[reason])
            Self.move(&dose, by: minutes)
            varied.append(.object(dose))
        }
        return varied
    }

    /// Taken (`completed`) or not (`not-done`, with a reason the dataset gives elsewhere).
    private static func mark(_ dose: inout JSONObject, missed: Bool, reason: JSONValue?) {
        let wasMissed = dose["status"] == "not-done"
        guard missed != wasMissed else { return }
        dose["status"] = missed ? "not-done" : "completed"
        dose["statusReason"] = missed ? reason.map { .array([$0]) } : nil
    }

    /// The time (or the period's start and end) `minutes` later, on the same day as written.
    private static func move(_ dose: inout JSONObject, by minutes: Int) {
        if let time = dose["effectiveDateTime"]?.stringValue {
            guard let moved = moved(time, by: minutes) else { return }
            dose["effectiveDateTime"] = .string(moved)
        } else if case .object(var period) = dose["effectivePeriod"],
            let start = period["start"]?.stringValue.flatMap({ moved($0, by: minutes) }),
            let end = period["end"]?.stringValue.flatMap({ moved($0, by: minutes) })
        {
            (period["start"], period["end"]) = (.string(start), .string(end))
            dose["effectivePeriod"] = .object(period)
        }
    }

    /// `2016-08-15T20:00:00+02:00` moved by minutes within its own day; nil when it would
    /// leave the day, or when the text has no time to move.
    static func moved(_ text: String, by minutes: Int) -> String? {
        let characters = Array(text)
        guard characters.count >= 16, characters[10] == "T", characters[13] == ":",
            let hour = Int(String(characters[11...12])), let minute = Int(String(characters[14...15]))
        else { return nil }
        let total = hour * 60 + minute + minutes
        guard (0..<24 * 60).contains(total) else { return nil }
        let clock = format2(total / 60) + ":" + format2(total % 60)
        return String(characters[..<11]) + clock + String(characters[16...])
    }

    private static func format2(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// The reasons for a dose not taken that the dataset already gives, in its order.
    private static func reasons(in resources: [JSONValue]) -> [JSONValue] {
        var seen: [JSONValue] = []
        for resource in resources {
            guard let reason = resource["statusReason"]?.arrayValue?.first, !seen.contains(reason) else { continue }
            seen.append(reason)
        }
        return seen
    }

    private static func dosesPerOrder(in resources: [JSONValue]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for resource in resources where resource["resourceType"] == "MedicationAdministration" {
            counts[resource["request"]?["reference"]?.stringValue ?? "", default: 0] += 1
        }
        return counts
    }
}
