#ifndef ATRIUM_CMOSQUITTO_SHIM_H
#define ATRIUM_CMOSQUITTO_SHIM_H

#include <stdbool.h>
#include <mosquitto.h>

#endif
