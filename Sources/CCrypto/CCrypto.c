#include "CCrypto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libcrypto's functions, found with dlsym; their types are written here with opaque pointers,
// which is all this file does with them, so building needs no OpenSSL headers.
typedef void BIO;
typedef void EVP_PKEY;
typedef void EVP_MD_CTX;
typedef void EVP_MD;
typedef void EVP_PKEY_CTX;
typedef void BIO_METHOD;

static struct {
    BIO *(*bio_new_mem_buf)(const void *, int);
    int (*bio_free)(BIO *);
    EVP_PKEY *(*pem_read_private)(BIO *, EVP_PKEY **, void *, void *);
    EVP_PKEY *(*d2i_pubkey)(EVP_PKEY **, const unsigned char **, long);
    int (*i2d_pubkey)(const EVP_PKEY *, unsigned char **);
    void (*pkey_free)(EVP_PKEY *);
    int (*pkey_base_id)(const EVP_PKEY *);
    EVP_MD_CTX *(*md_ctx_new)(void);
    void (*md_ctx_free)(EVP_MD_CTX *);
    const EVP_MD *(*digest_by_name)(const char *);
    EVP_PKEY_CTX *(*pkey_ctx_new_id)(int, void *);
    void (*pkey_ctx_free)(EVP_PKEY_CTX *);
    int (*keygen_init)(EVP_PKEY_CTX *);
    int (*keygen)(EVP_PKEY_CTX *, EVP_PKEY **);
    const BIO_METHOD *(*bio_s_mem)(void);
    BIO *(*bio_new)(const BIO_METHOD *);
    long (*bio_ctrl)(BIO *, int, long, void *);
    int (*pem_write_private)(BIO *, const EVP_PKEY *, const void *, const unsigned char *, int, void *, void *);
    int (*sign_init)(EVP_MD_CTX *, void **, const EVP_MD *, void *, EVP_PKEY *);
    int (*sign)(EVP_MD_CTX *, unsigned char *, size_t *, const unsigned char *, size_t);
    int (*verify_init)(EVP_MD_CTX *, void **, const EVP_MD *, void *, EVP_PKEY *);
    int (*verify)(EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *, size_t);
    int (*scrypt)(const char *, size_t, const unsigned char *, size_t, unsigned long long, unsigned long long,
                  unsigned long long, unsigned long long, unsigned char *, size_t);
    int (*pbkdf2)(const char *, int, const unsigned char *, int, int, const EVP_MD *, int, unsigned char *);
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, void *);
} ssl;

static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

// OpenSSL's numbers for the two kinds of key (NID_rsaEncryption, NID_X9_62_id_ecPublicKey).
enum { NID_RSA = 6, NID_EC = 408 };

static void find(void *library, void *slot, const char *name, const char *older, int *missing) {
    void *function = dlsym(library, name);
    if (function == NULL && older != NULL) function = dlsym(library, older);
    if (function == NULL) *missing = 1;
    memcpy(slot, &function, sizeof function);
}

