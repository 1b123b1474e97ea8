/// What the lock-free probe found for a plain type key (a type locator without alternative or parameters).
///
/// Returned by value from a non-generic function, so the generic front doors that read it are specialised in
/// the caller's module and never instantiate generic metadata at run time.
@usableFromInline
package struct PlainProbe {
    /// The read section the probe entered; the caller leaves it with `ReadSection.exit(_:)` once it has copied
    /// the value out of `box`.
    @usableFromInline package let section: ReadSection.Token
    /// A published ``StrongBox`` or ``WeakBox`` of the registration, or `0`.
    @usableFromInline package let box: UInt
    /// Whether `box` is a ``WeakBox``.
    @usableFromInline package let isWeak: Bool
    /// The ``PlainEntry`` answering the key when it is the only candidate, or `0`.
    @usableFromInline package let entry: UInt
}

extension Registry {
    /// Enters a read section and finds the plain registration for a type in this registry's chain.
    ///
    /// Returns no entry when test overrides may be active, when several registrations answer the type, or
    /// when nothing does; the general path handles those cases.
    @usableFromInline
    package func probePlain(typeID: UInt) -> PlainProbe {
        let section = ReadSection.enter()
        guard !ResolutionOverrides.mayBeActive else { return PlainProbe(section: section) }
        let hash = LookupKey.fastHash(typeID)
        var current = Unmanaged.passUnretained(self)
        while true {
            let tableBits = current._withUnsafeGuaranteedRef { $0.tableBits }
            if let probe = PlainProbe(section: section, tableBits: tableBits, typeID: typeID, hash: hash) {
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
        self.init(section: section, box: 0, isWeak: false, entry: 0)
    }

    /// Probes one table (inside `section`); `nil` when the table has no node for the type.
    @inline(__always)
    package init?(section: ReadSection.Token, tableBits: UInt, typeID: UInt, hash: UInt) {
        let nodeBits = Unmanaged<LookupTable>.fromOpaque(UnsafeRawPointer(bitPattern: tableBits)!)
            ._withUnsafeGuaranteedRef { $0.nodeBits(fastID: typeID, hash: hash) }
        guard nodeBits != 0 else { return nil }
        self = Unmanaged<LookupNode>.fromOpaque(UnsafeRawPointer(bitPattern: nodeBits)!)._withUnsafeGuaranteedRef {
            node in
            guard !node.isCandidateList else { return PlainProbe(section: section) }
            let entry = unsafeDowncast(node, to: RegistrationEntry.self)
            return PlainProbe(
                section: section,
                box: entry.fastSlotWords?.atomicAcquire ?? 0,
                isWeak: entry.cache?.isWeak ?? false,
                entry: nodeBits
            )
        }
    }
}

extension PlainProbe {
    /// Reads the probed registration's value — its published instance, or a new one from its factory — and leaves the
    /// read section.
    ///
    /// Returns `nil` (having left the section) when only the general path can answer.
    @inlinable
    package func resolve<T>(_ type: T.Type) throws -> T? {
        if box != 0 {
            if !isWeak {
                let value = Unmanaged<StrongBox<T>>.fromOpaque(UnsafeRawPointer(bitPattern: box)!)
                    ._withUnsafeGuaranteedRef { $0.value }
                ReadSection.exit(section)
                return value
            }
            let object = Unmanaged<WeakBox>.fromOpaque(UnsafeRawPointer(bitPattern: box)!)
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
        let registration = Unmanaged<PlainEntry<T>>.fromOpaque(UnsafeRawPointer(bitPattern: entry)!)
            .takeUnretainedValue()
        ReadSection.exit(section)
        return try registration.resolve(in: .live)
    }
}
