import FHIRModel
import Foundation
import ResultTables

/// How the generic commands show what the server answered, keep it for `show` and `page`, and
/// save it (`> FILE`).
struct Presenter {
    let context: CommandContext

    /// The Bundle as tables fitting the console (see ``ResultLines``).
    func bundleLines(_ bundle: FHIRModel.Bundle, request: String) -> [String] {
        ResultLines.bundle(bundle, request: request, width: context.console.width)
    }

    /// Remembers `result` for `show` and `page`, then prints it, or writes it to `file`.
    func present(_ result: ExploreResult, savingTo file: String?) throws {
        context.session.result = result
        if let file { return try save(result.json, to: file) }
        switch context.settings.current.format {
        case .json: context.console.output(result.json.prettyText + "\n")
        case .table: context.console.output(lines(of: result).map { $0 + "\n" }.joined())
        }
    }

    /// For people: a Bundle as tables, one per resource type; a resource as its JSON.
    private func lines(of result: ExploreResult) -> [String] {
        guard let bundle = result.bundle else { return [result.json.prettyText] }
        return bundleLines(bundle, request: result.request)
    }

    /// Any result as tables, a single resource as a table of one row.
    func table(of result: ExploreResult) -> [String] {
        if let bundle = result.bundle { return bundleLines(bundle, request: result.request) }
        return ResultLines.resource(result.json, width: context.console.width)
    }

    /// Writes `json` to `file` whole or not at all, and says so. Only a regular file is written
    /// (through a symbolic link to its target): a device, pipe or folder is refused, not replaced.
    func save(_ json: JSONValue, to file: String) throws {
        let path = URL(fileURLWithPath: (file as NSString).expandingTildeInPath).resolvingSymlinksInPath().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            guard !isFolder.boolValue, type == .typeRegular else {
                throw REPLError(
                    "cannot write \(file): \(isFolder.boolValue ? "it is a folder" : "it is not a regular file")")
            }
        }
        do {
            try Data(json.prettyBytes + [10]).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).userInfo[NSUnderlyingErrorKey].map { "\($0)" } ?? error.localizedDescription
            throw REPLError("cannot write \(file): \(Presenter.plainReason(reason))")
        }
        context.say("saved \(ResultLines.summary(of: json)) to \(file)")
    }

    /// The part of a Foundation error a person can act on.
    static func plainReason(_ text: String) -> String {
        if text.contains("Permission denied") || text.contains("error 13") { return "permission denied" }
        if text.contains("No such file") || text.contains("doesn’t exist") || text.contains("error 2") {
            return "no such folder"
        }
        return text
    }

    /// Takes `> FILE` (or `>FILE`) off the end of the arguments.
    static func savingTarget(_ arguments: [String]) throws -> ([String], String?) {
        guard let last = arguments.last else { return (arguments, nil) }
        if last == ">" { throw REPLError("'>' needs a file name after it") }
        if arguments.count >= 2, arguments[arguments.count - 2] == ">" {
            return (Array(arguments.dropLast(2)), last)
        }
        if last.hasPrefix(">"), last.count > 1 { return (Array(arguments.dropLast()), String(last.dropFirst())) }
        return (arguments, nil)
    }
}