static void load(void) {
    // Versioned names only: on macOS the unversioned /usr/lib/libcrypto.dylib is a stub that
    // aborts the process when opened, and elsewhere it may be any version at all.
#if defined(__APPLE__)
    const char *names[] = {"libcrypto.3.dylib", "/opt/homebrew/opt/openssl@3/lib/libcrypto.3.dylib",
                           "/usr/local/opt/openssl@3/lib/libcrypto.3.dylib"};
#else
    const char *names[] = {"libcrypto.so.3", "libcrypto.so.1.1"};
#endif
    void *library = NULL;
    // MEDBRAIN_LIBCRYPTO names another one (an OpenSSL installed elsewhere), and only it.
    const char *chosen = getenv("MEDBRAIN_LIBCRYPTO");
    if (chosen != NULL && chosen[0] != '\0') {
        library = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
    } else {
        for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
            library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        }
    }
    if (library == NULL) return;
    int missing = 0;
    find(library, &ssl.bio_new_mem_buf, "BIO_new_mem_buf", NULL, &missing);
    find(library, &ssl.bio_free, "BIO_free", NULL, &missing);
    find(library, &ssl.pem_read_private, "PEM_read_bio_PrivateKey", NULL, &missing);
    find(library, &ssl.d2i_pubkey, "d2i_PUBKEY", NULL, &missing);
    find(library, &ssl.i2d_pubkey, "i2d_PUBKEY", NULL, &missing);
    find(library, &ssl.pkey_free, "EVP_PKEY_free", NULL, &missing);
    // OpenSSL 3 renamed it; 1.1 has the older name.
    find(library, &ssl.pkey_base_id, "EVP_PKEY_get_base_id", "EVP_PKEY_base_id", &missing);
    find(library, &ssl.md_ctx_new, "EVP_MD_CTX_new", NULL, &missing);
    find(library, &ssl.md_ctx_free, "EVP_MD_CTX_free", NULL, &missing);
    find(library, &ssl.digest_by_name, "EVP_get_digestbyname", NULL, &missing);
    find(library, &ssl.pkey_ctx_new_id, "EVP_PKEY_CTX_new_id", NULL, &missing);
    find(library, &ssl.pkey_ctx_free, "EVP_PKEY_CTX_free", NULL, &missing);
    find(library, &ssl.keygen_init, "EVP_PKEY_keygen_init", NULL, &missing);
    find(library, &ssl.keygen, "EVP_PKEY_keygen", NULL, &missing);
    find(library, &ssl.bio_s_mem, "BIO_s_mem", NULL, &missing);
    find(library, &ssl.bio_new, "BIO_new", NULL, &missing);
    find(library, &ssl.bio_ctrl, "BIO_ctrl", NULL, &missing);
    find(library, &ssl.pem_write_private, "PEM_write_bio_PKCS8PrivateKey", NULL, &missing);
    find(library, &ssl.sign_init, "EVP_DigestSignInit", NULL, &missing);
    find(library, &ssl.sign, "EVP_DigestSign", NULL, &missing);
    find(library, &ssl.verify_init, "EVP_DigestVerifyInit", NULL, &missing);
    find(library, &ssl.verify, "EVP_DigestVerify", NULL, &missing);
    find(library, &ssl.scrypt, "EVP_PBE_scrypt", NULL, &missing);
    find(library, &ssl.pbkdf2, "PKCS5_PBKDF2_HMAC", NULL, &missing);
    find(library, &ssl.digest, "EVP_Digest", NULL, &missing);
    loaded = !missing;
}

int medbrain_crypto_available(void) {
    pthread_once(&once, load);
    return loaded;
}

static int kind_of(const EVP_PKEY *key) {
    switch (ssl.pkey_base_id(key)) {
    case NID_RSA: return MEDBRAIN_KEY_RSA;
    case NID_EC: return MEDBRAIN_KEY_EC;
    default: return MEDBRAIN_KEY_UNKNOWN;
    }
}

static EVP_PKEY *read_private(const char *pem, size_t length) {
    if (!medbrain_crypto_available() || length > 1 << 20) return NULL;
    BIO *bio = ssl.bio_new_mem_buf(pem, (int)length);
    if (bio == NULL) return NULL;
    // A NULL passphrase callback with NULL user data would prompt on the terminal for an
    // encrypted key; an empty passphrase makes such a key fail to read instead.
    EVP_PKEY *key = ssl.pem_read_private(bio, NULL, NULL, (void *)"");
    ssl.bio_free(bio);
    return key;
}

int medbrain_verify(const char *digest, const unsigned char *spki, size_t spki_length, const unsigned char *message,
                    size_t message_length, const unsigned char *signature, size_t signature_length) {
    if (!medbrain_crypto_available()) return -1;
    const EVP_MD *md = ssl.digest_by_name(digest);
    if (md == NULL) return -1;
    const unsigned char *cursor = spki;
    EVP_PKEY *key = ssl.d2i_pubkey(NULL, &cursor, (long)spki_length);
    if (key == NULL) return -1;
    EVP_MD_CTX *context = ssl.md_ctx_new();
    int result = -1;
    if (context != NULL && ssl.verify_init(context, NULL, md, NULL, key) == 1) {
        result = ssl.verify(context, signature, signature_length, message, message_length) == 1 ? 1 : 0;
    }
    if (context != NULL) ssl.md_ctx_free(context);
    ssl.pkey_free(key);
    return result;
}

int medbrain_private_key_kind(const char *pem, size_t pem_length, unsigned char *spki, size_t *spki_length) {
    EVP_PKEY *key = read_private(pem, pem_length);
    if (key == NULL) return MEDBRAIN_KEY_UNKNOWN;
    int kind = kind_of(key);
    if (spki != NULL && spki_length != NULL) {
        int needed = ssl.i2d_pubkey(key, NULL);
        if (needed <= 0 || (size_t)needed > *spki_length) {
            kind = MEDBRAIN_KEY_UNKNOWN;
        } else {
            unsigned char *cursor = spki;
            *spki_length = (size_t)ssl.i2d_pubkey(key, &cursor);
        }
    }
    ssl.pkey_free(key);
    return kind;
}

