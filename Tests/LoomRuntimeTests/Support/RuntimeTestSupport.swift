import Foundation
import LoomRuntime

// Fixtures shared by LoomRuntime's tests: real threads joined with a watchdog, a reader parked inside a read
// section, and canaries that tell a reader when it holds an object that was already released.

// MARK: - Scale

/// How the test binary was built and run, and how much work a stress test does under it.
enum RuntimeTestScale {
    /// Whether ThreadSanitizer's runtime is linked into this process (`swift test --sanitize=thread`).
    ///
    /// The truth for what the C shim was compiled with: a sanitised build never enables `membarrier`.
    static let threadSanitizerIsLinked: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        return dlsym(process, "__tsan_init") != nil
    }()

    /// Whether the tests run under ThreadSanitizer (its runtime is linked in, or CI's TSan step set `LOOM_UNDER_TSAN`).
    ///
    /// Only scales work down.
    static let isUnderThreadSanitizer =
        threadSanitizerIsLinked || ProcessInfo.processInfo.environment["LOOM_UNDER_TSAN"] != nil

    /// `normally`, or `underThreadSanitizer` when ThreadSanitizer slows every access 5–15×.
    static func iterations(normally: Int, underThreadSanitizer: Int) -> Int {
        isUnderThreadSanitizer ? underThreadSanitizer : normally
    }

    /// Whether writers order read sections with `membarrier` in this process: on Linux, outside ThreadSanitizer
    /// (the kernel has offered `MEMBARRIER_CMD_PRIVATE_EXPEDITED` since 4.14).
    static var expectsAsymmetricFences: Bool {
        #if os(Linux)
            return !threadSanitizerIsLinked
        #else
            return false
        #endif
    }
}

// MARK: - Threads

/// A real OS thread running one body, joined with a watchdog: a deadlock fails the test instead of hanging it.
///
/// The watchdog never decides a passing outcome; it only turns "never returns" into a failure.
final class TestThread: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Void) {
        let finished = finished
        let thread = Thread {
            body()
            finished.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Waits for the body to return; `false` when it has not after `seconds` (the thread is then abandoned).
    func join(seconds: Int = 60) -> Bool {
        finished.wait(timeout: .now() + .seconds(seconds)) == .success
    }
}

/// Spins (yielding) until `condition` holds; `false` if it still does not after `seconds` (a watchdog, not a timing).
@discardableResult
func spin(until condition: () -> Bool, seconds: Double = 60) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition() {
        if DispatchTime.now() > deadline { return condition() }
        sched_yield()
    }
    return true
}

