// The header declares libFuzzer's driver; this file only makes the target a C module.
#include "CFuzzer.h"
