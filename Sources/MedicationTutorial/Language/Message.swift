/// One entry of a language file: a template, or templates chosen by a number's plural form.
///
/// The plural form looks like ICU's: `{"count": "times", "=1": "once", "=2": "twice",
/// "other": "{times} times"}` picks an exact value first, then the CLDR category, then `other`.
public enum Message: Sendable, Equatable {
    case text(MessageTemplate)
    case plural(argument: String, exact: [ExactForm], forms: [PluralCategory: MessageTemplate])

    /// A form for one exact number, such as `=2`.
    public struct ExactForm: Sendable, Equatable {
        let value: Double
        let template: MessageTemplate
    }

    /// Picks the form for `number` (the text of the plural argument) and fills it.
    public func render(number: Substring?, rules: PluralRules, _ arguments: [(String, String)]) -> String {
        template(for: number, rules: rules).render(arguments)
    }

    func template(for number: Substring?, rules: PluralRules) -> MessageTemplate {
        switch self {
        case .text(let template):
            return template
        case .plural(_, let exact, let forms):
            guard let number else { return forms[.other] ?? MessageTemplate("") }
            if let value = Double(number), let form = exact.first(where: { $0.value == value }) {
                return form.template
            }
            return forms[rules.category(of: number)] ?? forms[.other] ?? MessageTemplate("")
        }
    }
}
