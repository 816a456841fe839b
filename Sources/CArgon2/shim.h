#ifndef ATRIUM_CARGON2_SHIM_H
#define ATRIUM_CARGON2_SHIM_H
#include <argon2.h>
#endif
