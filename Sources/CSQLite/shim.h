#ifndef ATRIUM_CSQLITE_SHIM_H
#define ATRIUM_CSQLITE_SHIM_H
#include <sqlite3.h>

/// Extended result codes are function-like macros that Swift does not import.
static const int ATRIUM_SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT_UNIQUE;
static const int ATRIUM_SQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT_PRIMARYKEY;
static const int ATRIUM_SQLITE_CONSTRAINT_FOREIGNKEY = SQLITE_CONSTRAINT_FOREIGNKEY;

/// Turns off SQLite's memory statistics, which it keeps under one process-wide mutex taken by
/// every allocation. `sqlite3_config` is variadic (Swift cannot call it), and it must run
/// before SQLite initializes (before the first connection opens); later it changes nothing
/// and returns `SQLITE_MISUSE`.
static inline int atrium_sqlite_stop_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
