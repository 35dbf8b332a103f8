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

/// `value` when `probe < key`, else 0, without a branch: the comparison is marked
/// unpredictable, so the compiler keeps a conditional move instead of turning it into a jump.
///
/// Reel's binary search over cell addresses steps with it (`UpdateAnimator.lowerBound`): which
/// half holds the key is a coin toss at every step, and a mispredicted jump costs more than the
/// step. Swift has no way to mark a branch unpredictable; inlined into the Swift caller, this is
/// a compare and a conditional move.
static inline __attribute__((always_inline)) intptr_t reel_value_if_below(
    uintptr_t probe, uintptr_t key, intptr_t value) {
  return __builtin_unpredictable(probe < key) ? value : 0;
}

#endif
