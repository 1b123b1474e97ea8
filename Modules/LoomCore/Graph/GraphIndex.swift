internal import LoomRuntime

/// The graph's merged view of every active container, published for lock-free reads.
///
/// `table` maps each key to the registrations answering it across the active containers that were indexed at
/// activation (each container contributing what a resolution in that container would find: its own
/// registration, else its nearest parent's); identical registrations collapse into one. Containers activated
/// with indexing off are listed in `scanned` and searched at lookup time instead — same results, linear cost.
/// The graph replaces the whole index when the set of active containers changes, and updates `table` in place
/// (under its lock) when a registration of an active container changes.
@usableFromInline
package final class GraphIndex: @unchecked Sendable {
    // Immutable except `table`'s slots, which `RegistryTable` publishes atomically.
    package let table: RegistryTable
    package let active: [Container]
    package let scanned: [Container]
    @usableFromInline package let hasScannedContainers: Bool

    package init(table: RegistryTable, active: [Container], scanned: [Container]) {
        self.table = table
        self.active = active
        self.scanned = scanned
        hasScannedContainers = !scanned.isEmpty
    }

    package static let empty = GraphIndex(table: RegistryTable(minimumCapacity: 8), active: [], scanned: [])

    /// The node the table should hold for `key`: the registrations answering it in `containers`, in order,
    /// with identical ones collapsed.
    package static func node(for key: RegistrationKey, in containers: [Container]) -> RegistryNode? {
        let merged = mergedCandidates(for: key, in: containers)
        switch merged.count {
        case 0: return nil
        case 1 where merged[0].key == key: return merged[0]
        default: return CandidateList(key: key, entries: merged)
        }
    }

    /// The registrations answering `key` for a single-value request in each of `containers`, deduplicated.
    package static func mergedCandidates(for key: RegistrationKey, in containers: [Container]) -> [RegistrationEntry] {
        var merged: [RegistrationEntry] = []
        for container in containers { merged.appendNew(container.candidates(for: key) ?? []) }
        return merged
    }

    /// Builds an index over `indexed` containers (plus `scanned` ones searched at lookup time).
    ///
    /// Walks each indexed container's chain registry by registry, sharing the registries' immutable nodes: a key
    /// answered by one registration across all views keeps that registration's own node.
    package static func build(active: [Container], indexed: [Container], scanned: [Container], capacityHint: Int)
        -> GraphIndex
    {
        let chains = indexed.map { $0.chain.map(\.registry) }
        // Collect the nodes first and size the table by them: a registry holds a node per alias key as well as per
        // registration, and counting apart from this walk could miss registrations made meanwhile.
        var nodes: [(hash: UInt, node: RegistryNode)] = []
        for chain in chains {
            for (position, registry) in chain.enumerated() {
                var slots = registry.slotsInAddressOrder()
                if position > 0 {
                    // A parent's key is shadowed in this view when a nearer registry of the chain answers it.
                    slots.removeAll { slot in
                        chain[..<position].contains { $0.node(for: slot.node.key) != nil }
                    }
                }
                nodes += slots
            }
        }
        // Built once at up to 80 % load (in-place updates keep to 75 % and rebuild beyond): sized by keys alone,
        // a power-of-two table would otherwise often double just past a round number of registrations.
        let table = RegistryTable(minimumCapacity: max(capacityHint, nodes.count) * 5 / 4 + 1)
        for (hash, node) in nodes {
            // Keys are compared only on equal hashes, so most insertions never read a stored node.
            guard let existing = table.insertIfAbsent(node, hash: hash, matching: { $0.key == node.key }) else {
                continue
            }
            merge(node, into: table, existing: existing)
        }
        return GraphIndex(table: table, active: active, scanned: scanned)
    }

    /// Merges a view's node for a key into the node a table being built (not yet published) already holds for it.
    private static func merge(_ node: RegistryNode, into table: RegistryTable, existing: RegistryNode) {
        let key = node.key
        var merged = existing.candidates
        let before = merged.count
        merged.appendNew(node.candidates)
        guard merged.count != before else { return }
        // The table is not published yet, so the replaced node can go at once.
        _ = table.store(CandidateList(key: key, entries: merged), for: key)
    }
}

extension [RegistrationEntry] {
    /// Appends each of `entries` not identical to one already here (nor to one appended before it), in order.
    mutating func appendNew(_ entries: [RegistrationEntry]) {
        for entry in entries where !contains(where: { $0.isIdentical(to: entry) }) { append(entry) }
    }
}
