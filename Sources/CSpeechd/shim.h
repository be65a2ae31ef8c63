#ifndef LOOWI_CSPEECHD_SHIM_H
#define LOOWI_CSPEECHD_SHIM_H
#include <speech-dispatcher/libspeechd.h>
#endif
