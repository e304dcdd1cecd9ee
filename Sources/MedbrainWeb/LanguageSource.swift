import MedicationTutorial

/// The languages the view's instructions can be read in, read from disk once, when first asked.
actor LanguageSource {
    private var loaded: LanguageCatalog?

    init(_ catalog: LanguageCatalog?) { loaded = catalog }

    var catalog: LanguageCatalog {
        if let loaded { return loaded }
        let catalog = LanguageCatalog.standard()
        loaded = catalog
        return catalog
    }
}
