internal import LoomRuntime

/// The factories a registration carries for other run modes, by the registration's ``RegistrationEntry/sequence``.
///
/// Kept beside the registrations rather than in them: few registrations have any, and a field would cost every
/// registration a word. Each variant is an entry of its own (with its own cache, so a test double's singleton is
/// never the live one), never stored in a registry table: the registration's node stands for all of them, and
/// re-registering its key replaces them together.
package enum ModeVariants {
    private static let table = LoomLock<[UInt: [RunMode: RegistrationEntry]]>([:])

    /// Attaches `variants` (never one for `entry`'s own mode) to `entry`, before it is published.
    package static func attach(_ variants: [RunMode: RegistrationEntry], to entry: RegistrationEntry) {
        guard !variants.isEmpty else { return }
        table.withLock { $0[entry.sequence] = variants }
    }

    /// The factories `entry` carries for other run modes than its own.
    package static func variants(of entry: RegistrationEntry) -> [RunMode: RegistrationEntry] {
        guard entry.needsGeneralPath else { return [:] }
        return table.withLock { $0[entry.sequence] } ?? [:]
    }

    /// Drops the variants of the registration `sequence` (its `deinit`); they are released outside the lock.
    static func remove(for sequence: UInt) {
        let removed = table.withLock { $0.removeValue(forKey: sequence) }
        _ = consume removed
    }
}

extension RegistrationEntry {
    /// The entry whose factory serves `mode`: the mode's own, else the live one; `nil` when the registration has
    /// neither (it was registered only `for:` other modes).
    package func serving(_ mode: RunMode) -> RegistrationEntry? {
        if mode == attributes.runMode { return self }
        let variants = ModeVariants.variants(of: self)
        if let variant = variants[mode] { return variant }
        guard mode != .live else { return nil }
        return attributes.runMode == .live ? self : variants[.live]
    }

    /// This registration and the entries of its factories for other run modes (what a reset of its caches covers).
    package var withModeVariants: [RegistrationEntry] {
        guard needsGeneralPath else { return [self] }
        return [self] + ModeVariants.variants(of: self).values.sorted { $0.sequence < $1.sequence }
    }

    /// The run modes this registration has a factory for, in declaration order of ``RunMode``.
    package var runModes: [RunMode] {
        guard needsGeneralPath else { return [attributes.runMode] }
        let variants = ModeVariants.variants(of: self)
        return RunMode.allCases.filter { $0 == attributes.runMode || variants[$0] != nil }
    }

    /// The entry answering a request in the current run mode; itself for a registration with one factory.
    ///
    /// - Throws: ``InjectionError/missingDependency(_:suggestions:)`` when the registration has no factory for the
    ///   current mode and no live one.
    @inline(__always)
    package func servingCurrentMode(
        key: RegistrationKey, requested: Any.Type, arguments: [any Sendable], searched: @autoclosure () -> [String]
    ) throws -> RegistrationEntry {
        guard _slowPath(needsGeneralPath) else { return self }
        return try servingCurrentModeSlowly(key: key, requested: requested, arguments: arguments, searched: searched())
    }

    private func servingCurrentModeSlowly(
        key: RegistrationKey, requested: Any.Type, arguments: [any Sendable], searched: [String]
    ) throws -> RegistrationEntry {
        let mode = RunMode.current
        if let entry = serving(mode) { return entry }
        throw InjectionError.missingDependency(
            DependencyContext(key: key, requested: requested, arguments: arguments, searched: searched),
            suggestions: [
                "\(key) in \(ownerDescription) has a factory only for "
                    + runModes.map(\.rawValue).joined(separator: ", ") + " — the current run mode is \(mode)"
            ])
    }
}
