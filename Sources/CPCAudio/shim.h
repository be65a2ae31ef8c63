#ifndef LOOWI_CPCAUDIO_SHIM_H
#define LOOWI_CPCAUDIO_SHIM_H
#include <pcaudiolib/audio.h>
#endif
