public import LoomRuntimeShims

/// Process-wide words read on every resolution or key read, kept in the C shim's plain globals so reading one is a
/// single load — no lazily initialised global's once-check.
///
/// The runtime only stores them; each case says which module gives it its meaning.
///
/// ```swift
/// if ProcessWord.activeOverlays.isNonZero { … }   // a test overlay exists somewhere: take the general path
/// ```
@usableFromInline
package enum ProcessWord: Int32, CaseIterable, Sendable {
    /// Live resolution contexts carrying a test overlay (`LoomCore`): while zero, probes skip the resolution context.
    case activeOverlays = 0
    /// The global logger's minimum level plus one (`LoomCore`; `0`: not set, the default `.warning`).
    case minimumLogLevel = 1
    /// `LoomCore`'s `CycleDetection` raw value plus one (`0`: not set, the default).
    case cycleDetection = 2
    /// The maximum resolution depth (`LoomCore`; `0`: not set, the default).
    case maximumResolutionDepth = 3
    /// Live resolution contexts carrying key overrides (`LoomKeys`' `Conf.withValue`): while zero, key reads skip the
    /// resolution context.
    case activeKeyOverrides = 4
    /// Live resolution contexts carrying a construction chain or flow (an async boundary): while zero, the
    /// outermost resolution on a thread skips the resolution context.
    case activeChains = 5
    /// `1` once writers order read sections with `membarrier` (readers then skip their own fence; runtime only).
    case asymmetricFences = 6
    /// Registrations located by an `Optional` type, process-wide (`LoomCore`): while zero, a `T?` request needs no
    /// probe for an explicit `T?` registration before the one for `T`.
    case optionalLocators = 7
    /// Live resolution contexts carrying a scoped lookup policy (`LoomLookup`): while zero, the policy getter skips the
    /// resolution context.
    case activeLookupPolicies = 8
    /// `LoomKeys`' published root values (a ``ProcessReference``).
    case keyRootValues = 9
    /// Changes that can alter a settled answer — a registration added or removed (`LoomCore`), a cached instance
    /// cleared or replaced (``OnceSlot``) — finished and in progress (``SettledChange`` owns the layout). Words 16 and
    /// 17 share a cache line of their own: they are written on every such change, and the line of the words above is
    /// read on every resolution.
    case settledEpoch = 16
    /// `1` while `LoomCore` may hold memos of settled answers (see ``settledEpoch``); lets a release skip the memos'
    /// lock when there are none. Both words are written and read with the sequentially consistent forms.
    case settledMemos = 17

    @inlinable @inline(__always)
    var word: UnsafeMutablePointer<UInt> { loom_global_word(rawValue) }

    /// The value, without ordering.
    @inlinable @inline(__always)
    package var relaxed: UInt { word.atomicRelaxed }

    /// Whether the value is non-zero, without ordering (the hot-path check).
    @inlinable @inline(__always)
    package var isNonZero: Bool { word.atomicRelaxed != 0 }

    /// The value, ordered after the store that wrote it.
    @inlinable @inline(__always)
    package var acquire: UInt { word.atomicAcquire }

    /// Replaces the value (release).
    package func store(_ value: UInt) { word.atomicStoreRelease(value) }

    /// Adds one and returns the new value.
    @discardableResult package func increment() -> UInt { word.atomicIncrement() }

    /// Subtracts one and returns the new value.
    @discardableResult package func decrement() -> UInt { word.atomicDecrement() }

    // The sequentially consistent forms: every thread sees these operations, on any word, in one order. So of two
    // threads that each write one word with them and then read the other's, at least one sees the other's write.

    /// The value (sequentially consistent).
    package var sequentiallyConsistent: UInt { word.atomicSequentiallyConsistent }

    /// Replaces the value (sequentially consistent).
    package func storeSequentiallyConsistent(_ value: UInt) { word.atomicStoreSequentiallyConsistent(value) }

    /// Adds `delta` (wrapping) and returns the new value (sequentially consistent).
    @discardableResult package func incrementSequentiallyConsistent(by delta: UInt = 1) -> UInt {
        word.atomicIncrementSequentiallyConsistent(by: delta)
    }
}

