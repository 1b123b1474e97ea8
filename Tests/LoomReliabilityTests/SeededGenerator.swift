/// SplitMix64: a tiny deterministic generator, so a failing random graph can be rebuilt from its seed alone.
///
/// The standard library's generator is seeded from the system and cannot be replayed. SplitMix64 passes BigCrush,
/// needs one word of state and has no bad seeds, which is all a test-input generator needs.
struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The generator for item `index` of a run seeded with `seed`: the same pair always gives the same stream, and
    /// neighbouring indexes give unrelated streams (so one graph can be replayed without generating the others).
    init(seed: UInt64, index: Int) {
        var mixer = SeededGenerator(seed: seed ^ Self.scramble(UInt64(truncatingIfNeeded: index) &+ 0x5EED))
        state = mixer.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.scramble(state)
    }

    /// SplitMix64's output function: a bijective mix in which every input bit affects every output bit.
    private static func scramble(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniformly random integer in `range` (the standard library's unbiased algorithm, fed by this generator).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(in: 0...99) < percent
    }

    /// A random element of a non-empty collection.
    mutating func pick<C: RandomAccessCollection>(_ collection: C) -> C.Element {
        collection.randomElement(using: &self)!
    }
}
