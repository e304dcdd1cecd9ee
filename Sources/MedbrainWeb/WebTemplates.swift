import Mustache

/// The view's Mustache templates, the files of `Bundled/Templates` compiled into the program so
/// a copied `medbrain` binary still serves its pages. Every `{{name}}` is HTML-escaped; the
/// only unescaped values (`{{{…}}}`) are SVG the view built itself with its own escaping.
enum WebTemplates {
    /// The template names, one `Bundled/Templates/NAME.mustache` each.
    static let names = ["layout", "patients", "patient", "resource", "problem"]

    /// The templates by name, parsed; a missing file or a parse error is a programming error
    /// the tests catch.
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for name in names {
            guard let text = BundledFiles.text("Templates/\(name).mustache") else {
                throw MissingTemplate(name: name)
            }
            // A file ends in a line break that is no part of the page.
            try library.register(text.hasSuffix("\n") ? String(text.dropLast()) : text, named: name)
        }
        return library
    }

    struct MissingTemplate: Error, CustomStringConvertible {
        let name: String
        var description: String { "no template Bundled/Templates/\(name).mustache" }
    }
}
