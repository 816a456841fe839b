#ifndef ATRIUM_CCRYPTO_SHIM_H
#define ATRIUM_CCRYPTO_SHIM_H
// The P-256 helpers below use OpenSSL's EC_KEY calls, deprecated in 3.0 but kept: they take a
// raw 32-byte private key and a 65-byte point directly, which the newer OSSL_PARAM calls need
// a dozen lines for. Their deprecation warnings are silenced here only.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

/// A P-256 key from its 32-byte private scalar, with its public point computed; NULL on error.
static inline EC_KEY *atrium_p256_key(const unsigned char *private_key) {
  EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
  BIGNUM *d = BN_bin2bn(private_key, 32, NULL);
  EC_POINT *point = key ? EC_POINT_new(EC_KEY_get0_group(key)) : NULL;
  int ok = key && d && point && EC_KEY_set_private_key(key, d) == 1
    && EC_POINT_mul(EC_KEY_get0_group(key), point, d, NULL, NULL, NULL) == 1
    && EC_KEY_set_public_key(key, point) == 1;
  EC_POINT_free(point);
  BN_clear_free(d);
  if (!ok) { EC_KEY_free(key); return NULL; }
  return key;
}

/// The 32-byte private scalar of a P-256 key in PEM (PKCS#8 `BEGIN PRIVATE KEY`, as Apple's
/// `.p8` files hold it, or SEC 1 `BEGIN EC PRIVATE KEY`). 1 on success; 0 for anything else.
static inline int atrium_p256_private_from_pem(const char *pem, size_t length, unsigned char *private_key) {
  BIO *bio = BIO_new_mem_buf(pem, (int)length);
  EVP_PKEY *pkey = bio ? PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) : NULL;
  const EC_KEY *key = pkey ? EVP_PKEY_get0_EC_KEY(pkey) : NULL;
  int ok = key && EC_GROUP_get_curve_name(EC_KEY_get0_group(key)) == NID_X9_62_prime256v1
    && BN_bn2binpad(EC_KEY_get0_private_key(key), private_key, 32) == 32;
  EVP_PKEY_free(pkey);
  BIO_free(bio);
  return ok;
}

/// A new P-256 key: its private scalar (32 bytes) and uncompressed public point (65). 1 on success.
static inline int atrium_p256_generate(unsigned char *private_key, unsigned char *public_key) {
  EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
  int ok = key && EC_KEY_generate_key(key) == 1
    && BN_bn2binpad(EC_KEY_get0_private_key(key), private_key, 32) == 32
    && EC_POINT_point2oct(EC_KEY_get0_group(key), EC_KEY_get0_public_key(key), POINT_CONVERSION_UNCOMPRESSED,
                          public_key, 65, NULL) == 65;
  EC_KEY_free(key);
  return ok;
}

/// The uncompressed public point (65 bytes) of a private scalar. 1 on success.
static inline int atrium_p256_public(const unsigned char *private_key, unsigned char *public_key) {
  EC_KEY *key = atrium_p256_key(private_key);
  int ok = key && EC_POINT_point2oct(EC_KEY_get0_group(key), EC_KEY_get0_public_key(key),
                                     POINT_CONVERSION_UNCOMPRESSED, public_key, 65, NULL) == 65;
  EC_KEY_free(key);
  return ok;
}

/// ECDH: the 32-byte shared secret of a private scalar and a peer's uncompressed point. 1 on
/// success; 0 for a point not on the curve.
static inline int atrium_p256_ecdh(const unsigned char *private_key, const unsigned char *peer, size_t peer_length,
                                   unsigned char *secret) {
  EC_KEY *key = atrium_p256_key(private_key);
  EC_POINT *point = key ? EC_POINT_new(EC_KEY_get0_group(key)) : NULL;
  int ok = key && point && EC_POINT_oct2point(EC_KEY_get0_group(key), point, peer, peer_length, NULL) == 1
    && ECDH_compute_key(secret, 32, point, key, NULL) == 32;
  EC_POINT_free(point);
  EC_KEY_free(key);
  return ok;
}

