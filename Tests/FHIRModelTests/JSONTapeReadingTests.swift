import Foundation
import Testing

@testable import FHIRModel

/// A tape read straight from a file or a pipe: the same document as parsing its bytes, every
/// way the read can fail said, and input larger than the first guess grown into.
@Suite("reading a tape from a file descriptor")
struct JSONTapeReadingTests {
    /// A descriptor open on `text`: a temporary file, or the read end of a pipe a thread fills.
    static func descriptor(_ text: String, pipe: Bool) throws -> Int32 {
        let bytes = Array(text.utf8)
        guard pipe else {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tape-\(UUID()).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            defer { unlink(path) }
            return open(path, O_RDONLY)
        }
        // A reader that stops early (too large) closes its end while the writer still writes.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        #expect(Foundation.pipe(&ends) == 0)
        let writeEnd = ends[1]
        Thread.detachNewThread {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = write(writeEnd, buffer.baseAddress! + offset, buffer.count - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        return ends[0]
    }

    /// Larger than the first 64 KiB a pipe's read starts with, so the memory grows.
    static let large = "[" + (0..<20_000).map { "{\"id\":\"\($0)\"}" }.joined(separator: ",") + "]"

    @Test(arguments: [false, true])
    func readsWhatParsingTheBytesGives(pipe: Bool) throws {
        for text in [#"{"resourceType": "Patient", "id": "p1"}"#, Self.large] {
            let descriptor = try Self.descriptor(text, pipe: pipe)
            defer { close(descriptor) }
            let tape = try JSONTape(reading: descriptor, limit: 1 << 20)
            #expect(tape.value(at: 0) == (try JSONParser.parse(text)))
        }
    }

    @Test(arguments: [false, true])
    func eachFailureIsSaid(pipe: Bool) throws {
        let cases: [(String, Int, String)] = [
            ("", 100, "is empty"), (Self.large, 1000, "is larger than 0 MiB, the most this command reads"),
            ("{\"a\": }", 100, "line 1, column 7: unexpected character '}', expected a value"),
        ]
        for (text, limit, message) in cases {
            let descriptor = try Self.descriptor(text, pipe: pipe)
            defer { close(descriptor) }
            #expect(throws: JSONReadError.self) { try JSONTape(reading: descriptor, limit: limit) }
            let again = try Self.descriptor(text, pipe: pipe)
            defer { close(again) }
            do {
                _ = try JSONTape(reading: again, limit: limit)
            } catch {
                #expect(error.description.hasSuffix(message), "\(pipe ? "pipe" : "file"): \(error)")
            }
        }
    }

    @Test func aClosedDescriptorCannotBeRead() throws {
        do {
            _ = try JSONTape(reading: -1, limit: 100)
            Issue.record("read from -1")
        } catch {
            #expect(error.description == "cannot be read: Bad file descriptor")
        }
    }
}
