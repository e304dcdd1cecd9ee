import MedicationTutorial

/// The chart `group` drew: whose doses, grouped how, and what it counted, so that a lesson's
/// step about the chart is checked on its counts rather than on the command having run.
public struct ChartDrawn: Sendable, Equatable {
    /// The order's id (`ord-01`).
    public let order: String
    /// `year`, `month`, `week` or `day`.
    public let mode: String
    public let groups: AdministrationGroups

    public init(order: String, mode: String, groups: AdministrationGroups) {
        (self.order, self.mode, self.groups) = (order, mode, groups)
    }

    /// The doses shown in the chart's window.
    public var shown: Int { groups.groups.reduce(0) { $0 + $1.countTaken + $1.countNotTaken } }
}
