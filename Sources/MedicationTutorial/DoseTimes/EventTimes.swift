/// The times of day a `when` code (FHIR's EventTiming) names on the patient's day.
///
/// Meal and sleep codes follow the patient's settings; the parts of the day (MORN, EVE, …) have
/// fixed times. How the offset is read comes from the code's definition: before for AC… and
/// HS, after for everything else (docs/dose-times.md).
struct EventTimes {
    let day: PatientDay

    /// Minutes after midnight (which may run past either end of the day after an offset).
    func minutes(of code: String, offset: Int?) throws(DoseTimeError) -> [Int] {
        let meals = [day.breakfast, day.lunch, day.dinner]
        switch code {
        case "WAKE": return [day.wake + (offset ?? 0)]
        case "HS": return [day.sleep - (offset ?? 0)]
        case "PHS": return [day.sleep + (offset ?? 0)]
        case "C", "CM", "CD", "CV": return Self.pick(code, from: meals)
        case "AC", "ACM", "ACD", "ACV":
            return Self.pick(code, from: meals).map { $0 - (offset ?? Self.mealOffset) }
        case "PC", "PCM", "PCD", "PCV":
            return Self.pick(code, from: meals).map { $0 + (offset ?? Self.mealOffset) }
        case "IC", "ICM", "ICD", "ICV":
            // Bedtime after midnight is later than dinner, not earlier.
            let after = [day.lunch, day.dinner, day.sleep < day.dinner ? day.sleep + 1440 : day.sleep]
            let between = zip(meals, after).map { meal, next in offset.map { meal + $0 } ?? (meal + next) / 2 }
            return Self.pick(code, from: between)
        default:
            guard let time = Self.partsOfDay[code] else {
                throw DoseTimeError("the 'when' code \(code) names no time of day")
            }
            return [time + (offset ?? 0)]
        }
    }

    /// How far before or after a meal AC… and PC… fall when the Timing gives no offset.
    static let mealOffset = 30

    static let partsOfDay: [String: Int] = [
        "MORN.early": 6 * 60, "MORN": 8 * 60, "MORN.late": 10 * 60, "NOON": 12 * 60,
        "AFT.early": 13 * 60, "AFT": 15 * 60, "AFT.late": 17 * 60,
        "EVE.early": 18 * 60, "EVE": 19 * 60, "EVE.late": 21 * 60, "NIGHT": 23 * 60,
    ]

    /// All three meals for a code without a meal letter, else the one its last letter names.
    private static func pick(_ code: String, from times: [Int]) -> [Int] {
        switch ["C", "AC", "PC", "IC"].contains(code) ? nil : code.last {
        case "M": [times[0]]
        case "D": [times[1]]
        case "V": [times[2]]
        default: times
        }
    }
}
