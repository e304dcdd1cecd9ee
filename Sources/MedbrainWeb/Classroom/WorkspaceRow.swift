import FHIRServer
import Foundation

/// A lesson workspace as a student's page lists it: the lesson, its release, when it was
/// opened, and what the student wrote there, each write linking to the resource it made.
struct WorkspaceRow: Sendable {
    struct Write: Sendable {
        let time: String
        let request: String
        let status: Int
        let link: String?
        let written: String?
    }
    let lesson: String
    let release: String
    let opened: String
    let base: String
    let writes: [Write]
    let hasWrites: Bool

    init(_ workspace: ClassWorkspaces.Workspace) {
        let formatter = ISO8601DateFormatter()
        lesson = workspace.lesson
        release = workspace.service.version.displayName
        opened = formatter.string(from: workspace.opened)
        base = workspace.basePath
        writes = workspace.writes.reversed().map { write in
            // `Location` names the version written (`…/MedicationAdministration/7/_history/1`).
            let written = write.location.flatMap(Self.resource)
            return Write(
                time: formatter.string(from: write.time),
                request: "\(write.method) \(write.path.isEmpty ? "/" : write.path)",
                status: write.status, link: written.map { workspace.basePath + "/" + $0 }, written: written)
        }
        hasWrites = !writes.isEmpty
    }

    /// `Type/id/_history/n` of a location, from wherever it begins: the part after the base.
    static func resource(_ location: String) -> String? {
        let parts = location.split(separator: "/").map(String.init)
        guard let history = parts.lastIndex(of: "_history"), history >= 2 else {
            return parts.count >= 2 ? parts.suffix(2).joined(separator: "/") : nil
        }
        return parts[(history - 2)...].joined(separator: "/")
    }
}
