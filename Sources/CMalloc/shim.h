// glibc's allocator settings (mallopt), which the Glibc module does not bring.
#include <malloc.h>
