/// The expected output of a step as patterns: literal lines, `[..]` within a line, `...`
/// for any lines, `[[name]]` to capture a value or repeat one captured before.
struct OutputPattern {
    enum Piece: Equatable {
        case text(String)
        case anyText
        case capture(String)
    }

    /// A line's pieces, or nil for `...`.
    let lines: [[Piece]?]

    init(_ expected: [String]) {
        lines = expected.map { $0 == "..." ? nil : Self.pieces(of: $0) }
    }

    static func pieces(of line: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(line)
        while !rest.isEmpty {
            if rest.hasPrefix("[..]") {
                pieces.append(.anyText)
                rest = rest.dropFirst(4)
            } else if rest.hasPrefix("[["), let close = rest.range(of: "]]"),
                case let name = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound],
                !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                pieces.append(.capture(String(name)))
                rest = rest[close.upperBound...]
            } else {
                let next = rest.dropFirst().firstIndex { $0 == "[" } ?? rest.endIndex
                if case .text(let previous)? = pieces.last {
                    pieces[pieces.count - 1] = .text(previous + rest[..<next])
                } else {
                    pieces.append(.text(String(rest[..<next])))
                }
                rest = rest[next...]
            }
        }
        return pieces
    }

    /// Whether `actual` matches, with the captures it makes added to `captures`.
    func match(_ actual: [String], captures: inout [String: String]) -> Bool {
        var memo: [Int: [String: String]?] = [:]
        guard let found = match(0, 0, actual, captures, &memo) else { return false }
        captures = found
        return true
    }

    /// Pattern lines from `p` against actual lines from `a`: the captures of the first way
    /// that matches, trying `...` as short as possible first.
    private func match(
        _ p: Int, _ a: Int, _ actual: [String], _ captures: [String: String], _ memo: inout [Int: [String: String]?]
    ) -> [String: String]? {
        let key = p * (actual.count + 1) + a
        if captures.isEmpty, let known = memo[key] { return known }
        let result: [String: String]?
        if p == lines.count {
            result = a == actual.count ? captures : nil
        } else if let pieces = lines[p] {
            result =
                a < actual.count
                ? Self.match(pieces[...], Substring(actual[a]), captures).flatMap {
                    match(p + 1, a + 1, actual, $0, &memo)
                } : nil
        } else {
            var found: [String: String]?
            for start in a...actual.count {
                found = match(p + 1, start, actual, captures, &memo)
                if found != nil { break }
            }
            result = found
        }
        if captures.isEmpty { memo[key] = result }
        return result
    }

    /// One line: the pieces against the text, captures bound on first use.
    static func match(_ pieces: ArraySlice<Piece>, _ text: Substring, _ captures: [String: String]) -> [String: String]?
    {
        guard let piece = pieces.first else { return text.isEmpty ? captures : nil }
        let rest = pieces.dropFirst()
        switch piece {
        case .text(let literal):
            return text.hasPrefix(literal) ? match(rest, text.dropFirst(literal.count), captures) : nil
        case .capture(let name) where captures[name] != nil:
            return match([.text(captures[name]!)] + rest, text, captures)
        case .anyText, .capture:
            // Shortest first; a capture takes at least one character.
            let start = piece == .anyText ? 0 : 1
            guard start <= text.count else { return nil }
            for length in start...text.count {
                var bound = captures
                if case .capture(let name) = piece { bound[name] = String(text.prefix(length)) }
                if let found = match(rest, text.dropFirst(length), bound) { return found }
            }
            return nil
        }
    }
}
