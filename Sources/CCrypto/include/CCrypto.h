#ifndef MEDBRAIN_CCRYPTO_H
#define MEDBRAIN_CCRYPTO_H

#include <stddef.h>

// Signatures and digests with the system's OpenSSL (libcrypto), opened with dlopen at the first
// use, for SMART's signed JWTs (RS384, ES384), PKCE's SHA-256 and the sign-in's password hashes:
// medbrain compiles no crypto library of its own, and a session that never logs in never loads
// it. No OpenSSL header is needed to build.

/// The kinds of key this knows.
enum { MEDBRAIN_KEY_UNKNOWN = 0, MEDBRAIN_KEY_RSA = 1, MEDBRAIN_KEY_EC = 2 };

/// Non-zero when libcrypto was found and has every function used here.
int medbrain_crypto_available(void);

/// Checks a signature (RSA PKCS#1 v1.5, or ECDSA as DER) of `message` with the digest `digest`
/// ("SHA256", "SHA384") by the public key `spki` (DER SubjectPublicKeyInfo). 1 when it verifies,
/// 0 when not, -1 when the key or digest cannot be read or libcrypto is missing.
int medbrain_verify(const char *digest, const unsigned char *spki, size_t spki_length, const unsigned char *message,
                    size_t message_length, const unsigned char *signature, size_t signature_length);

/// Reads a private key in PEM (PKCS#8 or traditional): its kind, or MEDBRAIN_KEY_UNKNOWN when it
/// cannot be read. With `spki` it also writes the public key's DER (up to `*spki_length` bytes;
/// `*spki_length` becomes the length written).
int medbrain_private_key_kind(const char *pem, size_t pem_length, unsigned char *spki, size_t *spki_length);

/// Signs `message` with the digest `digest` by the private key in `pem`, into `signature` (up to
/// `*signature_length` bytes, set to the length written; ECDSA's is DER). 1 on success, 0 if not.
int medbrain_sign(const char *digest, const char *pem, size_t pem_length, const unsigned char *message,
                  size_t message_length, unsigned char *signature, size_t *signature_length);

/// Makes a new RSA key of OpenSSL's default size (2048 bits) and writes it as PKCS#8 PEM into
/// `pem` (up to `*pem_length` bytes, set to the length written). 1 on success, 0 if not.
int medbrain_new_rsa_key(char *pem, size_t *pem_length);

/// scrypt (RFC 7914) of `password` with `salt` and the cost N, r, p, into `key_length` bytes
/// of `key`. 1 on success, 0 if not (libcrypto missing, a cost it refuses).
int medbrain_scrypt(const char *password, size_t password_length, const unsigned char *salt, size_t salt_length,
                    unsigned long long n, unsigned long long r, unsigned long long p, unsigned char *key,
                    size_t key_length);

/// PBKDF2 with HMAC-SHA-256 (RFC 8018) of `password` with `salt`, `iterations` times, into
/// `key_length` bytes of `key`. 1 on success, 0 if not.
int medbrain_pbkdf2_sha256(const char *password, size_t password_length, const unsigned char *salt,
                           size_t salt_length, int iterations, unsigned char *key, size_t key_length);

/// SHA-256 (FIPS 180-4) of `message` into the 32 bytes of `digest`. 1 on success, 0 if not.
int medbrain_sha256(const unsigned char *message, size_t message_length, unsigned char *digest);

/// SHA-1 of `message` into the 20 bytes of `digest`: FHIR's Attachment.hash. 1 on success, 0 if not.
int medbrain_sha1(const unsigned char *message, size_t message_length, unsigned char *digest);

#endif
