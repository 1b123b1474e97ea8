/// A value stored in a ``LookupTable``: one registration, or the list of registrations answering one key.
@usableFromInline
package class LookupNode: @unchecked Sendable {
    // Immutable; subclasses add only immutable or internally synchronised state.
    package let key: LookupKey
    package let isCandidateList: Bool

    package init(key: LookupKey, isCandidateList: Bool) {
        self.key = key
        self.isCandidateList = isCandidateList
    }
}

/// Several registrations answering one key: a primary registration plus types that declared conformance to the
/// key's type, or (in the graph's index) the same key registered in several containers.
package final class CandidateList: LookupNode, @unchecked Sendable {
    // Immutable.
    package let entries: [RegistrationEntry]

    package init(key: LookupKey, entries: [RegistrationEntry]) {
        self.entries = entries
        super.init(key: key, isCandidateList: true)
    }
}

extension LookupNode {
    /// The registrations this node stands for.
    package var candidates: [RegistrationEntry] {
        isCandidateList
            ? unsafeDowncast(self, to: CandidateList.self).entries
            : [unsafeDowncast(self, to: RegistrationEntry.self)]
    }
}