/// ECDSA over a 32-byte digest, as the raw r‖s (64 bytes) JWS wants, not OpenSSL's DER. 1 on success.
static inline int atrium_p256_sign(const unsigned char *private_key, const unsigned char *digest,
                                   unsigned char *signature) {
  EC_KEY *key = atrium_p256_key(private_key);
  ECDSA_SIG *sig = key ? ECDSA_do_sign(digest, 32, key) : NULL;
  const BIGNUM *r = NULL, *s = NULL;
  if (sig) ECDSA_SIG_get0(sig, &r, &s);
  int ok = sig && BN_bn2binpad(r, signature, 32) == 32 && BN_bn2binpad(s, signature + 32, 32) == 32;
  ECDSA_SIG_free(sig);
  EC_KEY_free(key);
  return ok;
}

/// Checks a raw r‖s (64 bytes) ECDSA signature of a 32-byte digest against an uncompressed
/// public point. 1 when it holds, 0 otherwise.
static inline int atrium_p256_verify(const unsigned char *public_key, const unsigned char *digest,
                                     const unsigned char *signature) {
  EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
  EC_POINT *point = key ? EC_POINT_new(EC_KEY_get0_group(key)) : NULL;
  ECDSA_SIG *sig = ECDSA_SIG_new();
  BIGNUM *r = BN_bin2bn(signature, 32, NULL), *s = BN_bin2bn(signature + 32, 32, NULL);
  int ok = key && point && sig && r && s
    && EC_POINT_oct2point(EC_KEY_get0_group(key), point, public_key, 65, NULL) == 1
    && EC_KEY_set_public_key(key, point) == 1 && ECDSA_SIG_set0(sig, r, s) == 1;
  if (ok) { r = NULL; s = NULL; }
  ok = ok && ECDSA_do_verify(digest, 32, sig, key) == 1;
  BN_free(r);
  BN_free(s);
  ECDSA_SIG_free(sig);
  EC_POINT_free(point);
  EC_KEY_free(key);
  return ok;
}

/// AES-128-GCM: `length` bytes of plaintext into as many of ciphertext, and the 16-byte tag. 1 on success.
static inline int atrium_aes128gcm_seal(const unsigned char *key, const unsigned char *nonce,
                                        const unsigned char *plaintext, int length, unsigned char *ciphertext,
                                        unsigned char *tag) {
  EVP_CIPHER_CTX *context = EVP_CIPHER_CTX_new();
  int written = 0, final_length = 0;
  int ok = context && EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), NULL, NULL, NULL) == 1
    && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, 12, NULL) == 1
    && EVP_EncryptInit_ex(context, NULL, NULL, key, nonce) == 1
    && EVP_EncryptUpdate(context, ciphertext, &written, plaintext, length) == 1
    && EVP_EncryptFinal_ex(context, ciphertext + written, &final_length) == 1
    && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1;
  EVP_CIPHER_CTX_free(context);
  return ok && written + final_length == length;
}
/// RS256 (RSASSA-PKCS1-v1_5 with SHA-256): the signature of `message` by the RSA private key in
/// `pem` (PKCS#8, as a Google service account's JSON holds it). Writes at most `capacity` bytes
/// and their count to `written`; 1 on success, 0 for a key that is not RSA or a signing error.
static inline int atrium_rs256_sign(const char *pem, size_t pem_length, const unsigned char *message,
                                    size_t length, unsigned char *signature, size_t capacity, size_t *written) {
  BIO *bio = BIO_new_mem_buf(pem, (int)pem_length);
  EVP_PKEY *pkey = bio ? PEM_read_bio_PrivateKey(bio, NULL, NULL, NULL) : NULL;
  EVP_MD_CTX *context = EVP_MD_CTX_new();
  size_t size = capacity;
  int ok = pkey && context && EVP_PKEY_get_base_id(pkey) == EVP_PKEY_RSA
    && EVP_PKEY_get_size(pkey) <= (int)capacity
    && EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, pkey) == 1
    && EVP_DigestSign(context, signature, &size, message, length) == 1;
  *written = ok ? size : 0;
  EVP_MD_CTX_free(context);
  EVP_PKEY_free(pkey);
  BIO_free(bio);
  return ok;
}
/// SHA-256 of `count` bytes into `digest` (32 bytes), without looking the algorithm up: OpenSSL
/// 3's one-shot `SHA256` fetches it from the provider at every call, under a lock all threads
/// share (every web page hashes its session cookie).
static inline void atrium_sha256(const void *data, size_t count, unsigned char *digest) {
  SHA256_CTX context;
  SHA256_Init(&context);
  SHA256_Update(&context, data, count);
  SHA256_Final(digest, &context);
}

#endif
