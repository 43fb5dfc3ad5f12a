#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/bn.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/sha.h>
#include <openssl/objects.h>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>

/// A new stack of certificates (sk_X509_new_null is a macro Swift cannot import).
static inline STACK_OF(X509) *copenssl_certificates_new(void) {
    return sk_X509_new_null();
}

/// Appends `certificate` to `stack` without taking a reference; 0 on failure.
static inline int copenssl_certificates_push(STACK_OF(X509) *stack, X509 *certificate) {
    return sk_X509_push(stack, certificate);
}

/// Frees `stack` but not the certificates in it.
static inline void copenssl_certificates_free(STACK_OF(X509) *stack) {
    sk_X509_free(stack);
}

/// How many certificates `stack` holds.
static inline int copenssl_certificates_count(const STACK_OF(X509) *stack) {
    return sk_X509_num(stack);
}

/// The certificate at `index` of `stack`, owned by the stack.
static inline X509 *copenssl_certificates_value(const STACK_OF(X509) *stack, int index) {
    return sk_X509_value(stack, index);
}

/// The selection `EVP_PKEY_fromdata` takes for a public key (EVP_PKEY_PUBLIC_KEY is a macro Swift cannot import).
static inline int copenssl_public_key_selection(void) {
    return EVP_PKEY_PUBLIC_KEY;
}
