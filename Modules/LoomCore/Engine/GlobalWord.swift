public import LoomCoreShims

/// Process-wide settings read on every resolution, kept in the C shim's plain words so that reading one is a
/// single load instead of a lazily initialised global's once-check.
@usableFromInline
package enum GlobalWord: Int32 {
    /// Active task-local override scopes (see ``ResolutionOverrides``).
    case activeOverrideScopes = 0
    /// The global logger's minimum level plus one (`0` means "not set yet": the default `.warning`).
    case minimumLogLevel = 1
    /// ``CycleDetection`` raw value plus one (`0` means "not set yet": the default).
    case cycleDetection = 2
    /// The maximum resolution depth (`0` means "not set yet": the default).
    case maximumResolutionDepth = 3
    /// Live task-local `Conf` override scopes (LoomKeys), so key reads skip the task-local lookup when zero.
    case activeConfOverrideScopes = 4
    /// The published root-value snapshot of LoomKeys' store (a retained object pointer, `0` while empty).
    case confRootSnapshot = 5
    /// `1` once writers order read sections with `membarrier` (readers then skip their own fence).
    case asymmetricFences = 6

    @inlinable @inline(__always)
    package var pointer: UnsafeMutablePointer<UInt> { loom_global_word(rawValue) }
}
