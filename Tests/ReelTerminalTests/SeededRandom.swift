/// mulberry32, as the benchmark uses: small, seedable, replayable.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt32

  init(seed: UInt32) { state = seed }

  mutating func next32() -> UInt32 {
    state = state &+ 0x6D2B_79F5
    var t = (state ^ (state >> 15)) &* (1 | state)
    t = (t &+ ((t ^ (t >> 7)) &* (61 | t))) ^ t
    return t ^ (t >> 14)
  }

  mutating func next() -> UInt64 {
    UInt64(next32()) << 32 | UInt64(next32())
  }

  mutating func below(_ bound: Int) -> Int { Int(next32() % UInt32(bound)) }
}
