import FHIRModel

/// What and how: the dose, the route, as needed, the maximum, and further instructions.
extension InstructionsRenderer {
    /// `1 tablet`, `20 drops`, `1 to 2 tablets`, `0.5 ml`.
    func dosePart(_ dosage: OrderDosage, _ elements: DosageElements) -> InstructionPart? {
        guard let dose = dosage.dose else { return nil }
        let text: String
        switch dose {
        case .quantity(let quantity): text = doseQuantity(quantity)
        case .range(let range):
            guard let high = range.high ?? range.low else { return nil }
            let low = range.low.flatMap { $0 == high ? nil : $0 }
            // "1 to 2 tablets" says the unit once; "5 ml to 1 tablet" needs both.
            let sameUnit = low?.code == high.code && low?.unit == high.unit
            text =
                low.map {
                    let lowText = sameUnit ? language.number($0.value?.text[...] ?? "") : doseQuantity($0)
                    return language.message("range", [("low", lowText), ("high", doseQuantity(high))])
                } ?? doseQuantity(high)
        }
        return text.isEmpty ? nil : InstructionPart(kind: .dose, elements: [elements.dose(dose)], text: text)
    }

    /// A dose unit by its UCUM code, else by its `unit` text, else the text as written.
    func doseQuantity(_ dose: Quantity) -> String {
        let value = dose.value?.text[...] ?? ""
        let known = dose.code.flatMap { language.doseUnits[$0] } ?? dose.unit.flatMap { language.doseUnits[$0] }
        let unit =
            known?.render(number: value, rules: language.pluralRules, [])
            ?? dose.unit ?? dose.code.map(language.quoted) ?? ""
        return quantity(language.number(value), unit: unit)
    }

    /// `by mouth`: the language's words for a SNOMED CT route, else the prescriber's words.
    func routePart(_ dosage: OrderDosage) -> InstructionPart? {
        guard let route = dosage.route else { return nil }
        let known = route.coding.lazy.compactMap { $0.code.flatMap { language.routes[$0] } }.first
        guard let text = known ?? words(route) else { return nil }
        return InstructionPart(kind: .route, elements: ["route"], text: text)
    }

    /// `as needed`, `as needed for pain`; `asNeededBoolean: false` says nothing.
    func asNeededPart(_ dosage: OrderDosage, _ elements: DosageElements) -> InstructionPart? {
        switch dosage.asNeeded {
        case .boolean(true):
            return InstructionPart(
                kind: .asNeeded, elements: [elements.asNeededFlag], text: language.message("asNeeded"))
        case .codeableConcept(let reason):
            let text =
                words(reason).map { language.message("asNeededFor", [("reason", $0)]) }
                ?? language.message("asNeeded")
            return InstructionPart(kind: .asNeeded, elements: [elements.asNeededReason], text: text)
        default:
            return nil
        }
    }

    /// `no more than 60 drops a day`.
    func maxDosePart(_ dosage: OrderDosage) -> InstructionPart? {
        guard let ratio = dosage.maxDosePerPeriod, let numerator = ratio.numerator else { return nil }
        let dose = doseQuantity(numerator)
        let text: String
        if let per = ratio.denominator, let value = per.value, let span = duration(per) {
            let unit = per.code ?? per.unit.flatMap { Self.timeUnitCodes[$0.lowercased()] }
            // A limit per period has its own words: German "höchstens 4 pro Stunde", not "stündlich".
            if value.doubleValue == 1, let word = unit.flatMap({ language.perLimit[$0] ?? language.per[$0] }) {
                text = language.message("maxDose", [("dose", dose), ("per", word)])
            } else {
                text = language.message("maxDoseEvery", [("dose", dose), ("period", span)])
            }
        } else {
            text = language.message("maxDose", [("dose", dose), ("per", "")]).trimmingTrailingSpace
        }
        return InstructionPart(kind: .maxDose, elements: ["maxDosePerPeriod"], text: text)
    }

    /// Additional and patient instructions, as the prescriber wrote them.
    func instructionsPart(_ dosage: OrderDosage, _ elements: DosageElements) -> InstructionPart? {
        var texts = dosage.additionalInstructions.compactMap(words)
        var names = texts.isEmpty ? [] : [elements.additionalInstructions]
        if let patient = dosage.patientInstruction, !patient.isEmpty {
            texts.append(patient)
            names.append("patientInstruction")
        }
        guard !texts.isEmpty else { return nil }
        // Each is a sentence of its own: joined by the language's full stop unless it ends in
        // its own punctuation; the separator before the part supplies the first full stop.
        let stop = language.sentence.separators[.instructions] ?? " "
        var text = ""
        for piece in texts.map(\.withoutFinalStop) {
            if !text.isEmpty { text += text.last.map { ".!?".contains($0) } == true ? " " : stop }
            text += piece
        }
        return InstructionPart(kind: .instructions, elements: names, text: text)
    }
}

extension String {
    var withoutFinalStop: String { hasSuffix(".") ? String(dropLast()) : self }
    var trimmingTrailingSpace: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
