import Mustache

/// The view's Mustache templates, the files of `Bundled/Templates` compiled into the program so
/// a copied `medbrain` binary still serves its pages. Every `{{name}}` is HTML-escaped; the
/// only unescaped values (`{{{…}}}`) are SVG the view built itself with its own escaping.
enum WebTemplates {
    /// The templates by name, one `Bundled/Templates/NAME.mustache` each (a renamed file does
    /// not build).
    static let texts = [
        ("layout", BundledFiles.templatesLayoutMustache), ("patients", BundledFiles.templatesPatientsMustache),
        ("patient", BundledFiles.templatesPatientMustache), ("resource", BundledFiles.templatesResourceMustache),
        ("problem", BundledFiles.templatesProblemMustache), ("class", BundledFiles.templatesClassMustache),
        ("student", BundledFiles.templatesStudentMustache), ("class-row", BundledFiles.templatesClassRowMustache),
        ("class-stuck", BundledFiles.templatesClassStuckMustache),
    ]

    /// The templates by name, parsed; a parse error is a programming error the tests catch.
    static func library() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in texts {
            // A file ends in a line break that is no part of the page.
            try library.register(text.hasSuffix("\n") ? String(text.dropLast()) : text, named: name)
        }
        return library
    }
}
