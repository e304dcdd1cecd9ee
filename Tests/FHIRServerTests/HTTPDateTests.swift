import Foundation
import Testing

@testable import FHIRServer

/// `Last-Modified` dates, checked against Foundation's own RFC 7231 formatting.
@Suite("HTTP dates")
struct HTTPDateTests {
    static let instants: [(String, String)] = [
        ("2016-08-16T10:00:00Z", "Tue, 16 Aug 2016 10:00:00 GMT"),
        ("2016-08-16T08:00:00+02:00", "Tue, 16 Aug 2016 06:00:00 GMT"),
        ("2000-02-29T23:59:59Z", "Tue, 29 Feb 2000 23:59:59 GMT"),
        ("2016-12-31T23:00:00-05:00", "Sun, 01 Jan 2017 04:00:00 GMT"),
        ("1969-12-31T23:59:59Z", "Wed, 31 Dec 1969 23:59:59 GMT"),
        ("1900-03-01T00:00:00Z", "Thu, 01 Mar 1900 00:00:00 GMT"),
        ("not a date", "not a date"),
    ]

    @Test(arguments: instants)
    func format(instant: String, expected: String) {
        #expect(HTTPDate.format(instant) == expected)
    }

    /// Every fifth day over 400 years (a whole Gregorian cycle, every weekday and leap rule)
    /// agrees with Foundation.
    @Test func agreesWithFoundationOverAGregorianCycle() {
        let iso = ISO8601DateFormatter()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var mismatches: [String] = []
        for day in stride(from: -73_048, to: 73_048, by: 5) {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 3_723)
            let instant = iso.string(from: date)
            if HTTPDate.format(instant) != formatter.string(from: date) { mismatches.append(instant) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
