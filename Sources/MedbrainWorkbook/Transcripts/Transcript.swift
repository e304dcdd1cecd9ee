import FHIRModel
import Foundation

/// A recorded session: commands after the prompt, each with the output it must print.
///
/// The text format (see `transcripts/README.md`) is plain and diff-friendly: `medbrain> `
/// starts a command, `% ` a comment, `%name value` a directive (`%server`, `%now`,
/// `%timezone`, `%width` in the header; `%pause` anywhere), and every other line is expected
/// output, where `[..]` matches any text within a line, `...` alone any lines, and
/// `[[name]]` captures a value the first time and repeats it afterwards.
public struct Transcript: Sendable, Equatable {
    /// A transcript is a lesson's length or a class's; a larger file is a mistake.
    public static let maximumFileSize = 1 << 20

    /// How the session starts: the built-in server's version (nil: not connected), the fixed
    /// clock, the time zone and the width of tables.
    public struct Header: Sendable, Equatable {
        public var server: FHIRVersion? = .dstu2
        public var now = Date(timeIntervalSince1970: 1_471_334_400)
        public var timeZone = "UTC"
        public var width = 80

        public init() {}
    }

    /// One command and what it must print (output and errors, in order).
    public struct Step: Sendable, Equatable {
        public var command: String
        /// The line of the command in the file, from 1.
        public var line: Int
        public var expected: [String]
        /// Comments and markers written before the command, kept for replay and re-recording.
        public var preamble: [String]
        /// Set by a `%pause` before the command: the instructor's marker, with its label.
        public var pause: String?
    }

    public var header: Header
    /// The header's own lines (directives and comments), kept for re-recording.
    public var headerLines: [String]
    public var steps: [Step]
    /// Comments after the last step's output.
    public var trailer: [String]

    /// The prompt that starts a command line, as the REPL shows it.
    public static let prompt = "medbrain> "
}
