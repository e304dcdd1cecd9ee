import FHIRModel
import Foundation

/// The languages Medbrain can render instructions in: every `<code>.json` it finds.
///
/// Adding a language is adding a file, to the bundled `Languages` folder or to a folder
/// named by `MEDBRAIN_LANGUAGES`; no Swift changes. English is complete and every other
/// file falls back to it for what it leaves out.
public struct LanguageCatalog: Sendable {
    /// The languages that loaded, by code.
    public let languages: [String: Language]
    /// Files that were found but could not be used; other languages still work.
    public let problems: [LanguageFileError]

    /// The codes of the languages that loaded, sorted.
    public var codes: [String] { languages.keys.sorted() }

    /// The language for `code`, or an error naming the languages there are.
    public func language(_ code: String) throws(LanguageLookupError) -> Language {
        if let language = languages[code] { return language }
        let problem = problems.first {
            URL(fileURLWithPath: $0.source).deletingPathExtension().lastPathComponent == code
        }
        throw LanguageLookupError(code: code, available: codes, problem: problem)
    }

    /// Loads the `.json` files of `directories`; a later directory's file replaces an earlier one's.
    public static func load(from directories: [URL]) -> LanguageCatalog {
        var files: [String: URL] = [:]
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names where name.hasSuffix(".json") {
                files[String(name.dropLast(5))] = directory.appendingPathComponent(name)
            }
        }
        var problems: [LanguageFileError] = []
        var english: JSONValue?
        if let url = files["en"] {
            do { english = try readJSON(url) } catch { problems.append(error) }
        }
        var languages: [String: Language] = [:]
        for (code, url) in files {
            do {
                var own = try readJSON(url)
                own = try Self.naming(own, code: code, source: url.path)
                languages[code] = try Language(json: own, fallback: code == "en" ? nil : english, source: url.path)
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
        return load(from: bundledDirectories + (extra ?? []))
    }

    /// Where the build put the `Languages` resources, with the sources as a last resort so
    /// a binary run from the build tree still finds them. Unlike `Bundle.module`, a missing
    /// folder is an error the user sees, not a crash.
    public static var bundledDirectories: [URL] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        // Foundation's `Bundle.main` lists every file beside the program to learn whether it is
        // a bundle, so it is asked only when the program's folder, from /proc, has no languages.
        for folder in [{ programDirectory }, { Bundle.main.bundleURL }, { sources }] {
            guard let folder = folder() else { continue }
            let candidates =
                folder == sources
                ? [sources.appendingPathComponent("Languages")]
                : [folder, folder.deletingLastPathComponent()].map {
                    $0.appendingPathComponent("medbrain_MedicationTutorial.resources").appendingPathComponent(
                        "Languages")
                }
            if let found = candidates.first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("en.json").path)
            }) {
                return [found]
            }
        }
        return []
    }

    /// The folder of the running program, links resolved; nil where /proc does not say.
    private static var programDirectory: URL? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map {
            URL(fileURLWithPath: $0).deletingLastPathComponent()
        }
    }

    private static func readJSON(_ url: URL) throws(LanguageFileError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LanguageFileError(url.path, "cannot be read")
        }
        do { return try JSONParser.parse(data) } catch { throw LanguageFileError(url.path, error.description) }
    }

    /// The file name is the language's code; the file must name the language itself.
    private static func naming(_ json: JSONValue, code: String, source: String) throws(LanguageFileError) -> JSONValue {
        guard case .object(var object) = json else { throw LanguageFileError(source, "expected a JSON object") }
        guard object["name"]?.stringValue != nil else { throw LanguageFileError(source, "name is missing") }
        if let stated = object["language"]?.stringValue, stated != code {
            throw LanguageFileError(source, "says it is '\(stated)' but is named \(code).json")
        }
        object["language"] = .string(code)
        return .object(object)
    }
}

/// A language that was asked for and is not there.
public struct LanguageLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: String
    public let available: [String]
    public let problem: LanguageFileError?

    public init(code: String, available: [String], problem: LanguageFileError?) {
        self.code = code
        self.available = available
        self.problem = problem
    }

    public var description: String {
        if let problem { return "language '\(code)' cannot be used: \(problem)" }
        return "unknown language '\(code)'; available: \(available.joined(separator: ", "))"
    }
}
