import FHIRModel
import Foundation

/// The languages Medbrain can render instructions in: every `<code>.json` it finds.
///
/// Adding a language is adding a file, to `Bundled/Languages` (compiled in) or to a folder
/// named by `MEDBRAIN_LANGUAGES`; no Swift changes. English is complete and every other
/// file falls back to it for what it leaves out.
public struct LanguageCatalog: Sendable {
    /// The languages that loaded, by code.
    public let languages: [String: Language]
    /// Files that were found but could not be used; other languages still work.
    public let problems: [FileError]

    /// The codes of the languages that loaded, sorted.
    public var codes: [String] { languages.keys.sorted() }

    /// The language for `code`, or an error naming the languages there are.
    public func language(_ code: String) throws(LanguageLookupError) -> Language {
        if let language = languages[code] { return language }
        let problem = problems.first {
            URL(fileURLWithPath: $0.file).deletingPathExtension().lastPathComponent == code
        }
        throw LanguageLookupError(code: code, available: codes, problem: problem)
    }

    /// Loads the `.json` files of `directories`; a later directory's file replaces an earlier one's.
    public static func load(from directories: [URL]) -> LanguageCatalog {
        load(files(in: directories))
    }

    /// Loads language files given as code (the file's name), source (for errors) and bytes.
    static func load(_ files: [(code: String, source: String, bytes: [UInt8]?)]) -> LanguageCatalog {
        var chosen: [String: (source: String, bytes: [UInt8]?)] = [:]
        for file in files { chosen[file.code] = (file.source, file.bytes) }
        var problems: [FileError] = []
        var english: JSONValue?
        if let file = chosen["en"] {
            do { english = try readJSON(file.bytes, source: file.source) } catch { problems.append(error) }
        }
        var languages: [String: Language] = [:]
        for (code, file) in chosen {
            do {
                var own = try readJSON(file.bytes, source: file.source)
                own = try Self.naming(own, code: code, source: file.source)
                languages[code] = try Language(json: own, fallback: code == "en" ? nil : english, source: file.source)
            } catch {
                if !problems.contains(error) { problems.append(error) }
            }
        }
        return LanguageCatalog(languages: languages, problems: problems)
    }

    /// The bundled languages, then those in `MEDBRAIN_LANGUAGES` (folders separated by `:`).
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> LanguageCatalog
    {
        let extra = environment["MEDBRAIN_LANGUAGES"].map {
            $0.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        return load(bundledFiles + files(in: extra ?? []))
    }

    /// The text of a bundled language file (`Bundled/Languages/CODE.json`, compiled in).
    public static func bundledText(_ code: String) -> String? {
        BundledFiles.text("Languages/\(code).json")
    }

    /// The language files compiled into the program.
    private static var bundledFiles: [(code: String, source: String, bytes: [UInt8]?)] {
        BundledFiles.paths.compactMap { path in
            guard path.hasPrefix("Languages/"), path.hasSuffix(".json") else { return nil }
            let code = String(path.dropFirst("Languages/".count).dropLast(".json".count))
            return (code, "built-in \(code).json", BundledFiles.text(path).map { Array($0.utf8) })
        }
    }

    /// The `.json` files of `directories`, in order.
    private static func files(in directories: [URL]) -> [(code: String, source: String, bytes: [UInt8]?)] {
        directories.flatMap { directory in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".json") }.sorted().map { name in
                let path = directory.appendingPathComponent(name).path
                return (String(name.dropLast(5)), path, FileManager.default.contents(atPath: path).map { [UInt8]($0) })
            }
        }
    }

    private static func readJSON(_ bytes: [UInt8]?, source: String) throws(FileError) -> JSONValue {
        guard let bytes else { throw FileError(file: source, problem: "cannot be read") }
        do { return try JSONParser.parse(bytes) } catch { throw FileError(file: source, problem: error.description) }
    }

    /// The file name is the language's code; the file must name the language itself.
    private static func naming(_ json: JSONValue, code: String, source: String) throws(FileError) -> JSONValue {
        guard case .object(var object) = json else { throw FileError(file: source, problem: "expected a JSON object") }
        guard object["name"]?.stringValue != nil else { throw FileError(file: source, problem: "name is missing") }
        if let stated = object["language"]?.stringValue, stated != code {
            throw FileError(file: source, problem: "says it is '\(stated)' but is named \(code).json")
        }
        object["language"] = .string(code)
        return .object(object)
    }
}

/// A language that was asked for and is not there.
public struct LanguageLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: String
    public let available: [String]
    public let problem: FileError?

    public init(code: String, available: [String], problem: FileError?) {
        self.code = code
        self.available = available
        self.problem = problem
    }

    public var description: String {
        if let problem { return "language '\(code)' cannot be used: \(problem)" }
        return "unknown language '\(code)'; available: \(available.joined(separator: ", "))"
    }
}
