import FHIRModel
import Foundation
import Testing

/// The README's table of releases says what the release list says: a row per release Medbrain
/// knows, in order, each with the numbers that name it, then the row for any other.
@Suite("the README's releases")
struct READMEReleasesTests {
    /// The first cell of each row of the table under "| release (`fhirVersion`) |".
    static func firstCells() throws -> [String] {
        let text = try String(contentsOf: READMECommandsTests.readme, encoding: .utf8)
        guard let header = text.range(of: "\n| release (`fhirVersion`) |"),
            let end = text.range(of: "\n\n", range: header.upperBound..<text.endIndex)
        else { throw READMEError("no table of releases") }
        return text[header.upperBound..<end.lowerBound].split(separator: "\n").dropFirst()
            .filter { $0.hasPrefix("| ") }.map { READMECommandsTests.firstCell(of: String($0)) }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func everyKnownReleaseHasItsRow() throws {
        let cells = try Self.firstCells()
        #expect(cells.map { String($0.prefix { $0 != " " }) } == StatedRelease.known.map(\.displayName) + ["any"])
        for (cell, release) in zip(cells, StatedRelease.known) {
            // `DSTU2 (1.0.x)`: the numbers in brackets are read as this release.
            let number = cell.drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }.replacingOccurrences(
                of: "x", with: "0")
            #expect(StatedRelease(number: number) == release, "\(cell)")
        }
    }
}
