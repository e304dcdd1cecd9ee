import FHIRModel
import Foundation
import MedicationTutorial

/// The decode step's parts one after the other on one core, page by page as a client meets
/// them: reading the file, parsing it into a tape, decoding its administrations. Where
/// `decode` shows what a user waits for, this shows where that time goes.
struct DecodeParts {
    /// A folder of `page-N.json` files, as `decode ADMINISTRATIONS FOLDER` leaves them.
    let folder: String

    func run() throws -> [String] {
        let clock = ContinuousClock()
        var (reading, parsing, decoding) = (Swift.Duration.zero, Swift.Duration.zero, Swift.Duration.zero)
        var all: [Administration] = []
        for file in try pageFiles() {
            var page: [UInt8] = []
            reading += try clock.measure { page = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file))) }
            var resources: [JSONNode] = []
            parsing += try clock.measure { resources = try SearchsetPage(tape: try JSONTape(parsing: page)).resources }
            decoding += try clock.measure { all += try AdministrationInput(nodes: resources).administrations }
        }
        let freeing = clock.measure { all = [] }
        return [
            "decode parts, one core: read \(reading.millisecondsText) ms, parse \(parsing.millisecondsText) ms, "
                + "decode \(decoding.millisecondsText) ms, free \(freeing.millisecondsText) ms"
        ]
    }

    private func pageFiles() throws -> [String] {
        let count = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("page-") }.count
        guard count > 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder]) }
        return (0..<count).map { "\(folder)/page-\($0).json" }
    }
}
