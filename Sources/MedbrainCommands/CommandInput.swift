import ArgumentParser
import FHIRModel
import Foundation

/// A command's JSON input: a file, or standard input when piped.
enum CommandInput {
    /// JSON input larger than this is refused: 256 MiB holds about a million administrations.
    static let maximumBytes = 256 << 20

    /// The bytes of `file` (or standard input for `-`), at most `limit` of them.
    static func read(_ file: String, limit: Int = maximumBytes) throws -> Data {
        let data = try readAll(file, limit: limit)
        guard data.count <= limit else {
            throw CommandFailure("\(name(file)) is larger than \(limit >> 20) MiB, the most this command reads")
        }
        return data
    }

    private static func readAll(_ file: String, limit: Int) throws -> Data {
        if file == "-" {
            guard isatty(STDIN_FILENO) == 0 else {
                throw ValidationError("give a JSON file, or pipe JSON into standard input")
            }
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard !data.isEmpty else {
                throw CommandFailure("standard input is empty: pipe JSON into it or give a FILE")
            }
            return data
        }
        // Refused before it is read, so a huge file costs nothing.
        if let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > limit {
            throw CommandFailure("\(file) is larger than \(limit >> 20) MiB, the most this command reads")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure("cannot read \(file): no such file or not readable")
        }
        return data
    }

    static func name(_ file: String) -> String { file == "-" ? "standard input" : file }

    /// The JSON of `file` (or standard input for `-`) parsed, its bytes read straight into the
    /// tape: the fast path for inputs of many megabytes (`fhirpath` on a large Bundle).
    static func tape(_ file: String, limit: Int = maximumBytes) throws -> JSONTape {
        let descriptor: Int32
        if file == "-" {
            guard isatty(STDIN_FILENO) == 0 else {
                throw ValidationError("give a JSON file, or pipe JSON into standard input")
            }
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(file, O_RDONLY)
            guard descriptor >= 0 else { throw CommandFailure("cannot read \(file): no such file or not readable") }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        do { return try JSONTape(reading: descriptor, limit: limit) } catch {
            switch error {
            case .empty where file == "-":
                throw CommandFailure("standard input is empty: pipe JSON into it or give a FILE")
            case .syntax(let syntax): throw CommandFailure("\(name(file)): \(syntax)")
            default: throw CommandFailure("\(name(file)) \(error)")
            }
        }
    }
}

/// The terminal's width, for output that can use it.
enum Terminal {
    /// Columns of the terminal on standard output, else `COLUMNS`, else 80; between 40 and 1000.
    static var columns: Int {
        var size = winsize()
        let measured =
            isatty(STDOUT_FILENO) == 1 && ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
            ? Int(size.ws_col) : ProcessInfo.processInfo.environment["COLUMNS"].flatMap { Int($0) } ?? 80
        return min(max(measured, 40), 1000)
    }
}
