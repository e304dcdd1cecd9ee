import FHIRModel
import MedicationTutorial

/// `doses`: the dose times of an order, or of a Timing or Dosage the student writes, on the
/// patient's clock and day (docs/dose-times.md), as `medbrain doses` prints them.
extension Scheduling {
    func doses(_ arguments: [String]) async throws {
        let options = try CommandOptions(arguments, ["--from": .value("a date"), "--to": .value("a date")])
        guard options.operands.count == 1, let subject = options.operands.first else { throw UsageError() }
        var days: [CivilDay?] = []
        for name in ["--from", "--to"] {
            guard let text = options.value(name) else {
                days.append(nil)
                continue
            }
            guard let day = CivilDay(text) else { throw REPLError("\(name) needs a date such as 2016-08-16") }
            days.append(day)
        }
        let from = days[0] ?? today
        let through = days[1] ?? from
        guard from <= through else { throw REPLError("--to comes before --from") }
        let plans: [DosePlanInput.Plan]
        if subject.hasPrefix("{") || subject.hasPrefix("@") {
            do {
                plans = try DosePlanInput(json: try ResourceInput.read(subject), start: nil).plans
            } catch let error as InstructionsInputError { throw REPLError(error.description) }
        } else {
            let (_, order) = try context.session.chooseOrder([subject])
            plans = (order.dosages.isEmpty ? [OrderDosage()] : order.dosages).map { dosage in
                DosePlanInput.Plan(
                    orderID: order.id, dosageIndex: nil, dosage: dosage, start: order.authoredOn,
                    dosePeriod: order.dosePeriod)
            }
        }
        let times = context.settings.current.doseTimes
        var lines: [String] = []
        var values: [JSONValue] = []
        for plan in plans {
            do {
                let doses = try times.doses(
                    of: plan.dosage, start: plan.start, dosePeriod: plan.dosePeriod, from: from, through: through)
                lines += doses.isEmpty ? ["no dose due"] : doses.map { times.text($0.instant) }
                values.append(["doses": .array(doses.map { .string(times.text($0.instant)) }), "reason": .null])
            } catch {
                lines.append("no dose times: \(error)")
                values.append(["doses": [], "reason": .string(error.description)])
            }
        }
        context.show(values.count == 1 ? values[0] : .array(values), lines: lines)
    }
}
