import FHIRServer
import Foundation
import SMART

/// The passwords of a plain-text roster, kept in `ROSTER.passwords` (`username,password` per
/// line, readable by its owner only): made once per student, so handing them out once is enough,
/// and read again at every start. Only their hashes stay in memory; none is printed.
enum ClassPasswords {
    static func hashes(for usernames: [String], roster: String) throws(ClassRoster.Problem) -> [String: String] {
        let file = roster + ".passwords"
        var known: [String: String] = [:]
        if let data = FileManager.default.contents(atPath: file) {
            for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let fields = line.split(separator: ",", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                if fields.count == 2, !fields[1].isEmpty { known[fields[0]] = fields[1] }
            }
        }
        let missing = usernames.filter { known[$0] == nil }
        if !missing.isEmpty {
            for username in missing { known[username] = password() }
            let lines = usernames.compactMap { name in known[name].map { "\(name),\($0)" } }
            let text =
                (["# username,password: hand each student their own line"] + lines).joined(separator: "\n") + "\n"
            guard write(text, to: file) else {
                throw ClassRoster.Problem(description: "cannot write the passwords to \(file)")
            }
        }
        var hashes: [String: String] = [:]
        for username in usernames {
            guard let password = known[username] else { continue }
            do { hashes[username] = try PasswordHash.make(password) } catch {
                throw ClassRoster.Problem(description: "cannot hash the passwords: \(error)")
            }
        }
        return hashes
    }

    /// Writes `text` to a file beside `path` made readable by its owner only from the start (not
    /// made with the umask's mode and narrowed after), then renames it over `path`.
    static func write(_ text: String, to path: String) -> Bool {
        let temporary = path + ".new-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Ten characters a student can type from a slip of paper: no 0/O or 1/l/I to confuse.
    static func password() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        return String((0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
    }
}
