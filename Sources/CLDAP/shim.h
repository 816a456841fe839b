#ifndef ATRIUM_CLDAP_SHIM_H
#define ATRIUM_CLDAP_SHIM_H

#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <lber.h>
#include <ldap.h>

/// Opens a handle for one server URL (`ldap://` or `ldaps://`): protocol 3, no referral
/// chasing, network and operation timeouts, an optional CA file, and StartTLS when asked.
/// Nothing is sent before the first operation, except for StartTLS. Returns an LDAP result code.
static inline int atrium_ldap_open(const char *url, int timeout_seconds, int start_tls, const char *ca_file,
                                   LDAP **out) {
  *out = NULL;
  LDAP *ld = NULL;
  int rc = ldap_initialize(&ld, url);
  if (rc != LDAP_SUCCESS) return rc;
  int version = LDAP_VERSION3;
  ldap_set_option(ld, LDAP_OPT_PROTOCOL_VERSION, &version);
  ldap_set_option(ld, LDAP_OPT_REFERRALS, LDAP_OPT_OFF);
  struct timeval timeout = {timeout_seconds, 0};
  ldap_set_option(ld, LDAP_OPT_NETWORK_TIMEOUT, &timeout);
  ldap_set_option(ld, LDAP_OPT_TIMEOUT, &timeout);
  if (ca_file != NULL && ca_file[0] != '\0') {
    int demand = LDAP_OPT_X_TLS_DEMAND;
    ldap_set_option(ld, LDAP_OPT_X_TLS_CACERTFILE, ca_file);
    ldap_set_option(ld, LDAP_OPT_X_TLS_REQUIRE_CERT, &demand);
    int fresh = 0;
    ldap_set_option(ld, LDAP_OPT_X_TLS_NEWCTX, &fresh);
  }
  if (start_tls) {
    rc = ldap_start_tls_s(ld, NULL, NULL);
    if (rc != LDAP_SUCCESS) {
      ldap_unbind_ext_s(ld, NULL, NULL);
      return rc;
    }
  }
  *out = ld;
  return LDAP_SUCCESS;
}

/// A simple bind (`LDAP_SASL_SIMPLE` is not imported into Swift).
static inline int atrium_ldap_simple_bind(LDAP *ld, const char *dn, const char *password, size_t length) {
  struct berval credentials;
  credentials.bv_val = (char *)password;
  credentials.bv_len = length;
  return ldap_sasl_bind_s(ld, dn, LDAP_SASL_SIMPLE, &credentials, NULL, NULL, NULL);
}

/// One page of a search with the paged-results control (RFC 2696) when `page_size` > 0.
/// `cookie` carries the server's position between pages: empty at the start, and empty again
/// after the last page (free it with `ber_memfree` when non-empty). `*result` must be freed
/// with `ldap_msgfree`, whatever the code. Returns the search's result code.
static inline int atrium_ldap_search_page(LDAP *ld, const char *base, int scope, const char *filter, char **attributes,
                                          int page_size, struct berval *cookie, int timeout_seconds,
                                          LDAPMessage **result) {
  *result = NULL;
  LDAPControl *page = NULL;
  LDAPControl *controls[2] = {NULL, NULL};
  int rc;
  if (page_size > 0) {
    rc = ldap_create_page_control(ld, (ber_int_t)page_size, cookie->bv_len > 0 ? cookie : NULL, 1, &page);
    if (rc != LDAP_SUCCESS) return rc;
    controls[0] = page;
  }
  struct timeval timeout = {timeout_seconds, 0};
  rc = ldap_search_ext_s(ld, base, scope, filter, attributes, 0, page_size > 0 ? controls : NULL, NULL, &timeout,
                         LDAP_NO_LIMIT, result);
  if (page != NULL) ldap_control_free(page);
  if (cookie->bv_val != NULL) {
    ber_memfree(cookie->bv_val);
    cookie->bv_val = NULL;
  }
  cookie->bv_len = 0;
  if (*result == NULL) return rc;
  int code = rc;
  LDAPControl **returned = NULL;
  int parsed = ldap_parse_result(ld, *result, &code, NULL, NULL, NULL, &returned, 0);
  if (parsed != LDAP_SUCCESS) return parsed;
  if (page_size > 0 && returned != NULL) {
    LDAPControl *response = ldap_control_find(LDAP_CONTROL_PAGEDRESULTS, returned, NULL);
    if (response != NULL) {
      ber_int_t estimate = 0;
      ldap_parse_pageresponse_control(ld, response, &estimate, cookie);
    }
  }
  if (returned != NULL) ldap_controls_free(returned);
  return code;
}

static inline void atrium_ldap_unbind(LDAP *ld) { ldap_unbind_ext_s(ld, NULL, NULL); }

#endif
