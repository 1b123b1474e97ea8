/// A value stored in a registry's table: one registration, or the list of registrations answering one key.

package import LoomRuntime

@usableFromInline
package class RegistryNode: @unchecked Sendable {
    // Immutable; subclasses add only immutable or internally synchronised state.
    @usableFromInline package let key: RegistrationKey
    @usableFromInline package let isCandidateList: Bool
    /// Whether the lock-free probes must leave this node to the general path.
    ///
    /// True for a list of candidates, a registration with factories per run mode and an unimplemented one: one flag,
    /// read where the probe read `isCandidateList`, so none of them costs the other registrations anything.
    @usableFromInline package let needsGeneralPath: Bool

    package init(key: RegistrationKey, isCandidateList: Bool, needsGeneralPath: Bool = false) {
        self.key = key
        self.isCandidateList = isCandidateList
        self.needsGeneralPath = isCandidateList || needsGeneralPath
    }
}

/// Several registrations answering one key: a primary registration plus types that declared conformance to the
/// key's type, or (in the graph's index) the same key registered in several containers.
package final class CandidateList: RegistryNode, @unchecked Sendable {
    // Immutable.
    package let entries: [RegistrationEntry]

    package init(key: RegistrationKey, entries: [RegistrationEntry]) {
        self.entries = entries
        super.init(key: key, isCandidateList: true)
    }
}

/// The lock-free table of registry nodes behind a registry and the dependency graph's index.
package typealias RegistryTable = ConcurrentTable<RegistryNode>

extension RegistryNode {
    /// The registrations this node stands for.
    package var candidates: [RegistrationEntry] {
        isCandidateList
            ? unsafeDowncast(self, to: CandidateList.self).entries
            : [unsafeDowncast(self, to: RegistrationEntry.self)]
    }
}

extension ConcurrentTable where Node == RegistryNode {
    /// The node stored for `key`, retained (enters its own read section).
    package func node(for key: RegistrationKey) -> RegistryNode? {
        node(hash: key.tableHash) { $0.key == key }
    }

    /// Stores `node` under `key` (or clears the key), returning the replaced node, which readers may still hold.
    package func store(_ node: RegistryNode?, for key: RegistrationKey) -> RegistryNode? {
        store(node, hash: key.tableHash) { $0.key == key }
    }
}
