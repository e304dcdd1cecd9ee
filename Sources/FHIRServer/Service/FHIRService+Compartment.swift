import FHIRModel

/// Compartment search: `GET Patient/f001/Observation?…` finds the Observations in the patient's
/// compartment that also meet the query, as FHIR defines it. A resource is in the compartment
/// when one of its type's parameters in the release's CompartmentDefinition names the patient;
/// the query then narrows that set like any search of the type.
extension FHIRService {
    /// The route's answer, or nil when `parts` (after `Patient`) are not a compartment search.
    func compartmentSearch(_ context: FHIRExchange, compartment: String, parts: [String]) async -> FHIRResponse? {
        // `Patient/f001/_history` and `…/$everything` are other interactions; a type starts upper-case.
        guard ["GET", "POST"].contains(context.request.method), parts.count >= 2,
            parts[1] == "*" || parts[1].first?.isUppercase == true
        else { return nil }
        let isSearch =
            context.request.method == "GET" ? parts.count == 2 : parts.count == 3 && parts[2] == "_search"
        guard isSearch else { return nil }
        let (id, type) = (parts[0], parts[1])
        guard compartment == "Patient" else {
            return context.outcome(
                400, "not-supported", "this server searches the Patient compartment only, not \(compartment)'s")
        }
        if type == "*" {
            return context.outcome(
                400, "not-supported",
                "name one resource type after Patient/\(id)/: a search of all types is not supported")
        }
        guard resourceTypes.contains(type) else {
            return context.outcome(
                404, "not-supported", "resource type '\(type)' is not supported by this \(version.displayName) server")
        }
        guard self.compartment.definedTypes.contains(type) else {
            return context.outcome(
                400, "invalid", "\(type) is not in the Patient compartment of \(version.displayName)")
        }
        if let refusal = refusal(.search, on: type, context) { return refusal }
        return await search(context, type: type, compartment: id)
    }

    /// `found`, narrowed to those in `patient`'s compartment, in their order.
    func inCompartment(_ found: [StoredResource], type: String, patient: String) async -> [StoredResource] {
        let reach = PatientReach(patient: patient, service: self)
        if let ids = await reach.compartmentIDs(type) { return found.filter { ids.contains($0.id) } }
        var kept: [StoredResource] = []
        for stored in found {
            if let json = stored.json, await reach.holds(json, type: type) { kept.append(stored) }
        }
        return kept
    }
}
