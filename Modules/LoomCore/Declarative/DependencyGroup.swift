/// A list of registrations that can be enabled or disabled together.
///
/// Groups nest; a disabled group contributes nothing, including its nested groups.
///
/// ```swift
/// Container {
///     DependencyGroup {
///         MotionDetectionService()
///         GyroscopeCalibration()
///     }
///     .enabled(System.isGyroscopeSupported)
/// }
/// ```
public struct DependencyGroup: Sendable {
    package let components: [DependencyComponent]

    package init(components: [DependencyComponent]) {
        self.components = components
    }

    /// Creates a group from a builder.
    ///
    /// ```swift
    /// let storage = DependencyGroup {
    ///     Dependency { FileStore() }
    ///     Dependency { Cache() }
    /// }
    /// ```
    /// - Parameter dependencies: The group's registrations.
    public init(@DependencyBuilder _ dependencies: () -> DependencyGroup) {
        self = dependencies()
    }

    /// Keeps the group's registrations only when `isEnabled` is true.
    ///
    /// ```swift
    /// DependencyGroup { AuthenticationService() }.enabled(AppModel.shared.canUseAuthentication)
    /// ```
    /// - Parameter isEnabled: Whether the group registers anything.
    /// - Returns: The group, or an empty one.
    public func enabled(_ isEnabled: Bool) -> DependencyGroup {
        isEnabled ? self : DependencyGroup(components: [])
    }

    /// The number of registrations in the group.
    ///
    /// ```swift
    /// DependencyGroup { Service() }.count   // 1
    /// ```
    public var count: Int { components.count }
}

/// One registration produced by a builder, not yet bound to a container.
///
/// A class, so the builder's arrays copy one reference per registration instead of its attributes.
package final class DependencyComponent: Sendable {
    package let attributes: RegistrationAttributes
    /// `attributes.key`, computed once (hashing a name or value key is not free).
    package let key: RegistrationKey
    /// Whether the registration replaces an explicit registration of its type's `Optional` (it is located by type).
    package let replacesOptionalTwin: Bool
    package let problems: [String]
    /// The provider's entry maker; the component passes its own attributes and key, so nothing is computed twice and
    /// the ``Dependency`` itself is not kept.
    private let makeProviderEntry: DependencyFactory.EntryMaker

    package init<Value>(_ dependency: Dependency<Value>) {
        attributes = dependency.attributes
        key = attributes.key
        var problems = dependency.problems
        if dependency.alternative != nil, dependency.locator.locatedType == nil {
            problems.append(
                "an alternative only qualifies registrations located by type; it is ignored for \(dependency.locator)")
        }
        self.problems = problems
        // The twin's key is built by the registry, and only while it holds a registration located by an `Optional`
        // type (`RegistrationEntry.optionalTwinKey`): built here, it looked `Optional<Value>`'s metadata up at run
        // time for every declaration.
        replacesOptionalTwin = dependency.locator.locatedType != nil
        makeProviderEntry = dependency.provider.makeEntry
        // A closure, not `\.makeEntry`: a key path into a generic type is instantiated at run time, on every
        // declaration (demangling its type): that made declaring a dependency about six times slower.
        modeEntryMakers = dependency.modeProviders.mapValues { $0.makeEntry }
    }

    /// The entry makers of the factories for other run modes.
    private let modeEntryMakers: [RunMode: DependencyFactory.EntryMaker]

    /// A new entry for this registration in `owner`'s container, taking over `cache` when given; the factories for
    /// other run modes come with it, each with a cache of its own.
    package func makeEntry(_ owner: RegistrationOwner, _ cache: EntryCache?) -> RegistrationEntry {
        let entry = makeProviderEntry(attributes, key, owner, cache)
        if !modeEntryMakers.isEmpty {
            ModeVariants.attach(
                Dictionary(
                    uniqueKeysWithValues: modeEntryMakers.map { mode, make in
                        (mode, make(attributes.serving(mode), key, owner, nil))
                    }),
                to: entry)
        }
        return entry
    }
}
