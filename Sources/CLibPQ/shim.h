#ifndef ATRIUM_CLIBPQ_SHIM_H
#define ATRIUM_CLIBPQ_SHIM_H
#include <libpq-fe.h>

/// The error-field codes are character-literal macros, which Swift does not import.
static const int ATRIUM_PG_DIAG_SQLSTATE = PG_DIAG_SQLSTATE;
static const int ATRIUM_PG_DIAG_MESSAGE_PRIMARY = PG_DIAG_MESSAGE_PRIMARY;
static const int ATRIUM_PG_DIAG_MESSAGE_DETAIL = PG_DIAG_MESSAGE_DETAIL;
static const int ATRIUM_PG_DIAG_CONSTRAINT_NAME = PG_DIAG_CONSTRAINT_NAME;
#endif
