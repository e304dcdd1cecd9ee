import SMART
import Testing

/// SHA-256 against FIPS 180-4's examples and messages at the padding's edges (55, 56 and 64
/// bytes: the length field fits, does not fit, fills a block), digests from Python's hashlib.
@Suite("SHA-256")
struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (String(repeating: "x", count: 55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (String(repeating: "x", count: 56), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
        (String(repeating: "x", count: 64), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
    ])
    func digests(message: String, expected: String) throws {
        #expect(Self.hex(try SHA256.digest(message.utf8)) == expected)
    }

    @Test func aMillionAs() throws {
        #expect(
            Self.hex(try SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}

/// PKCE S256 as RFC 7636 defines it, with its Appendix B example.
@Suite("PKCE")
struct PKCETests {
    @Test func theRFCsExample() throws {
        #expect(
            try PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func aVerifierMadeHereIsValidAndVerifiesItsChallenge() throws {
        let verifier = PKCE.makeVerifier()
        #expect(PKCE.problem(with: verifier) == nil)
        #expect(PKCE.verifies(verifier, challenge: try PKCE.challenge(for: verifier)))
        #expect(!PKCE.verifies(PKCE.makeVerifier(), challenge: try PKCE.challenge(for: verifier)))
    }

    @Test(arguments: [
        String(repeating: "a", count: 42), String(repeating: "a", count: 129), String(repeating: "a", count: 42) + "!",
    ])
    func verifiersRFC7636RefusesAreRefused(verifier: String) throws {
        #expect(PKCE.problem(with: verifier) != nil)
        // Even when the challenge was made from it.
        #expect(!PKCE.verifies(verifier, challenge: try PKCE.challenge(for: verifier)))
    }

    @Test func base64URLRoundTrips() {
        let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x3E]
        #expect(Base64URL.encode(bytes) == "-_-_AD4")
        #expect(Base64URL.decode("-_-_AD4") == bytes)
    }
}