int medbrain_sign(const char *digest, const char *pem, size_t pem_length, const unsigned char *message,
                  size_t message_length, unsigned char *signature, size_t *signature_length) {
    EVP_PKEY *key = read_private(pem, pem_length);
    if (key == NULL) return 0;
    const EVP_MD *md = ssl.digest_by_name(digest);
    EVP_MD_CTX *context = ssl.md_ctx_new();
    int result = 0;
    if (context != NULL && md != NULL && kind_of(key) != MEDBRAIN_KEY_UNKNOWN &&
        ssl.sign_init(context, NULL, md, NULL, key) == 1) {
        size_t needed = 0;
        if (ssl.sign(context, NULL, &needed, message, message_length) == 1 && needed <= *signature_length) {
            result = ssl.sign(context, signature, signature_length, message, message_length) == 1;
        }
    }
    if (context != NULL) ssl.md_ctx_free(context);
    ssl.pkey_free(key);
    return result;
}

int medbrain_new_rsa_key(char *pem, size_t *pem_length) {
    if (!medbrain_crypto_available()) return 0;
    EVP_PKEY_CTX *context = ssl.pkey_ctx_new_id(NID_RSA, NULL);
    EVP_PKEY *key = NULL;
    int result = 0;
    if (context != NULL && ssl.keygen_init(context) == 1 && ssl.keygen(context, &key) == 1) {
        BIO *bio = ssl.bio_new(ssl.bio_s_mem());
        if (bio != NULL && ssl.pem_write_private(bio, key, NULL, NULL, 0, NULL, NULL) == 1) {
            char *data = NULL;
            // BIO_get_mem_data is BIO_ctrl with BIO_CTRL_INFO (3).
            long length = ssl.bio_ctrl(bio, 3, 0, &data);
            if (length > 0 && (size_t)length <= *pem_length) {
                memcpy(pem, data, (size_t)length);
                *pem_length = (size_t)length;
                result = 1;
            }
        }
        if (bio != NULL) ssl.bio_free(bio);
    }
    if (key != NULL) ssl.pkey_free(key);
    if (context != NULL) ssl.pkey_ctx_free(context);
    return result;
}

int medbrain_scrypt(const char *password, size_t password_length, const unsigned char *salt, size_t salt_length,
                    unsigned long long n, unsigned long long r, unsigned long long p, unsigned char *key,
                    size_t key_length) {
    if (!medbrain_crypto_available()) return 0;
    // The memory scrypt may use: 128 * N * r bytes, and as much again for its own buffers.
    unsigned long long most = 256ULL * n * r + (1ULL << 20);
    return ssl.scrypt(password, password_length, salt, salt_length, n, r, p, most, key, key_length) == 1;
}

int medbrain_pbkdf2_sha256(const char *password, size_t password_length, const unsigned char *salt,
                           size_t salt_length, int iterations, unsigned char *key, size_t key_length) {
    if (!medbrain_crypto_available() || password_length > 1 << 20 || salt_length > 1 << 10) return 0;
    const EVP_MD *md = ssl.digest_by_name("SHA256");
    if (md == NULL) return 0;
    return ssl.pbkdf2(password, (int)password_length, salt, (int)salt_length, iterations, md, (int)key_length,
                      key) == 1;
}

// The digest `name` of `message`, `size` bytes long: 1 when made, 0 if not.
static int digest_named(const char *name, size_t size, const unsigned char *message, size_t message_length,
                        unsigned char *digest) {
    if (!medbrain_crypto_available()) return 0;
    const EVP_MD *md = ssl.digest_by_name(name);
    unsigned int length = 0;
    if (md == NULL || ssl.digest(message, message_length, digest, &length, md, NULL) != 1) return 0;
    return length == size;
}

int medbrain_sha256(const unsigned char *message, size_t message_length, unsigned char *digest) {
    return digest_named("SHA256", 32, message, message_length, digest);
}

int medbrain_sha1(const unsigned char *message, size_t message_length, unsigned char *digest) {
    return digest_named("SHA1", 20, message, message_length, digest);
}
