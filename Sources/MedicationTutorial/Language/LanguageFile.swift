import FHIRModel

/// Typed reads from a language file's JSON, each failure naming the member at fault.
struct LanguageFile {
    let object: JSONObject
    let source: String

    private func value(_ path: [String]) throws(FileError) -> JSONValue {
        var current = JSONValue.object(object)
        for key in path {
            guard let next = current[key] else {
                throw FileError(file: source, problem: "\(path.joined(separator: ".")) is missing")
            }
            current = next
        }
        return current
    }

    func string(_ path: String...) throws(FileError) -> String {
        guard let text = try value(path).stringValue else {
            throw FileError(file: source, problem: "\(path.joined(separator: ".")) must be a string")
        }
        return text
    }

    func table(_ key: String) throws(FileError) -> JSONObject {
        guard let table = try value([key]).objectValue else {
            throw FileError(file: source, problem: "\(key) must be an object")
        }
        return table
    }

    func strings(_ key: String) throws(FileError) -> [String: String] {
        var result: [String: String] = [:]
        for (entry, value) in try table(key).members {
            guard let text = value.stringValue else {
                throw FileError(file: source, problem: "\(key).\(entry) must be a string")
            }
            result[entry] = text
        }
        return result
    }

    func stringList(_ key: String, count: Int) throws(FileError) -> [String] {
        let items = try value([key]).arrayValue?.compactMap(\.stringValue) ?? []
        guard items.count == count else { throw FileError(file: source, problem: "\(key) must list \(count) strings") }
        return items
    }

    func messages(_ key: String) throws(FileError) -> [String: Message] {
        var result: [String: Message] = [:]
        for (entry, value) in try table(key).members {
            result[entry] = try message(value, at: "\(key).\(entry)")
        }
        return result
    }

    /// A string, or an object of plural forms: `count` names the argument, `=N` and CLDR
    /// categories name the forms, and `other` is required.
    func message(_ value: JSONValue, at path: String) throws(FileError) -> Message {
        if let text = value.stringValue { return .text(MessageTemplate(text)) }
        guard let forms = value.objectValue else {
            throw FileError(file: source, problem: "\(path) must be a string or an object")
        }
        var exact: [Message.ExactForm] = []
        var categories: [PluralCategory: MessageTemplate] = [:]
        var argument = ""
        for (name, form) in forms.members {
            guard let text = form.stringValue else {
                throw FileError(file: source, problem: "\(path).\(name) must be a string")
            }
            if name == "count" {
                argument = text
            } else if name.hasPrefix("="), let number = Double(name.dropFirst()) {
                exact.append(Message.ExactForm(value: number, template: MessageTemplate(text)))
            } else if let category = PluralCategory(rawValue: name) {
                categories[category] = MessageTemplate(text)
            } else {
                throw FileError(file: source, problem: "\(path).\(name) is neither '=N' nor a plural category")
            }
        }
        guard categories[.other] != nil else { throw FileError(file: source, problem: "\(path) needs an 'other' form") }
        return .plural(argument: argument, exact: exact, forms: categories)
    }

    func pluralRules() throws(FileError) -> PluralRules {
        var rules: [(PluralCategory, PluralRule)] = []
        for (name, value) in try table("pluralRules").members {
            guard let category = PluralCategory(rawValue: name), let text = value.stringValue else {
                throw FileError(file: source, problem: "pluralRules.\(name): expected a CLDR category and a rule")
            }
            do { rules.append((category, try PluralRule(parsing: text))) } catch {
                throw FileError(file: source, problem: "pluralRules.\(name): \(error.problem)")
            }
        }
        return PluralRules(rules.filter { $0.0 != .other })
    }

    func sentenceShape() throws(FileError) -> Language.SentenceShape {
        let order = try value(["sentence", "order"]).arrayValue?.compactMap(\.stringValue) ?? []
        var kinds: [InstructionPart.Kind] = []
        for name in order {
            guard let kind = InstructionPart.Kind(rawValue: name) else {
                throw FileError(file: source, problem: "sentence.order: unknown part '\(name)'")
            }
            guard !kinds.contains(kind) else {
                throw FileError(file: source, problem: "sentence.order: '\(name)' twice")
            }
            kinds.append(kind)
        }
        // A part the order leaves out would vanish from the sentence; better at the end than lost.
        kinds += InstructionPart.Kind.allCases.filter { !kinds.contains($0) }
        var separators: [InstructionPart.Kind: String] = [:]
        for (name, value) in (try value(["sentence", "separators"]).objectValue ?? JSONObject()).members {
            guard let kind = InstructionPart.Kind(rawValue: name), let text = value.stringValue else {
                throw FileError(file: source, problem: "sentence.separators.\(name): unknown part or not a string")
            }
            separators[kind] = text
        }
        let capitalize = (try? value(["sentence", "capitalize"])) == .bool(true)
        return .init(
            order: kinds, separator: try string("sentence", "separator"), separators: separators, capitalize: capitalize
        )
    }

    func eventPhrases() throws(FileError) -> [String: Language.EventPhrase] {
        var result: [String: Language.EventPhrase] = [:]
        for (code, value) in try table("when").members {
            if let text = value.stringValue {
                result[code] = .init(text: text, offset: nil)
            } else if let text = value["text"]?.stringValue {
                result[code] = .init(text: text, offset: value["offset"]?.stringValue.map(MessageTemplate.init))
            } else {
                throw FileError(file: source, problem: "when.\(code) must be a string or {\"text\", \"offset\"}")
            }
        }
        return result
    }
}
