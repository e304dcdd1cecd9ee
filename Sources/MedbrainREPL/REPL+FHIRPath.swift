import FHIRModel
import FHIRPath

/// `fhirpath`: FHIR's own query language on what the session holds, and `search --where`.
extension REPL {
    /// `fhirpath [@FILE] EXPRESSION`: evaluates on the file, or on the last result (a search's
    /// Bundle, a `read`, a `get`, what `show` shows); an expression that reads no resource
    /// (`today() - 1 year`) needs neither.
    func fhirpath(_ arguments: [String]) throws {
        guard let first = arguments.first else { throw UsageError() }
        let file = first.hasPrefix("@") ? first : nil
        let words = arguments.dropFirst(file == nil ? 0 : 1)
        guard !words.isEmpty else { throw UsageError() }
        let expression = try parseFHIRPath(words.joined(separator: " "))
        let resource: JSONValue?
        if let file {
            resource = try ResourceInput.read(file)
        } else if let result = session.result {
            resource = result.json
        } else if expression.readsInput {
            throw REPLError("nothing to evaluate on yet: 'search', 'read' or 'get' first, or give @FILE")
        } else {
            resource = nil
        }
        let items: [FHIRPathValue]
        do { items = try expression.evaluate(on: resource, environment: fhirPathEnvironment()) } catch {
            throw REPLError(error.description)
        }
        show(items.jsonArray, lines: items.textLines)
    }

    /// Parses an expression; a syntax error shows the line with a caret under the place first.
    func parseFHIRPath(_ text: String) throws -> FHIRPathExpression {
        do { return try FHIRPathExpression(text) } catch {
            if let caret = error.caretLines, console.interactive {
                console.error(caret.map { "  " + $0 + "\n" }.joined())
            }
            throw REPLError(error.description)
        }
    }

    /// The session's clock and zone, R4's types on an R4 or R4B server, `trace()` to the console,
    /// and the evaluation stopped by Ctrl-C or past `fhirpath-limit`.
    func fhirPathEnvironment() -> FHIRPathEnvironment {
        let console = console
        var environment = FHIRPathEnvironment(now: clock(), timeZone: settings.current.timeZone)
        // R4's types only where they are R4's; elsewhere the lenient reading that knows no types.
        environment.model = [.r4, .r4b].contains(session.client?.server.release) ? .r4 : nil
        environment.trace = { name, items in
            console.error("trace \(name): \(items.textLines.joined(separator: "; "))\n")
        }
        // Ctrl-C cancels the command's requests and its evaluation alike; the session stays.
        let cancellation = cancellation
        environment.isCancelled = { cancellation.isCancelled }
        environment.timeLimit = .milliseconds(Int(settings.current.fhirpathLimit * 1000))
        environment.timeLimitHint = "set fhirpath-limit SECONDS to change it"
        return environment
    }

    /// `search … --where EXPRESSION`: the words without the option, and the expression.
    static func whereOption(_ arguments: [String]) throws -> ([String], String?) {
        guard let index = arguments.firstIndex(of: "--where") else { return (arguments, nil) }
        guard index + 1 < arguments.count else {
            throw REPLError("--where needs an expression, such as --where \"status = 'completed'\"")
        }
        var rest = arguments
        let expression = rest[index + 1]
        rest.removeSubrange(index...(index + 1))
        return (rest, expression)
    }

    /// Keeps the Bundle's matches for which `expression` is true (included resources stay).
    func keep(_ bundle: FHIRModel.Bundle, where expression: FHIRPathExpression) throws -> (FHIRModel.Bundle, Int, Int) {
        var kept = bundle
        let environment = fhirPathEnvironment()
        var matches = 0
        kept.entry = try bundle.entry.filter { entry in
            guard let resource = entry.resource, entry.search?.mode != "include" else { return true }
            matches += 1
            do { return try expression.isTrue(on: resource, environment: environment) } catch {
                throw REPLError("--where: \(error)")
            }
        }
        let left = kept.entry.filter { $0.resource != nil && $0.search?.mode != "include" }.count
        return (kept, left, matches)
    }

    /// Tab after `fhirpath`: the element names of the result at hand (of what the expression
    /// before the last `.` gives), then the function names.
    func fhirPathCompletions(_ words: [String]) -> [String] {
        let typed = words.last ?? ""
        let base: String?
        let partial: Substring
        if let dot = typed.lastIndex(of: ".") {
            base = String(typed[..<dot])
            partial = typed[typed.index(after: dot)...]
        } else {
            (base, partial) = (nil, Substring(typed))
        }
        var names = elementNames(at: base)
        if base == nil, let type = session.result?.json["resourceType"]?.stringValue { names.insert(type, at: 0) }
        names += FHIRPathExpression.functionNames.map { $0 + "(" }
        let prefix = base.map { $0 + "." } ?? ""
        return names.filter { $0.hasPrefix(partial) }.map { prefix + $0 }
    }

    /// The element names of the objects the expression gives on the last result (`resourceType`
    /// aside), choices by their FHIRPath names.
    private func elementNames(at base: String?) -> [String] {
        guard let json = session.result?.json else { return [] }
        var items: [FHIRPathValue] = [.element(FHIRPathElement(resource: json))]
        if let base, !base.isEmpty, !base.hasPrefix("@") {
            guard let expression = try? FHIRPathExpression(base),
                let found = try? expression.evaluate(on: json, environment: fhirPathEnvironment())
            else { return [] }
            items = found
        }
        var names: [String] = []
        for case .element(let element) in items.prefix(200) {
            for key in element.json.objectValue?.keys ?? [] where key != "resourceType" {
                let name = FHIRPathExpression.elementName(ofKey: key, in: element)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names.sorted()
    }
}