/// ``spin(until:seconds:)`` for a condition another test's progress decides: sleeps between checks rather than holding
/// one of the test runner's threads, which that other test may need (the runner has as many as the machine has
/// cores, and a spinning test can starve the one it waits for until the watchdog fires).
func poll(until condition: () -> Bool, seconds: Double = 60) async -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition() {
        if DispatchTime.now() > deadline { return condition() }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Computes for a while (widens a race window; never decides an outcome).
@inline(never)
@discardableResult
func busyWork(_ steps: Int) -> Int {
    var sum = 0
    for step in 0..<steps { sum &+= step &* step }
    return sum
}

/// Lets other threads run `times` times (widens a race window; never decides an outcome).
func yieldThread(times: Int) {
    for _ in 0..<times { sched_yield() }
}

/// Yields on every 32nd `iteration`: reader loops call it between sections, so a reader is rarely descheduled inside
/// one — on a machine with fewer cores than threads, a writer would wait a whole time slice for it.
func yieldBetweenSections(_ iteration: Int) {
    if iteration.isMultiple(of: 32) { sched_yield() }
}

/// Gives another thread about 20 ms to do something it must not do (return from a wait too early), stopping as soon
/// as `happened` holds.
///
/// A correct primitive passes however long this waits; the time only decides how likely a broken one is caught.
func giveAChance(toHappen happened: () -> Bool) {
    for _ in 0..<200 where !happened() {
        usleep(100)
    }
}

/// A one-use barrier for `parties` threads that spin (never inside a read section).
final class SpinBarrier: Sendable {
    private let arrived = AtomicCounter()
    private let parties: UInt

    init(parties: Int) { self.parties = UInt(parties) }

    /// Waits until every party has arrived; `false` if they did not within the watchdog.
    @discardableResult
    func arriveAndWait() -> Bool {
        arrived.increment()
        return spin(until: { arrived.value >= parties })
    }
}

/// How long a stress test's writer keeps replacing what its readers read.
///
/// At least `minimum` replacements, and on until the readers have counted `reads` reads, so readers and writer
/// overlap however fast either side runs — a writer whose grace periods stopped waiting would otherwise be done before
/// the readers got going; never more than `maximum` (the size of the test's ledger).
final class ReplacementSchedule: Sendable {
    let minimum: Int
    let maximum: Int
    private let readsWanted: UInt
    private let reads = AtomicCounter()
    private let lastSerial = AtomicCounter()
    private let finished = AtomicCounter()

    init(minimum: Int, reads: Int) {
        self.minimum = minimum
        maximum = 4 * minimum
        readsWanted = UInt(reads)
    }

    /// Whether the writer is done (readers loop until it is).
    var isFinished: Bool { finished.value != 0 }
    /// The last serial the writer published.
    var last: Int { Int(lastSerial.value) }

    /// Counts one read (readers call it once per loop).
    func countRead() { reads.increment() }

    /// Runs `replace` on the calling thread with serials 1, 2, … for as long as the schedule says.
    func run(_ replace: (_ serial: Int) -> Void) {
        var serial = 0
        while serial < maximum, serial < minimum || reads.value < readsWanted {
            serial += 1
            replace(serial)
        }
        lastSerial.store(UInt(serial))
        finished.store(1)
    }
}

// MARK: - Read sections

/// A thread that enters a read section, runs `inside` there, and stays inside until ``leave()``.
final class ParkedReader: Sendable {
    private let release = DispatchSemaphore(value: 0)
    private let thread: TestThread
    /// `1` from just before the reader leaves its section (it is still inside when this is set).
    let isLeaving = AtomicCounter()

    /// Starts the reader and returns once it is inside its section and `inside` has run.
    init(inside: @escaping @Sendable (borrowing ReadLease) -> Void = { _ in }) {
        let entered = DispatchSemaphore(value: 0)
        let release = release
        let isLeaving = isLeaving
        thread = TestThread {
            let lease = ReadLease()
            inside(lease)
            entered.signal()
            release.wait()
            isLeaving.store(1)
            lease.end()
        }
        entered.wait()
    }

    /// Lets the reader leave its section and waits for its thread; `false` if it did not finish.
    @discardableResult
    func leave() -> Bool {
        release.signal()
        return thread.join()
    }
}

/// What a writer did while a ``ParkedReader`` sat inside its section.
struct WriterObservation {
    /// The writer returned before the reader was let go.
    var returnedWhileReaderInside: Bool
    /// When the writer returned, the reader had started leaving (a grace period must see this).
    var sawReaderLeaving: Bool
    /// Both threads finished.
    var finished: Bool
}

/// Runs `write` on a new thread while `reader` stays inside its section, gives it a chance to return early, runs
/// `whileReaderInside`, then lets the reader go and waits for both.
func observeWriter(
    against reader: ParkedReader,
    whileReaderInside: () -> Void = {},
    write: @escaping @Sendable () -> Void
) -> WriterObservation {
    let started = AtomicCounter()
    let returned = AtomicCounter()
    let sawLeaving = AtomicCounter()
    let writer = TestThread {
        started.store(1)
        write()
        sawLeaving.store(reader.isLeaving.value)
        returned.store(1)
    }
    spin(until: { started.value == 1 })
    giveAChance(toHappen: { returned.value == 1 })
    let returnedEarly = returned.value == 1
    whileReaderInside()
    let readerFinished = reader.leave()
    let writerFinished = writer.join()
    return WriterObservation(
        returnedWhileReaderInside: returnedEarly,
        sawReaderLeaving: sawLeaving.value == 1,
        finished: readerFinished && writerFinished
    )
}

/// A strong reference another thread can capture (an ``AtomicReference`` is non-copyable).
final class Published<Object: AnyObject>: Sendable {
    let reference: AtomicReference<Object>

    init(_ object: Object?) { reference = AtomicReference(object) }
}

// MARK: - Canaries

/// Which ``Canary`` objects are alive, in words that outlive them: a reader holding a released canary finds it dead
/// here while still inside its read section.
final class Ledger: Sendable {
    private static let unborn: UInt = 0
    private static let alive: UInt = 1
    private static let released: UInt = 2

    private let states: [AtomicCounter]

    /// A ledger for serials `0..<capacity`.
    init(capacity: Int) {
        states = (0..<capacity).map { _ in AtomicCounter() }
    }

    var capacity: Int { states.count }

    /// Whether the canary `serial` was made and not yet released (`false` for a serial out of range, which only a
    /// torn or freed object can carry).
    func isAlive(_ serial: Int) -> Bool {
        guard states.indices.contains(serial) else { return false }
        return states[serial].value == Self.alive
    }

    /// Whether the canary `serial` was made and then released.
    func wasReleased(_ serial: Int) -> Bool {
        states[serial].value == Self.released
    }

    /// How many canaries are alive now.
    var aliveCount: Int { states.count { $0.value == Self.alive } }

    fileprivate func recordBirth(_ serial: Int) { states[serial].store(Self.alive) }
    fileprivate func recordRelease(_ serial: Int) { states[serial].store(Self.released) }
}

/// An object that records its life in a ``Ledger`` and carries a seal derived from its serial, so a reader can tell
/// a live object from a released (or reused) one.
final class Canary: Sendable {
    let serial: Int
    let key: Int
    let version: Int
    private let seal: UInt
    private let ledger: Ledger

    init(serial: Int, key: Int = 0, version: Int = 0, ledger: Ledger) {
        self.serial = serial
        self.key = key
        self.version = version
        self.ledger = ledger
        seal = Self.seal(serial: serial, key: key, version: version)
        ledger.recordBirth(serial)
    }

    deinit { ledger.recordRelease(serial) }

    /// Whether this object is alive and unchanged; `ledger` is the reader's own reference (a released object's
    /// fields cannot be trusted).
    func isIntact(in ledger: Ledger) -> Bool {
        seal == Self.seal(serial: serial, key: key, version: version) && ledger.isAlive(serial)
    }

    /// Whether this object is intact now and stays alive through more looks at the ledger, made while the caller is
    /// still inside the read section it loaded the object in.
    ///
    /// A grace period that did not wait for the caller shows up as a release during those looks, which read only the
    /// ledger, never the (possibly freed) object. On every 16th `iteration` the caller also yields in between, so a
    /// writer sharing its processor (a loaded machine) runs while the caller is inside.
    func staysIntact(in ledger: Ledger, iteration: Int) -> Bool {
        guard isIntact(in: ledger) else { return false }
        let serial = serial
        if iteration.isMultiple(of: 16) { sched_yield() }
        for _ in 0..<16 where !ledger.isAlive(serial) { return false }
        return true
    }

    private static func seal(serial: Int, key: Int, version: Int) -> UInt {
        let hash = TableHash.combine(TableHash.word(UInt(bitPattern: serial)), UInt(bitPattern: key))
        return TableHash.combine(hash, UInt(bitPattern: version))
    }
}

extension Leased where Object == InstanceBox {
    /// The canary a strong box holds, unretained: watching it keeps nothing alive (a retained copy would keep the
    /// canary alive even after a too-early release of its box).
    func canary(in lease: borrowing ReadLease) -> Leased<Canary> {
        assumingType(StrongBox<Canary>.self).withObject(in: lease) { Leased<Canary>($0.value) }
    }
}

/// A plain class instance for identity and lifetime checks.
final class Marker: Sendable {
    let id: Int

    init(_ id: Int = 0) { self.id = id }
}

/// A subclass, for `Leased.assumingType(_:)`.
final class DerivedMarker: BaseMarker, @unchecked Sendable {
    // Immutable.
    let detail: String

    init(_ id: Int, detail: String) {
        self.detail = detail
        super.init(id)
    }
}

/// The base of ``DerivedMarker``.
class BaseMarker: @unchecked Sendable {
    // Immutable.
    let id: Int

    init(_ id: Int) { self.id = id }
}

// MARK: - Winners

/// The first object each key was seen with, for tables racing to store one object per key: later sightings must be
/// the same object.
final class WinnerTable: Sendable {
    private let winners: LoomLock<[ObjectIdentifier?]>

    init(keys: Int) { winners = LoomLock(Array(repeating: nil, count: keys)) }

    /// Records `object` for `key`; `false` when the key was already seen with another object.
    func record(_ object: AnyObject, for key: Int) -> Bool {
        winners.withLock { winners in
            let identity = ObjectIdentifier(object)
            if let winner = winners[key] { return winner == identity }
            winners[key] = identity
            return true
        }
    }
}
