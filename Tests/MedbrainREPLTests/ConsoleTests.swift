import MedbrainREPL
import Testing

/// The terminal's locale decides between UTF-8 and the plain ASCII fallback.
@Suite("Console")
struct ConsoleTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], true), (["LANG": "de_AT.utf8"], true), ([:], false), (["LANG": "C"], false),
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false), (["LC_CTYPE": "C.UTF-8", "LANG": "C"], true),
        (["LC_ALL": "", "LANG": "en_GB.UTF-8"], true), (["LANG": "POSIX"], false),
        (["LANG": "de_DE.ISO-8859-1"], false),
    ])
    func localeIsUTF8(environment: [String: String], utf8: Bool) {
        #expect(Console.localeIsUTF8(environment: environment) == utf8)
    }

    @Test(arguments: [
        ("Musterstraße 13a", "Musterstrasse 13a"), ("Loading…", "Loading..."), ("§13.5–13.6", "sec. 13.5-13.6"),
        ("Zürich, Société", "Zurich, Societe"), ("5 µg", "5 ug"), ("plain text", "plain text"),
        ("“quoted”", "\"quoted\""), ("患者", "??"), ("⠋ Connecting", "? Connecting"),
    ])
    func asciiFallback(text: String, ascii: String) {
        #expect(Console.ascii(text) == ascii)
    }

    @Test(arguments: [
        ("plain", "plain"), ("a\u{1B}[2Jb", "a[2Jb"), ("title\u{1B}]0;x\u{07}", "title]0;x"),
        ("\u{1B}[31mred\u{1B}[0m", "\u{1B}[31mred\u{1B}[0m"), ("tab\tline\n", "tab\tline\n"),
        ("c1\u{9B}2J", "c12J"), ("cr\rlf", "crlf"),
    ])
    func printable(text: String, shown: String) {
        #expect(Console.printable(text) == shown)
    }
}
