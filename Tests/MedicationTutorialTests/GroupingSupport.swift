import FHIRModel
import Foundation
import MedicationTutorial
import Testing

/// Administrations written as JSON in either version, read the way `medbrain group` reads them.
enum Doses {
    static func json(_ effective: String?, taken: Bool, version: FHIRVersion, period: Bool = false) -> String {
        switch version {
        case .dstu2:
            let date = effective.map {
                period ? #""effectiveTimePeriod": {"start": "\#($0)"}"# : #""effectiveTimeDateTime": "\#($0)""#
            }
            let members =
                [
                    #""resourceType": "MedicationAdministration""#, #""status": "completed""#,
                    #""patient": {"reference": "Patient/f001"}"#, #""medicationCodeableConcept": {"text": "x"}"#,
                ]
                + (taken ? [] : [#""wasNotGiven": true"#]) + (date.map { [$0] } ?? [])
            return "{" + members.joined(separator: ", ") + "}"
        case .r4, .r4b:
            let date = effective.map {
                period ? #""effectivePeriod": {"start": "\#($0)"}"# : #""effectiveDateTime": "\#($0)""#
            }
            let members =
                [
                    #""resourceType": "MedicationAdministration""#,
                    #""status": "\#(taken ? "completed" : "not-done")""#,
                    #""subject": {"reference": "Patient/f001"}"#, #""medicationCodeableConcept": {"text": "x"}"#,
                ]
                + (date.map { [$0] } ?? [])
            return "{" + members.joined(separator: ", ") + "}"
        case .stu3:
            let date = effective.map {
                period ? #""effectivePeriod": {"start": "\#($0)"}"# : #""effectiveDateTime": "\#($0)""#
            }
            let members =
                [
                    #""resourceType": "MedicationAdministration""#, #""status": "completed""#,
                    #""subject": {"reference": "Patient/f001"}"#, #""medicationCodeableConcept": {"text": "x"}"#,
                    #""notGiven": \#(!taken)"#,
                ]
                + (date.map { [$0] } ?? [])
            return "{" + members.joined(separator: ", ") + "}"
        case .r5:
            let date = effective.map {
                period ? #""occurencePeriod": {"start": "\#($0)"}"# : #""occurenceDateTime": "\#($0)""#
            }
            let members =
                [
                    #""resourceType": "MedicationAdministration""#,
                    #""status": "\#(taken ? "completed" : "not-done")""#,
                    #""subject": {"reference": "Patient/f001"}"#, #""medication": {"concept": {"text": "x"}}"#,
                ]
                + (date.map { [$0] } ?? [])
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    /// `dates` with `!` in front are not taken; nil is undated.
    static func administrations(_ dates: [String?], version: FHIRVersion) throws -> [Administration] {
        let items = dates.map { date -> String in
            let taken = !(date?.hasPrefix("!") ?? false)
            return json(date.map { taken ? $0 : String($0.dropFirst()) }, taken: taken, version: version)
        }
        return try AdministrationInput.administrations(jsonText: Array(("[" + items.joined(separator: ",") + "]").utf8))
    }

    static func zone(_ name: String) throws -> TimeZone { try #require(TimeZone(identifier: name)) }
    static func day(_ text: String) throws -> CivilDay { try #require(CivilDay(text)) }

    static func counts(_ groups: AdministrationGroups) -> [String] {
        groups.groups.map { "\($0.identifier) \($0.countTaken)/\($0.countNotTaken)" }
    }
}
