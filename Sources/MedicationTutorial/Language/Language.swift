/// The words of one language for dosage instructions, loaded from its language file.
///
/// Everything a translator decides lives in the file (`Languages/<code>.json`): the words,
/// the plural rules, the order of the sentence's parts and the separators between them.
/// Swift only decides which structure is there to be said.
public struct Language: Sendable {
    /// The file's code, such as `en` or `de`.
    public let code: String
    /// The language's own name for itself, such as `Deutsch`.
    public let name: String
    let pluralRules: PluralRules
    let decimalSeparator: String
    let listSeparator: String
    let listLastSeparator: String
    let sentence: SentenceShape
    let messages: [String: Message]
    let per: [String: String]
    /// `a day` as said of a limit ("no more than 4 a day"), where some languages differ.
    let perLimit: [String: String]
    let units: [String: Message]
    let doseUnits: [String: Message]
    let events: [String: EventPhrase]
    let timingCodes: [String: String]
    let routes: [String: String]
    let days: [String: String]
    let months: [String]
    let dates: [String: MessageTemplate]

    /// How an event of the day (`when`) is said, alone and with an offset in minutes.
    struct EventPhrase: Sendable {
        let text: String
        let offset: MessageTemplate?
    }

    /// The order of the sentence's parts and what goes between them.
    struct SentenceShape: Sendable {
        let order: [InstructionPart.Kind]
        let separator: String
        let separators: [InstructionPart.Kind: String]
        let capitalize: Bool
    }

    /// The messages the renderer asks for; a language file lacking one (after falling back
    /// to English) is refused when it loads, never discovered halfway through a sentence.
    static let requiredMessages = [
        "noInstructions", "unnamedMedication", "quoted", "quantity", "range", "times", "timesRange",
        "timesUpTo", "frequencyPer", "frequencyEvery", "every", "duration", "durationWithMax", "durationUpTo",
        "boundsDuration", "boundsAtLeast", "boundsUpTo", "boundsPeriod", "boundsFrom", "boundsUntil",
        "boundsPeriodCoarse", "boundsFromCoarse", "boundsUntilCoarse", "count",
        "dayOfWeek", "timeOfDay", "event", "whenOffset", "asNeeded", "asNeededFor", "maxDose", "maxDoseEvery",
        "dateTime",
    ]

    /// Renders message `key`; `number` (as written) picks its plural form.
    func message(_ key: String, number: Substring? = nil, _ arguments: [(String, String)] = []) -> String {
        guard let message = messages[key] else { return "{\(key)}" }
        return message.render(number: number, rules: pluralRules, arguments)
    }

    /// A number as this language writes it: the digits as given, the decimal separator its own.
    func number(_ text: Substring) -> String {
        guard decimalSeparator != ".", let point = text.firstIndex(of: ".") else { return String(text) }
        return text[..<point] + decimalSeparator + text[text.index(after: point)...]
    }

    /// Joins items as a list: `a`, `a and b`, `a, b and c`.
    func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: listSeparator) + listLastSeparator + items[items.count - 1]
    }

    /// A code or value Medbrain has no words for, quoted so the reader sees it is raw.
    func quoted(_ text: String) -> String { message("quoted", [("text", text)]) }
}