/// A process-wide count of live things of one kind that hot paths ask about.
///
/// While it is zero, a probe skips the general path that would look for them. One plain load to read; the modules
/// above the runtime use these, never a ``ProcessWord``.
///
/// ```swift
/// if ProcessCounter.activeOverlays.isNonZero { … }   // a test overlay exists somewhere: take the general path
/// ```
@usableFromInline
package enum ProcessCounter: Sendable, CaseIterable {
    /// Live resolution contexts carrying a test overlay (`LoomCore`).
    case activeOverlays
    /// Live resolution contexts carrying key overrides (`LoomKeys`' `Conf.withValue`).
    case activeKeyOverrides
    /// Live resolution contexts carrying a construction chain or flow (an async boundary).
    case activeChains
    /// Registrations located by an `Optional` type (`LoomCore`).
    case optionalLocators
    /// Live resolution contexts carrying a scoped lookup policy (`LoomLookup`).
    case activeLookupPolicies

    @inlinable @inline(__always)
    package var word: ProcessWord {
        switch self {
        case .activeOverlays: .activeOverlays
        case .activeKeyOverrides: .activeKeyOverrides
        case .activeChains: .activeChains
        case .optionalLocators: .optionalLocators
        case .activeLookupPolicies: .activeLookupPolicies
        }
    }

    /// Whether the count is above zero.
    ///
    /// Not ordered with anything else: a thread that just counted itself in sees it at once; another thread sees it
    /// soon, which is what a skipped general path allows (Documentation/Design/fast-paths.md).
    @inlinable @inline(__always)
    package var isNonZero: Bool { word.isNonZero }

    /// Counts one more.
    @discardableResult package func increment() -> UInt { word.increment() }

    /// Counts one fewer.
    @discardableResult package func decrement() -> UInt { word.decrement() }
}

/// A process-wide setting that hot paths read (`LoomConfiguration`'s): one plain load, `0` until first set.
///
/// ```swift
/// ProcessSetting.maximumResolutionDepth.store(256)
/// ProcessSetting.maximumResolutionDepth.value   // 256
/// ```
@usableFromInline
package enum ProcessSetting: Sendable, CaseIterable {
    /// The global logger's minimum level plus one.
    case minimumLogLevel
    /// `LoomCore`'s `CycleDetection` raw value plus one.
    case cycleDetection
    /// The maximum resolution depth.
    case maximumResolutionDepth

    @inlinable @inline(__always)
    package var word: ProcessWord {
        switch self {
        case .minimumLogLevel: .minimumLogLevel
        case .cycleDetection: .cycleDetection
        case .maximumResolutionDepth: .maximumResolutionDepth
        }
    }

    /// The stored value, `0` when never set.
    ///
    /// A new value reaches other threads soon after it is stored; nothing else is ordered by it.
    @inlinable @inline(__always)
    package var value: UInt { word.relaxed }

    /// Stores `value`.
    package func store(_ value: UInt) { word.store(value) }
}

/// The flag saying that `LoomCore` may hold memos of settled answers, so that a change that can alter one
/// (``SettledChange``) must clear them; while it is down, a release skips the memos' lock.
///
/// Raising, lowering and reading it are ordered with ``SettledChange``'s own operations, all threads seeing one
/// order: of a thread that raises the flag and then reads the change epoch, and a thread that begins a change and
/// then reads the flag, at least one sees the other's write.
///
/// ```swift
/// SettledMemosFlag.raise()        // before the first memo is stored
/// if SettledMemosFlag.isRaised { … clear the memos … }
/// ```
package enum SettledMemosFlag {
    /// Whether memos may exist.
    package static var isRaised: Bool { ProcessWord.settledMemos.sequentiallyConsistent != 0 }

    /// Marks that memos may exist.
    package static func raise() { ProcessWord.settledMemos.storeSequentiallyConsistent(1) }

    /// Marks that none exists.
    package static func lower() { ProcessWord.settledMemos.storeSequentiallyConsistent(0) }
}
