#ifndef ATRIUM_CSQLITE_SHIM_H
#define ATRIUM_CSQLITE_SHIM_H
#include <sqlite3.h>

/// Extended result codes are function-like macros that Swift does not import.
static const int ATRIUM_SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT_UNIQUE;
static const int ATRIUM_SQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT_PRIMARYKEY;
static const int ATRIUM_SQLITE_CONSTRAINT_FOREIGNKEY = SQLITE_CONSTRAINT_FOREIGNKEY;
#endif
