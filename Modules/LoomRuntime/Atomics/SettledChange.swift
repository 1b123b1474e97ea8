/// Brackets every change that can alter a settled answer — a registration added or removed, a cached instance
/// cleared — so that a memo of settled answers (`LoomCore`'s remembered `[T]`) is never used by a thread that already
/// sees the change.
///
/// A writer calls ``begin()`` before the change becomes visible (a slot emptied, a table stored) and ``end()`` after
/// it; `end()` advances the epoch. A reader takes ``epoch`` — `nil` while any change is in
/// progress — before it gathers an answer, and compares it again before it stores or uses a memo. A reader that
/// loaded the changed state is ordered after `begin()`, so it finds the change in progress or, once it ended, the
/// advanced epoch; advancing the epoch only after the change (as a plain counter would) left a window in which such a
/// reader still matched a memo gathered before it. Both live in one word, ``ProcessWord/settledEpoch``, used with the sequentially consistent
/// forms.
///
/// ```swift
/// SettledChange.around { slot.exchange(nil) }
/// if let epoch = SettledChange.epoch { … }   // no change in progress: gather, then remember under `epoch`
/// ```
package enum SettledChange {
    /// ``ProcessWord/settledEpoch`` holds the changes in progress in its low bits and the finished ones above, so
    /// beginning and ending a change are one atomic addition each and reading both is one load.
    private static let inProgressBits = 16
    private static let inProgressMask: UInt = (1 << 16) - 1

    /// Marks a change as in progress; call before it becomes visible.
    package static func begin() {
        ProcessWord.settledEpoch.incrementSequentiallyConsistent(by: 1)
    }

    /// Counts the change and marks it finished; call after it is visible.
    package static func end() {
        // One addition: one more finished change, one fewer in progress.
        ProcessWord.settledEpoch.incrementSequentiallyConsistent(by: (1 << inProgressBits) &- 1)
    }

    /// Runs `change` between ``begin()`` and ``end()``.
    package static func around<Result>(_ change: () throws -> Result) rethrows -> Result {
        begin()
        defer { end() }
        return try change()
    }

    /// The number of finished changes, or `nil` while one is in progress (no memo may be used or stored then).
    package static var epoch: UInt? {
        let word = ProcessWord.settledEpoch.sequentiallyConsistent
        guard word & inProgressMask == 0 else { return nil }
        return word >> inProgressBits
    }
}
