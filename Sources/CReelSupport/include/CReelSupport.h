#ifndef REEL_C_SUPPORT_H
#define REEL_C_SUPPORT_H

#include <stdint.h>

/// Asks for the cache line holding `address` to be loaded, for reading, into every level of
/// the data caches, without waiting for it: a hint that never faults, reads nothing the program
/// sees and writes nothing (on x86-64 a `prefetcht0`, on arm64 a `prfm`).
///
/// Reel's extent store calls it in its descents. It is C because Swift has no prefetch of its
/// own; inlined into the Swift caller, it is the one instruction.
static inline __attribute__((always_inline)) void reel_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
