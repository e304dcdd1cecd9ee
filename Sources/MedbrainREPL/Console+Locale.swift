import Foundation

extension Console {
    /// Whether the locale the environment names is UTF-8, as the C library decides it:
    /// the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set; none means the C locale.
    public static func localeIsUTF8(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let lowered = name.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// `text` in ASCII for a terminal that shows nothing else: typographic marks become
    /// their plain forms, accents are dropped (`Müller` → `Muller`), anything left is `?`.
    public static func ascii(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        var result = ""
        for character in text {
            if character.isASCII {
                result.append(character)
            } else if let plain = plainForms[character] {
                result += plain
            } else {
                let folded = String(character).folding(
                    options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
                result += folded.allSatisfy(\.isASCII) ? folded : "?"
            }
        }
        return result
    }

    private static let plainForms: [Character: String] = [
        "…": "...", "–": "-", "—": "-", "‘": "'", "’": "'", "“": "\"", "”": "\"", "„": "\"", "«": "\"", "»": "\"",
        "§": "sec. ", "ß": "ss", "×": "x", "µ": "u", "°": " deg", "·": ".", "\u{00A0}": " ", "€": "EUR",
    ]
}
