import Foundation

/// FHIRPath §5.6, string manipulation. Positions count characters, from 0.
extension FunctionLibrary {
    static var strings: [String: FHIRPathFunction] {
        [
            "indexOf": textFunction(1) { text, args in
                guard let part = args[0] else { return [] }
                return [.integer(position(of: part, in: text, last: false))]
            },
            "lastIndexOf": textFunction(1) { text, args in
                guard let part = args[0] else { return [] }
                return [.integer(position(of: part, in: text, last: true))]
            },
            "substring": FHIRPathFunction(1...2) { evaluator, call throws(FHIRPathError) in
                guard let text = try call.stringInput(), let start = try call.integerArgument(0, evaluator) else {
                    return []
                }
                let characters = Array(text)
                guard start >= 0, start < characters.count else { return [] }
                let length = call.arguments.count > 1 ? try call.integerArgument(1, evaluator) : nil
                let end = length.map { min(characters.count, start + max(0, $0)) } ?? characters.count
                return [.string(String(characters[start..<end]))]
            },
            "startsWith": textFunction(1) { text, args in args[0].map { [.boolean(text.hasPrefix($0))] } ?? [] },
            "endsWith": textFunction(1) { text, args in args[0].map { [.boolean(text.hasSuffix($0))] } ?? [] },
            "contains": textFunction(1) { text, args in
                args[0].map { [.boolean($0.isEmpty || text.contains($0))] } ?? []
            },
            "upper": textFunction(0) { text, _ in [.string(text.uppercased())] },
            "lower": textFunction(0) { text, _ in [.string(text.lowercased())] },
            "replace": textFunction(2) { text, args in
                guard let pattern = args[0], let substitution = args[1] else { return [] }
                if pattern.isEmpty { return [.string(substitution + text.map { String($0) + substitution }.joined())] }
                return [.string(text.replacingOccurrences(of: pattern, with: substitution))]
            },
            "matches": regexFunction(1) { text, regex, _ in [.boolean(regex.firstMatch(in: text) != nil)] },
            "matchesFull": regexFunction(1) { text, regex, _ in
                [
                    .boolean(
                        regex.firstMatch(in: text).map { $0.range == NSRange(text.startIndex..., in: text) } ?? false)
                ]
            },
            "replaceMatches": regexFunction(2) { text, regex, args in
                guard let substitution = args[1] else { return [] }
                // An empty pattern matches nowhere in particular: the text stays as it is.
                if args[0] == "" { return [.string(text)] }
                let range = NSRange(text.startIndex..., in: text)
                return [.string(regex.stringByReplacingMatches(in: text, range: range, withTemplate: substitution))]
            },
            "length": textFunction(0) { text, _ in [.integer(text.count)] },
            "toChars": textFunction(0) { text, _ in text.map { .string(String($0)) } },
            "trim": textFunction(0) { text, _ in [.string(text.trimmingCharacters(in: .whitespacesAndNewlines))] },
            "split": textFunction(1) { text, args in
                guard let separator = args[0] else { return [] }
                return text.components(separatedBy: separator).map { .string($0) }
            },
            "join": FHIRPathFunction(0...1) { evaluator, call throws(FHIRPathError) in
                let separator = try call.stringArgument(0, evaluator) ?? ""
                var parts: [String] = []
                for item in call.input {
                    guard case .string(let text) = item.systemValue else {
                        throw FHIRPathError(.execution, "join() joins strings, not \(item.typeName)")
                    }
                    parts.append(text)
                }
                return [.string(parts.joined(separator: separator))]
            },
        ]
    }

    typealias TextBody = @Sendable (String, [String?]) throws(FHIRPathError) -> [FHIRPathValue]

    /// A function of one string input and `count` string arguments; an empty input gives empty.
    static func textFunction(_ count: Int, _ body: @escaping TextBody) -> FHIRPathFunction {
        FHIRPathFunction(count) { evaluator, call throws(FHIRPathError) in
            guard let text = try call.stringInput() else { return [] }
            var arguments: [String?] = []
            for index in 0..<count { arguments.append(try call.stringArgument(index, evaluator)) }
            return try body(text, arguments)
        }
    }

    /// A string function whose first argument is a regular expression (`.` matches newlines,
    /// as FHIRPath's single-line mode asks).
    static func regexFunction(
        _ count: Int, _ body: @escaping @Sendable (String, NSRegularExpression, [String?]) -> [FHIRPathValue]
    )
        -> FHIRPathFunction
    {
        textFunction(count) { text, arguments throws(FHIRPathError) in
            guard let pattern = arguments[0] else { return [] }
            let regex: NSRegularExpression
            do {
                regex = try NSRegularExpression(
                    pattern: pattern.isEmpty ? "(?:)" : pattern, options: [.dotMatchesLineSeparators])
            } catch {
                throw FHIRPathError(.execution, "'\(pattern)' is not a valid regular expression")
            }
            return body(text, regex, arguments)
        }
    }

    private static func position(of part: String, in text: String, last: Bool) -> Int {
        if part.isEmpty { return last ? text.count : 0 }
        guard let range = text.range(of: part, options: last ? .backwards : []) else { return -1 }
        return text.distance(from: text.startIndex, to: range.lowerBound)
    }
}

extension NSRegularExpression {
    func firstMatch(in text: String) -> NSTextCheckingResult? {
        firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    }
}
