/// A short list of objects keyed by a word: appended to under a lock, read without one, and closed once, after which
/// it finds and takes nothing — a request scope's caches, one per `.scoped` registration it used.
///
/// Nothing is removed while the list is in use: an element lives until the list goes (or its last holder takes the
/// elements out, ``removeAll(_:)``), so a reader holding the list needs no read section for what it finds. The first
/// chunk's words are the object's own stored properties (one allocation per list); when it is full, a chunk twice its
/// size is chained after it and published with a release store, so readers never see a half-written pair. Appends and
/// closing take a spin lock held for a scan and a few stores (no user code and, but for a new chunk, no allocation runs
/// under it), which saves a mutex's initialisation on every list — a list is made for every request.
///
/// Chunk word layout: `[lock, closed, count, next chunk, pair capacity, key₀, element₀, key₁, element₁, …]`. The
/// lock and closed words are used in the first chunk only; `element`s are retained. `count` and `next` are
/// published with release stores after what they cover is written; readers load them with acquire.
///
/// ```swift
/// let list = AppendOnlyList<Cache>()
/// let cache = list.element(forKey: 7) { Cache() }!.object(in: .empty)  // appended under the lock; the list holds it
/// list.element(forKey: 7)?.refersTo(cache)                        // true, found without the lock
/// list.close()                                                    // later lookups find nothing
/// list.forEachElement { print($0) }                                // still visits cache
/// ```
@usableFromInline
package final class AppendOnlyList<Element: AnyObject>: @unchecked Sendable {
    // Every word is accessed atomically or under the lock word, as described above; `storage` must stay the class's
    // first stored property, as in `OnceSlot`, since `words` points at the stored-property area.
    private var storage: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt) =
        (0, 0, 0, 0, AppendOnlyList.firstCapacity, 0, 0, 0, 0, 0, 0, 0, 0)

    @usableFromInline static var lockWord: Int { 0 }
    @usableFromInline static var closedWord: Int { 1 }
    @usableFromInline static var countWord: Int { 2 }
    @usableFromInline static var nextWord: Int { 3 }
    @usableFromInline static var capacityWord: Int { 4 }
    @usableFromInline static var firstPairWord: Int { 5 }
    /// The pairs that fit in the object itself: a request uses a handful of `.scoped` registrations.
    static var firstCapacity: UInt { 4 }

    /// Creates an empty, open list.
    package init() {}

    deinit {
        var chunk: UnsafeMutablePointer<UInt>? = words
        while let current = chunk {
            // `while` loops here and below: this class is generic and these bodies run unspecialised, where a
            // `for … in` range goes through the range's value witnesses on every step.
            var index = 0
            while index < Int(current[Self.countWord]) {
                Unmanaged<Element>.fromOpaque(Self.elementPointer(current, index)).release()
                index += 1
            }
            chunk = UnsafeMutablePointer<UInt>(bitPattern: current[Self.nextWord])
            if current != words { current.deallocate() }
        }
    }

    /// The first chunk's words.
    @inlinable
    var words: UnsafeMutablePointer<UInt> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: UInt.self)
    }

    // MARK: Reading

    /// The element stored under `key`, without taking the lock; `nil` when there is none or the list is closed.
    ///
    /// The result stays valid while the caller holds the list (read it under ``ReadLease/empty``).
    @inlinable
    package func element(forKey key: UInt) -> Leased<Element>? {
        if (words + Self.closedWord).atomicAcquire != 0 { return nil }
        var chunk = words
        while true {
            let count = Int((chunk + Self.countWord).atomicAcquire)
            var index = 0
            while index < count {
                if chunk[Self.firstPairWord + 2 * index] == key {
                    let bits = chunk[Self.firstPairWord + 2 * index + 1]
                    return Leased(reference: .fromOpaque(UnsafeRawPointer(bitPattern: bits)!))
                }
                index += 1
            }
            guard let next = UnsafeMutablePointer<UInt>(bitPattern: (chunk + Self.nextWord).atomicAcquire) else {
                return nil
            }
            chunk = next
        }
    }

    /// Whether ``close()`` ran.
    @inlinable
    package var isClosed: Bool { (words + Self.closedWord).atomicAcquire != 0 }

    // MARK: Writing

    /// The element stored under `key`, appending `make()` when there is none; unretained, valid while the caller
    /// holds the list (nothing is removed while it is in use).
    ///
    /// Returns `nil` once the list is closed. `make` runs outside the lock, so it must have no effect but its result:
    /// when another thread appends the key first, this call's element is dropped and the stored one returned.
    ///
    /// ```swift
    /// let cache = list.element(forKey: 7) { Cache() }   // appended under the lock
    /// ```
    @inlinable
    package func element(forKey key: UInt, orAppend make: () -> Element) -> Leased<Element>? {
        if let found = element(forKey: key) { return found }
        return append(make, forKey: key)
    }

    /// Appends `make()` under `key` unless the key is there already — the caller's lookup just missed it — and returns
    /// the stored element, unretained; `nil` once the list is closed.
    ///
    /// Inlinable so that it is specialised for `Element` (unspecialised, an `Element?` looked its metadata up on every
    /// call). The made element's reference moves into the list as is: one retain, none to undo, where handing the
    /// element around cost two retains and a release per append.
    @inlinable
    package func append(_ make: () -> Element, forKey key: UInt) -> Leased<Element>? {
        if isClosed { return nil }
        // Made before the lock: the lock is then held for a scan and a few stores (a chunk is allocated under it only
        // when one fills up, which doubles its successor's size).
        let made = UInt(bitPattern: Unmanaged.passRetained(make()).toOpaque())
        let stored: UInt? = withLock {
            if words[Self.closedWord] != 0 { return nil }
            var chunk = words
            while true {
                var index = 0
                while index < Int(chunk[Self.countWord]) {
                    if chunk[Self.firstPairWord + 2 * index] == key { return chunk[Self.firstPairWord + 2 * index + 1] }
                    index += 1
                }
                guard let next = UnsafeMutablePointer<UInt>(bitPattern: chunk[Self.nextWord]) else { break }
                chunk = next
            }
            let count = Int(chunk[Self.countWord])
            let capacity = Int(chunk[Self.capacityWord])
            if count < capacity {
                Self.store(made, key: key, at: count, in: chunk)
                (chunk + Self.countWord).atomicStoreRelease(UInt(count + 1))
            } else {
                let grown = UnsafeMutablePointer<UInt>.allocateAtomicWords(Self.firstPairWord + 4 * capacity)
                grown[Self.capacityWord] = UInt(2 * capacity)
                Self.store(made, key: key, at: 0, in: grown)
                grown[Self.countWord] = 1
                // Published last: a reader that sees the chunk sees its first pair and its count.
                (chunk + Self.nextWord).atomicStoreRelease(UInt(bitPattern: grown))
            }
            return made
        }
        // Dropped outside the lock: the closed list's or the winning append's element is the answer.
        if stored != made { Unmanaged<Element>.fromOpaque(UnsafeRawPointer(bitPattern: made)!).release() }
        guard let stored else { return nil }
        return Leased(reference: .fromOpaque(UnsafeRawPointer(bitPattern: stored)!))
    }

    /// Closes the list: later lookups and appends find nothing.
    ///
    /// Returns `false` when it was closed already. The elements stay alive (retained by the list) until the list
    /// itself is released or they are taken out (``removeAll(_:)``); ``forEachElement(_:)`` still visits them.
    package func close() -> Bool {
        withLock {
            if words[Self.closedWord] != 0 { return false }
            (words + Self.closedWord).atomicStoreRelease(1)
            return true
        }
    }

    /// Takes every element out of the list, in append order, handing `body` the list's own reference to each (which
    /// it may move elsewhere; what it leaves is released); the list is then empty.
    ///
    /// Only for the list's last holder (its owner's `deinit`): nothing else may read or append meanwhile. Inlinable
    /// so that it is specialised for `Element`.
    ///
    /// ```swift
    /// deinit { caches.removeAll { cache in recycle(&cache) } }
    /// ```
    @inlinable
    package func removeAll(_ body: (inout Element) -> Void) {
        var chunk: UnsafeMutablePointer<UInt>? = words
        while let current = chunk {
            var index = 0
            while index < Int(current[Self.countWord]) {
                var element = Unmanaged<Element>.fromOpaque(Self.elementPointer(current, index)).takeRetainedValue()
                body(&element)
                index += 1
            }
            current[Self.countWord] = 0
            chunk = UnsafeMutablePointer<UInt>(bitPattern: current[Self.nextWord])
        }
    }

    /// The number of elements appended so far.
    package var count: Int {
        var total = 0
        forEachChunk { chunk, count in total += count }
        return total
    }

    /// Calls `body` with each element appended so far, in the order they were appended, without taking the lock
    /// (once the list is closed, that is every element).
    package func forEachElement(_ body: (Element) throws -> Void) rethrows {
        try forEachChunk { chunk, count in
            var index = 0
            while index < count {
                try Unmanaged<Element>.fromOpaque(Self.elementPointer(chunk, index))._withUnsafeGuaranteedRef(body)
                index += 1
            }
        }
    }

    /// Calls `body` with each element appended so far, highest `rank` first, without taking the lock; `rank` is read
    /// once per element (elements appended meanwhile are not visited).
    ///
    /// The ranks are sorted in a temporary buffer, on the stack for a list of a request's size: ending a request scope
    /// releases its instances, dependents first, straight from its list instead of building an array of releases. Up
    /// to ``insertionSortLimit`` elements are ranked by insertion, which keeps equal ranks in append order; longer
    /// lists by the standard sort (equal ranks in an unspecified order).
    ///
    /// ```swift
    /// list.forEachElement(descendingBy: { $0.priority }, visit: { print($0) })   // highest priority first
    /// ```
    package func forEachElement(descendingBy rank: (Element) -> UInt, visit body: (Element) throws -> Void) rethrows {
        let total = count
        guard total > 0 else { return }
        try withUnsafeTemporaryAllocation(of: (rank: UInt, element: UnsafeRawPointer).self, capacity: total) {
            ranked in
            var filled = 0
            forEachChunk { chunk, count in
                // `count` words are re-read per chunk: only the first `total` elements were counted.
                let taken = min(count, total - filled)
                var index = 0
                while index < taken {
                    let element = Self.elementPointer(chunk, index)
                    let elementRank = Unmanaged<Element>.fromOpaque(element)._withUnsafeGuaranteedRef(rank)
                    (ranked.baseAddress! + filled).initialize(to: (elementRank, element))
                    filled += 1
                    index += 1
                }
            }
            var visited = UnsafeMutableBufferPointer(rebasing: ranked[..<filled])
            if filled <= Self.insertionSortLimit {
                // A request's handful of elements: an insertion sort in place costs a few comparisons, where the
                // general sort's set-up alone cost more than the whole release.
                var index = 1
                while index < filled {
                    let moving = visited[index]
                    var slot = index
                    while slot > 0, visited[slot - 1].rank < moving.rank {
                        visited[slot] = visited[slot - 1]
                        slot -= 1
                    }
                    visited[slot] = moving
                    index += 1
                }
            } else {
                visited.sort { $0.rank > $1.rank }
            }
            var position = 0
            while position < filled {
                try Unmanaged<Element>.fromOpaque(visited[position].element)._withUnsafeGuaranteedRef(body)
                position += 1
            }
        }
    }

    /// The most elements ``forEachElement(descendingBy:visit:)`` ranks by insertion.
    static var insertionSortLimit: Int { 16 }

    private func forEachChunk(_ body: (UnsafeMutablePointer<UInt>, Int) throws -> Void) rethrows {
        var chunk: UnsafeMutablePointer<UInt>? = words
        while let current = chunk {
            try body(current, Int((current + Self.countWord).atomicAcquire))
            chunk = UnsafeMutablePointer<UInt>(bitPattern: (current + Self.nextWord).atomicAcquire)
        }
    }

    /// Runs `body` holding the list's spin lock (the first chunk's lock word).
    ///
    /// Inlinable with its callers: a call through a closure context cost an append a fifth of its instructions.
    @inlinable
    func withLock<Result>(_ body: () -> Result) -> Result {
        (words + Self.lockWord).withSpinLock(body)
    }

    /// Writes the element whose retained reference is `elementBits` (the list now owns that reference) under `key`
    /// into pair `index` of `chunk`; the caller publishes the count.
    @inlinable
    static func store(_ elementBits: UInt, key: UInt, at index: Int, in chunk: UnsafeMutablePointer<UInt>) {
        chunk[firstPairWord + 2 * index] = key
        chunk[firstPairWord + 2 * index + 1] = elementBits
    }

    /// The element of pair `index` of `chunk`, unretained.
    @inlinable
    static func elementPointer(_ chunk: UnsafeMutablePointer<UInt>, _ index: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: chunk[firstPairWord + 2 * index + 1])!
    }
}
