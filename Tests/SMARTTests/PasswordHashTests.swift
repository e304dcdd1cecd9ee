import SMART
import Testing

/// Passwords kept as slow salted hashes: checked against RFC 7914's own test vectors, written
/// here as Python's hashlib writes them, so that a hash another tool made is read alike.
@Suite struct PasswordHashTests {
    /// RFC 7914 §12 (scrypt, N = 1024, r = 8, p = 16) and §11 (PBKDF2-HMAC-SHA-256, one round).
    static let vectors = [
        (
            "password",
            "scrypt$1024$8$16$TmFDbA$_bq-HJ00cgB4VucZDQHp_nxq18vII3gw53N2Y0s3MWIurzDZLiKjiG_xCSedmDDaxyevuUqD7m2DYMvfoswGQA"
        ),
        (
            "passwd",
            "pbkdf2-sha256$1$c2FsdA$VawEblbjCJ_sFpHCJUS2BflBhSFt3gRl5oudV8INrLxJypzM8Xm2RZkWZLOdd-8xfHG4RbHjC9UJESBB06GXgw"
        ),
    ]

    @Test(arguments: vectors) func theRFCsVectorsVerify(password: String, stored: String) {
        #expect(PasswordHash.verifies(password, stored))
        #expect(!PasswordHash.verifies(password + "x", stored))
        #expect(!PasswordHash.verifies("", stored))
    }

    @Test func aNewHashIsSaltedAndVerifies() throws {
        let first = try PasswordHash.make("tutor-pass")
        let second = try PasswordHash.make("tutor-pass")
        #expect(first.hasPrefix("scrypt$32768$8$1$") && first != second)
        #expect(PasswordHash.verifies("tutor-pass", first) && PasswordHash.verifies("tutor-pass", second))
        #expect(!PasswordHash.verifies("tutor-pasS", first))
    }

    /// What is not a hash, or asks for more work than a login may take, is refused when the
    /// users file is read, not at the first sign-in.
    @Test(arguments: [
        "", "tutor-pass", "scrypt$1024$8$16$TmFDbA", "scrypt$1000$8$1$TmFDbA$" + String(repeating: "A", count: 43),
        "scrypt$2097152$8$1$TmFDbA$" + String(repeating: "A", count: 43),
        "scrypt$131072$8$1$TmFDbA$" + String(repeating: "A", count: 43),
        "scrypt$32768$8$16$TmFDbA$" + String(repeating: "A", count: 43),
        "pbkdf2-sha256$0$c2FsdA$" + String(repeating: "A", count: 43),
        "pbkdf2-sha256$100$$" + String(repeating: "A", count: 43), "pbkdf2-sha256$100$c2FsdA$AAAA",
        "md5$1$c2FsdA$" + String(repeating: "A", count: 43),
    ])
    func whatIsNotAHashIsSaid(stored: String) {
        #expect(PasswordHash.problem(stored) != nil)
        #expect(!PasswordHash.verifies("", stored))
    }
}
