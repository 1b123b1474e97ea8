import LoomRuntime
import LoomTestSupport
import Testing

/// A reference that does not keep its object alive: it refers to the object it was made from, is read under a lease,
/// and retains only when asked.
@Suite struct LeasedTests {
    private struct Failure: Error, Equatable {}

    @Test func itRefersToTheObjectItWasMadeFrom() {
        let marker = Marker(1)
        let other = Marker(1)
        let unretained = Leased(marker)
        #expect(unretained.refersTo(marker))
        #expect(!unretained.refersTo(other))
        #expect(unretained.object(in: .empty) === marker)
    }

    @Test func withObjectPassesTheObjectAndReturnsTheBodysResult() {
        let marker = Marker(7)
        let unretained = Leased(marker)
        let seen = unretained.withObject(in: .empty) { object -> (Bool, Int) in (object === marker, object.id) }
        #expect(seen == (true, 7))
    }

    @Test func withObjectRethrows() {
        let unretained = Leased(Marker())
        #expect(throws: Failure()) {
            try unretained.withObject(in: .empty) { _ in throw Failure() }
        }
    }

    @Test func makingOneDoesNotKeepTheObjectAlive() {
        var watched = Weak<Marker>(nil)
        var unretained: Leased<Marker>?
        do {
            let marker = Marker()
            watched = Weak(marker)
            unretained = Leased(marker)
        }
        #expect(watched.object == nil)
        // Only its bits are left; nothing here may touch the object.
        #expect(unretained != nil)
    }

    /// `object` retains: the result keeps the object alive after everything else let go.
    @Test func objectReturnsAStrongReference() {
        var watched = Weak<Marker>(nil)
        var kept: Marker?
        do {
            let marker = Marker(3)
            watched = Weak(marker)
            kept = Leased(marker).object(in: .empty)
        }
        #expect(watched.object != nil)
        #expect(kept?.id == 3)
        kept = nil
        #expect(watched.object == nil)
    }

    @Test func assumingTypeSeesTheSameObjectAsTheSubclassItIs() {
        let derived = DerivedMarker(5, detail: "derived")
        let base = Leased<BaseMarker>(derived)
        let seenAsDerived = base.assumingType(DerivedMarker.self)
        #expect(seenAsDerived.refersTo(derived))
        #expect(seenAsDerived.withObject(in: .empty) { "\($0.detail) \($0.id)" } == "derived 5")
    }
}
