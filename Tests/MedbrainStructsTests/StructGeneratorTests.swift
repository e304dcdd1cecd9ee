import Foundation
import Testing

@testable import medbrain_structs

/// The generator of the per-release structs: each element is typed from the release's table,
/// never by the spec, and a spec that names something the table lacks does not build.
@Suite("Per-release structs from the type tables")
struct StructGeneratorTests {
    static let table = """
        # a test table
        Thing : DomainResource
          code code 1..1
          count integer 0..1
          size positiveInt 0..1
          when code 0..*
          part Thing.part 0..*
          value[x] boolean|CodeableConcept 0..1
          odd[x] Attachment|Money 0..1
          bounds[x] Duration|Range|Period 0..1
        Thing.part : BackboneElement
          note string 0..1
        DomainResource : Resource
        """

    static func source(_ spec: String) throws -> String {
        let parsed = try StructSpec(text: spec)
        let emitter = StructEmitter(
            release: "R9", table: try TypeTable(text: table),
            names: Dictionary(parsed.declarations.map { ($0.path, $0.name) }, uniquingKeysWith: { a, _ in a }))
        return try parsed.declarations.map { declaration throws in try emitter.source(of: declaration) }
            .joined()
    }

    @Test("types and cardinality come from the table")
    func typedFromTable() throws {
        let source = try Self.source(
            "struct R9.Thing : Thing\n  code\n  count\n  size\n  when\n  part\nstruct R9.Part : Thing.part\n  note\n")
        #expect(source.contains("public var code: String?"))
        #expect(source.contains("count = try reader.integer(\"count\")"))
        #expect(source.contains("size = try reader.positiveInt(\"size\")"))
        #expect(source.contains("public var when: [String] = []"))
        #expect(source.contains("when = try reader.strings(\"when\")"))
        // A backbone element is the struct the spec declares for its path.
        #expect(source.contains("public var part: [Part] = []"))
        #expect(source.contains("public struct Thing: FHIRResource"))
        #expect(source.contains("public struct Part: FHIRElement"))
    }

    @Test("choices are read and written as choices, bounds with the release's duration type")
    func choices() throws {
        let source = try Self.source("struct R9.Thing : Thing\n  value[x]\n  bounds[x]\n")
        #expect(source.contains("public var value: BooleanOrConcept?"))
        #expect(source.contains("value = try reader.choice(\"value\")"))
        #expect(source.contains("writer.set(choice: \"value\", value)"))
        #expect(source.contains("TimingBounds.read(from: &reader, durationSuffix: \"Duration\")"))
    }

    @Test("`as`, `read` and `indirect` are the only things written by hand")
    func handWritten() throws {
        let source = try Self.source(
            "struct R9.Thing : Thing\n  odd[x] as OddChoice\n  count read positiveInt\n  code indirect\n")
        #expect(source.contains("public var odd: OddChoice?"))
        #expect(source.contains("count = try reader.positiveInt(\"count\")"))
        #expect(source.contains("@Indirect public var code: String?"))
    }

    @Test(
        "what the table does not define is refused, with the release and type",
        arguments: [
            ("struct R9.Thing : Thing\n  colour\n", "`colour` is not an element of R9's Thing"),
            ("struct R9.Thing : Thing\n  value\n", "`value` is not an element of R9's Thing"),
            ("struct R9.Other : Other\n  code\n", "R9 has no type Other"),
            ("struct R9.Thing : Thing\n  odd[x]\n", "no Swift choice type for R9's odd[x]"),
            ("struct R9.Thing : Thing\n  code loudly\n", "`loudly` is not `as`, `read` or `indirect`"),
            ("  code\n", "an element line outside a struct"),
            ("strukt R9.Thing : Thing\n", "not a release, struct, alias or members line"),
        ])
    func refusals(spec: String, message: String) {
        #expect {
            _ = try Self.source(spec)
        } throws: { error in
            String(describing: error).contains(message)
        }
    }

    /// `members … unlike` lists what only this release's type has, choices written out, bases
    /// included, from the tables alone.
    @Test func membersUnlikeOtherReleases() throws {
        let parsed = try StructSpec(text: "members R9.thingMembers : Thing unlike R8\n")
        let older = """
            Thing : DomainResource
              code code 1..1
              value[x] boolean|string 0..1
            DomainResource : Resource
              text Narrative 0..1
            """
        var emitter = StructEmitter(release: "R9", table: try TypeTable(text: Self.table), names: [:])
        emitter.tables = ["R8": try TypeTable(text: older)]
        let source = try emitter.source(of: parsed.declarations[0])
        #expect(
            source.contains(
                #"public static let thingMembers = ["boundsDuration", "boundsPeriod", "boundsRange", "count", "oddAttachment", "oddMoney", "part", "size", "valueCodeableConcept", "when"]"#
            ), "\(source)")
        let unknown = try StructSpec(text: "members R9.thingMembers : Thing unlike R7\n")
        #expect(throws: GeneratorError.self) { try emitter.source(of: unknown.declarations[0]) }
    }

    /// The repository's own spec, over the release tables it names, generates.
    @Test("the repository's spec generates a struct for each declaration")
    func repositorySpec() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/FHIRModel")
        let spec = try StructSpec(
            text: String(contentsOf: root.appendingPathComponent("Releases/release-structs.txt"), encoding: .utf8))
        let source = try StructsMain.generate(spec, folder: root.appendingPathComponent("Bundled"))
        #expect(spec.releases.map(\.name) == ["DSTU2", "STU3", "R4", "R5"])
        for declaration in spec.declarations {
            #expect(source.contains(" \(declaration.name)"), "\(declaration.release).\(declaration.name)")
        }
    }
}
