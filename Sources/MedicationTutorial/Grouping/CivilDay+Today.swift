import FHIRModel
import Foundation

extension CivilDay {
    /// Today in `zone`, by the system clock (lessons and tests fix their day instead).
    public static func today(in zone: TimeZone, at now: Date = Date()) -> CivilDay {
        let seconds = Int(now.timeIntervalSince1970) + zone.secondsFromGMT(for: now)
        return CivilDay(number: DateGrouping.floorDivide(seconds, 86_400))
    }
}
