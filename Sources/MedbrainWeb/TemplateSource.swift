import Mustache

/// The view's templates, parsed when the first page is asked for: parsing them took a
/// twentieth of the time `medbrain` needs to start, for a view most sessions never open.
actor TemplateSource {
    private var parsed: MustacheLibrary?

    var library: MustacheLibrary {
        if let parsed { return parsed }
        // Compiled in and parsed by the tests; should one fail, its pages say it is missing.
        let library = (try? WebTemplates.library()) ?? MustacheLibrary()
        parsed = library
        return library
    }
}
