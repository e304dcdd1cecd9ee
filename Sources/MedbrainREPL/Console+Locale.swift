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

    /// `text` without the control characters a server's data could carry to the terminal
    /// (clearing the screen, retitling the window): only newlines, tabs and colour codes stay.
    public static func printable(_ text: String) -> String {
        // Line breaks and tabs stay: only other control characters send text the slow way.
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", let length = colourCodeLength(scalars) {
                result.append(scalar)
                result.append(contentsOf: scalars.prefix(length))
                scalars = scalars.dropFirst(length)
            } else if !isControl(scalar) || scalar == "\n" || scalar == "\t" {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The length of `[1;31m` and the like after an escape: a colour code, nothing else.
    private static func colourCodeLength(_ scalars: Substring.UnicodeScalarView) -> Int? {
        guard scalars.first == "[" else { return nil }
        let body = scalars.dropFirst().prefix { ("0"..."9").contains($0) || $0 == ";" }
        guard body.count <= 16, scalars.dropFirst(1 + body.count).first == "m" else { return nil }
        return body.count + 2
    }

    private static let plainForms: [Character: String] = [
        "…": "...", "–": "-", "—": "-", "‘": "'", "’": "'", "“": "\"", "”": "\"", "„": "\"", "«": "\"", "»": "\"",
        "§": "sec. ", "ß": "ss", "×": "x", "µ": "u", "°": " deg", "·": ".", "\u{00A0}": " ", "€": "EUR",
    ]
}
