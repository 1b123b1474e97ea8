package import LoomRuntime

/// A read-only picture of one registry: which registrations it holds and what their caches hold right now.
///
/// Test-only clear-box hook (package access): the reliability suite takes one before and one after a failing
/// call and requires them to be equal, proving the failure changed nothing. The public API can only ask "does
/// this resolve?", which cannot tell an untouched registration from an identical replacement, nor a cached
/// instance from a freshly built one. Taking a snapshot never runs user code and changes nothing.
///
/// The snapshot holds the entries and published boxes it saw strongly, so an object freed and reallocated at the
/// same address can never make two snapshots look equal. Argument-keyed caches of parameterised registrations
/// are not included (their slots are private to `EntryCache`); compare those by resolving.
package struct RegistrySnapshot: Equatable, Sendable, CustomStringConvertible {
    /// One registration as the registry holds it.
    package struct Registration: Equatable, Sendable, CustomStringConvertible {
        /// The registration itself; equal only to the very same entry.
        package let entry: RegistrationEntry
        /// The box published in the registration's plain slot (`nil`: nothing cached, or no cache).
        package let publishedBox: InstanceBox?
        /// Whether a thread has claimed the plain slot to build it (left set by a failure, it would block every
        /// later resolver).
        package let isBeingBuilt: Bool

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.entry === rhs.entry && lhs.publishedBox === rhs.publishedBox && lhs.isBeingBuilt == rhs.isBeingBuilt
        }

        /// `Type[Service] (singleton) cached` and the like.
        package var description: String {
            var text = "\(entry.key) (\(entry.scope))"
            if let publishedBox {
                text += " cached \(ObjectIdentifier(publishedBox))"
            }
            if isBeingBuilt { text += " being built" }
            return text
        }
    }

    /// Every registration, in registration order.
    package let registrations: [Registration]
    /// Whether the registry was locked.
    package let isLocked: Bool

    /// One line per registration.
    package var description: String {
        (["locked: \(isLocked)"] + registrations.map(\.description)).joined(separator: "\n")
    }
}

extension Registry {
    /// What this registry holds right now; see ``RegistrySnapshot``.
    package var snapshot: RegistrySnapshot {
        let registrations = entries.map { entry in
            RegistrySnapshot.Registration(
                entry: entry,
                publishedBox: entry.cache?.box,
                isBeingBuilt: entry.cache?.isBeingBuilt ?? false
            )
        }
        return RegistrySnapshot(registrations: registrations, isLocked: isLocked)
    }
}
