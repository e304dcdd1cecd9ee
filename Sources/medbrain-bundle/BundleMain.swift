import Foundation

/// Writes a Swift file that holds the text of each file named, for the BundleFiles plugin:
///
///     medbrain-bundle OUTPUT FOLDER NAME...
///
/// Each file becomes one string literal with every character that is not plain printable
/// text escaped, so any UTF-8 file compiles as it is, quickly (an array of bytes would not).
@main
enum BundleMain {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count >= 2, let output = arguments.first else {
            fail("usage: medbrain-bundle OUTPUT FOLDER NAME...")
        }
        let folder = URL(fileURLWithPath: arguments.dropFirst().first!)
        var properties: [String] = []
        var entries: [String] = []
        for name in arguments.dropFirst(2) {
            let url = folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path),
                let text = String(data: data, encoding: .utf8)
            else { fail("medbrain-bundle: \(url.path) cannot be read as UTF-8 text") }
            let property = identifier(name)
            properties.append("    /// `Bundled/\(name)`.\n    static let \(property) = \(literal(text))")
            entries.append("        \(literal(name)): \(property),")
        }
        let source = """
            // Written by medbrain-bundle (the BundleFiles plugin) from the files of Bundled/.
            // Edit those files; this one is written again at every build.

            /// The files of this target's `Bundled/` folder, compiled in: each a property named
            /// after its path (`dataset-r4.json` is `datasetR4JSON`), so code that names a file
            /// that is not there does not build, and `text(_:)` for paths made at run time.
            enum BundledFiles {
                /// The text of the file at `path`, relative to `Bundled/` (`Languages/en.json`).
                static func text(_ path: String) -> String? { texts[path] }

                /// Every bundled path, sorted.
                static var paths: [String] { texts.keys.sorted() }

            \(properties.joined(separator: "\n\n"))

                private static let texts: [String: String] = [
            \(entries.isEmpty ? "        :" : entries.joined(separator: "\n"))
                ]
            }

            """
        do { try source.write(toFile: output, atomically: true, encoding: .utf8) } catch {
            fail("medbrain-bundle: cannot write \(output): \(error)")
        }
    }

    /// A path as a Swift name: its words in lower camel case, a file type's known initials in
    /// capitals (`Templates/patient.mustache` is `templatesPatientMustache`, `view.css` `viewCSS`).
    static func identifier(_ path: String) -> String {
        let initials: Set<String> = ["json", "css", "js", "txt", "html", "svg", "xml"]
        let words = path.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        var name = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                name += word.prefix(1).lowercased() + word.dropFirst()
            } else {
                name +=
                    initials.contains(word.lowercased())
                    ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        return name.first?.isLetter == true ? name : "file" + name
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
