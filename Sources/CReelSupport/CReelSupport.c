// The module is its header's inline functions; SwiftPM builds a C target from at least one
// source file.
#include "CReelSupport.h"
