import FHIRModel

extension Language {
    /// Reads a language file's JSON; members it leaves out come from `fallback` (English).
    ///
    /// Tables merge entry by entry, so a translator may start with a few entries. Plural
    /// rules and month names are replaced whole: another language's categories never leak in.
    public init(json: JSONValue, fallback: JSONValue? = nil, source: String) throws(FileError) {
        guard case .object(let own) = json else { throw FileError(file: source, problem: "expected a JSON object") }
        let file = LanguageFile(object: Self.merge(own, over: fallback?.objectValue), source: source)
        code = try file.string("language")
        name = try file.string("name")
        pluralRules = try file.pluralRules()
        decimalSeparator = try file.string("number", "decimalSeparator")
        (listSeparator, listLastSeparator) = (
            try file.string("list", "separator"), try file.string("list", "lastSeparator")
        )
        sentence = try file.sentenceShape()
        messages = try file.messages("messages")
        per = try file.strings("per")
        perLimit = (try? file.strings("perLimit")) ?? [:]
        units = try file.messages("units")
        doseUnits = try file.messages("doseUnits")
        events = try file.eventPhrases()
        timingCodes = try file.strings("timingCodes")
        routes = try file.strings("routes")
        days = try file.strings("days")
        months = try file.stringList("months", count: 12)
        let rules = pluralRules
        dates = try file.messages("dates").mapValues { $0.template(for: nil, rules: rules) }
        for key in Self.requiredMessages where messages[key] == nil {
            throw FileError(file: source, problem: "messages.\(key) is missing")
        }
        for key in ["day", "month", "year"] where dates[key] == nil {
            throw FileError(file: source, problem: "dates.\(key) is missing")
        }
    }

    /// Reads a language file's text.
    public init(jsonText: String, fallback: JSONValue? = nil, source: String) throws(FileError) {
        let json: JSONValue
        do { json = try JSONParser.parse(jsonText) } catch { throw FileError(file: source, problem: error.description) }
        try self.init(json: json, fallback: fallback, source: source)
    }

    static func merge(_ own: JSONObject, over fallback: JSONObject?) -> JSONObject {
        guard var merged = fallback else { return own }
        for (key, value) in own.members {
            if key != "pluralRules", case .object(let table) = value, case .object(var base)? = merged[key] {
                for (entry, entryValue) in table.members { base[entry] = entryValue }
                merged[key] = .object(base)
            } else {
                merged[key] = value
            }
        }
        return merged
    }
}
