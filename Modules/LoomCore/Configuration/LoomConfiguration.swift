public import LoomRuntime

/// Process-wide settings.
///
/// Every member is thread-safe.
///
/// ```swift
/// LoomConfiguration.logger = PrintLogger(minimumLevel: .debug)
/// LoomConfiguration.runtimeCycleDetection = .always
/// ```
///
/// The dependency graph snapshots the indexing setting of a container when it is activated (re-activate to change
/// it). Cycle detection and the depth limit are read at each resolution, so changing them takes effect at once for
/// every container.
public enum LoomConfiguration {
    private static let store = ConfigurationStore()

    /// The logger used by containers created without their own.
    ///
    /// Default: `PrintLogger(minimumLevel: .warning)`.
    ///
    /// ```swift
    /// LoomConfiguration.logger = DisabledLogger()
    /// ```
    public static var logger: any LoomLogger {
        get { store.logger.withLock { $0 } }
        set {
            store.logger.withLock {
                $0 = newValue
                ProcessSetting.minimumLogLevel.store(UInt(newValue.minimumLevel.rawValue) + 1)
            }
        }
    }

    /// Whether the dependency graph indexes active containers for O(1) lookups (default `true`).
    ///
    /// Results are identical either way; without indexing, lookups scan every active registration.
    ///
    /// ```swift
    /// LoomConfiguration.isIndexingEnabled = false
    /// ```
    public static var isIndexingEnabled: Bool {
        get { store.isIndexingEnabled.value != 0 }
        set { store.isIndexingEnabled.store(newValue ? 1 : 0) }
    }

    /// A hint for how many registrations the graph will hold, used to size its index up front (default 0: grow as
    /// needed).
    ///
    /// ```swift
    /// LoomConfiguration.approximateDependencyCount = 5_000
    /// ```
    public static var approximateDependencyCount: Int {
        get { Int(store.approximateDependencyCount.value) }
        set { store.approximateDependencyCount.store(UInt(max(0, newValue))) }
    }

    /// Whether weak-cache entries of released `.shared` instances are dropped automatically when the graph changes
    /// (default `true`).
    ///
    /// `DependencyGraph.releaseUnusedStorage()` does it on demand.
    ///
    /// ```swift
    /// LoomConfiguration.autoCleanupEnabled = false
    /// ```
    public static var autoCleanupEnabled: Bool {
        get { store.autoCleanupEnabled.value != 0 }
        set { store.autoCleanupEnabled.store(newValue ? 1 : 0) }
    }

    /// When resolutions check for dependency cycles (default ``CycleDetection/debugOnly``).
    ///
    /// With detection off, ``maximumResolutionDepth`` still turns runaway recursion into an error.
    ///
    /// ```swift
    /// LoomConfiguration.runtimeCycleDetection = .always
    /// ```
    public static var runtimeCycleDetection: CycleDetection {
        get {
            let stored = ProcessSetting.cycleDetection.value
            return stored == 0 ? .debugOnly : CycleDetection(rawValue: UInt8(stored - 1)) ?? .debugOnly
        }
        set { ProcessSetting.cycleDetection.store(UInt(newValue.rawValue) + 1) }
    }

    /// How deeply factories may resolve other dependencies before the chain is reported as a cycle (default 512).
    ///
    /// Keeps runaway recursion from overflowing the stack when cycle detection is off.
    ///
    /// ```swift
    /// LoomConfiguration.maximumResolutionDepth = 256
    /// ```
    public static var maximumResolutionDepth: Int {
        get {
            let stored = ProcessSetting.maximumResolutionDepth.value
            return stored == 0 ? 512 : Int(stored)
        }
        set { ProcessSetting.maximumResolutionDepth.store(UInt(max(1, newValue))) }
    }

    /// The global logger's minimum level, as a raw value: one load of a process-wide word, for inlinable callers.
    @inlinable @inline(__always)
    package static var minimumLogLevel: UInt {
        let stored = ProcessSetting.minimumLogLevel.value
        return stored == 0 ? UInt(LoomLogLevel.warning.rawValue) : stored - 1
    }

    /// Whether cycle detection is on right now: one load and a comparison (each nested frame asks).
    package static var isCycleDetectionActive: Bool {
        // The stored word is the setting's raw value + 1, or 0 for the default, `.debugOnly`.
        let stored = ProcessSetting.cycleDetection.value
        if stored == UInt(CycleDetection.always.rawValue) + 1 { return true }
        #if DEBUG
            return stored != UInt(CycleDetection.never.rawValue) + 1
        #else
            return false
        #endif
    }
}

/// When Loom checks resolutions for dependency cycles.
///
/// ```swift
/// LoomConfiguration.runtimeCycleDetection = .always
/// ```
public enum CycleDetection: UInt8, Sendable, CaseIterable {
    /// Check every resolution.
    case always
    /// Never check (the depth limit still applies).
    case never
    /// Check in debug builds of Loom only (the default).
    case debugOnly

    /// Whether this setting checks in the current build.
    ///
    /// ```swift
    /// if LoomConfiguration.runtimeCycleDetection.isActive { … }
    /// ```
    public var isActive: Bool {
        switch self {
        case .always: true
        case .never: false
        case .debugOnly:
            #if DEBUG
                true
            #else
                false
            #endif
        }
    }
}

/// The storage behind ``LoomConfiguration``.
private final class ConfigurationStore: Sendable {
    let logger = LoomLock<any LoomLogger>(PrintLogger())
    let isIndexingEnabled = AtomicCounter(1)
    let approximateDependencyCount = AtomicCounter(0)
    let autoCleanupEnabled = AtomicCounter(1)
}
