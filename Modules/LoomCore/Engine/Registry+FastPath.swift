/// What the lock-free probe found for a plain type key (a type locator without alternative or parameters).
///
/// Returned by value from a non-generic function, so the generic front doors that read it are specialised in
/// the caller's module and never instantiate generic metadata at run time.
@usableFromInline
package struct PlainProbe {
    /// The read section the probe entered; the caller leaves it with `ReadSection.exit(_:)` once it has copied
    /// the value out of `box`.
    @usableFromInline package let section: ReadSection.Token
    /// The published ``StrongBox`` or ``WeakBox`` of the registration, with bit 0 set for a ``WeakBox``; or `0`.
    ///
    /// Two words in all, so the probe comes back in registers.
    @usableFromInline package let taggedBox: UInt
    /// The ``PlainEntry`` answering the key when it is the only candidate, or `0`.
    @usableFromInline package let entry: UInt

    @inlinable
    package init(section: ReadSection.Token, taggedBox: UInt, entry: UInt) {
        self.section = section
        self.taggedBox = taggedBox
        self.entry = entry
    }
}

extension Registry {
    /// Enters a read section and finds the plain registration for a type in this registry's chain.
    ///
    /// Returns no entry when test overrides may be active, when several registrations answer the type, when
    /// nothing does, or when the registration does not produce exactly the requested type; the general path handles
    /// those cases.
    @usableFromInline
    package func probePlain(typeID: UInt) -> PlainProbe {
        probe(hash: LookupKey.fastHash(typeID), valueTypeBits: typeID) { $0.fastID == typeID }
    }

    /// Enters a read section and finds the registration named `name` (without parameters) in this registry's chain,
    /// usable only when it produces exactly the type whose `ObjectIdentifier` bits are `valueTypeBits`.
    @usableFromInline
    package func probeNamed(_ name: String, valueTypeBits: UInt) -> PlainProbe {
        probe(hash: LookupKey.nameHash(name), valueTypeBits: valueTypeBits) { $0.isPlainName(name) }
    }

    @inline(__always)
    private func probe(hash: UInt, valueTypeBits: UInt, matching matches: (LookupKey) -> Bool) -> PlainProbe {
        let section = ReadSection.enter()
        guard !ResolutionOverrides.mayBeActive else { return PlainProbe(section: section) }
        var current = Unmanaged.passUnretained(self)
        while true {
            let tableBits = current._withUnsafeGuaranteedRef { $0.tableBits }
            if let probe = PlainProbe(
                section: section, tableBits: tableBits, hash: hash, valueTypeBits: valueTypeBits, matching: matches)
            {
                return probe
            }
            guard let parent = current._withUnsafeGuaranteedRef({ $0.parentBits }) else {
                return PlainProbe(section: section)
            }
            current = parent
        }
    }
}

extension PlainProbe {
    /// A probe that found nothing the fast path can use.
    package init(section: ReadSection.Token) {
        self.init(section: section, taggedBox: 0, entry: 0)
    }

    /// Probes one table (inside `section`); `nil` when the table has no node for the key.
    @inline(__always)
    package init?(
        section: ReadSection.Token, tableBits: UInt, hash: UInt, valueTypeBits: UInt,
        matching matches: (LookupKey) -> Bool
    ) {
        let nodeBits = Unmanaged<LookupTable>.fromOpaque(UnsafeRawPointer(bitPattern: tableBits)!)
            ._withUnsafeGuaranteedRef { $0.nodeBits(hash: hash) { matches($0.key) } }
        guard nodeBits != 0 else { return nil }
        self = Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: nodeBits)!)._withUnsafeGuaranteedRef {
            node in
            guard !node.isCandidateList else { return PlainProbe(section: section) }
            let entry = unsafeDowncast(node, to: RegistrationEntry.self)
            // The typed readers below reinterpret the entry and its box as producing the requested type. A node
            // under a key without parameters is always a `PlainEntry<Value>` whose attributes name `Value`.
            guard UInt(bitPattern: ObjectIdentifier(entry.attributes.valueType)) == valueTypeBits else {
                return PlainProbe(section: section)
            }
            let box = entry.fastSlotWords?.atomicAcquire ?? 0
            return PlainProbe(
                section: section, taggedBox: box == 0 || !entry.hasWeakCache ? box : box | 1, entry: nodeBits)
        }
    }
}

extension PlainProbe {
    /// Reads the probed registration's value — its published instance, or a new one from its factory — and leaves the
    /// read section.
    ///
    /// Returns `nil` (having left the section) when only the general path can answer.
    @inlinable @inline(__always)
    package func resolve<T>(_ type: T.Type) throws -> T? {
        if taggedBox != 0 {
            if taggedBox & 1 == 0 {
                let value = Unmanaged<StrongBox<T>>.fromOpaque(
                    UnsafeRawPointer(bitPattern: taggedBox).unsafelyUnwrapped
                )
                ._withUnsafeGuaranteedRef { $0.value }
                ReadSection.exit(section)
                return value
            }
            let object = Unmanaged<WeakBox>.fromOpaque(UnsafeRawPointer(bitPattern: taggedBox & ~1).unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef { $0.object }
            if let object {
                ReadSection.exit(section)
                return (object as! T)
            }
        }
        guard entry != 0 else {
            ReadSection.exit(section)
            return nil
        }
        // Retain the entry before leaving the section: its factory runs outside it.
        let registration = Unmanaged<PlainEntry<T>>.fromOpaque(UnsafeRawPointer(bitPattern: entry).unsafelyUnwrapped)
            .takeUnretainedValue()
        ReadSection.exit(section)
        return try registration.resolve(in: .live)
    }
}
