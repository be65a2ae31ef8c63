#ifndef LOOWI_CESPEAK_SHIM_H
#define LOOWI_CESPEAK_SHIM_H
#include <espeak-ng/speak_lib.h>
#include <espeak-ng/espeak_ng.h>
#endif
