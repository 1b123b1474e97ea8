public import Loom
public import LoomFixtureShared

/// The storage feature's container: its own store, and the shared services through its parent.
public let storageContainer = Container(name: "storage", parent: sharedContainer, logger: DisabledLogger()) {
    Dependency { () -> any NoteStore in InMemoryNoteStore(owner: "storage") }.scope(.singleton)
}

/// Types of the storage feature resolve from ``storageContainer`` (under `.enclosingType` lookup).
public protocol StorageFeature: Containerable {}

extension StorageFeature {
    /// The storage feature's container.
    public var container: Container { storageContainer }
}

/// The storage feature's entry point.
public final class NotesRepository: StorageFeature, @unchecked Sendable {
    // `@Injected` storage is a `var` the compiler writes once, in init; the wrappers synchronise themselves.
    /// The feature's own store.
    @Injected public var store: any NoteStore
    /// The shared clock, through the parent container.
    @Injected public var clock: any AppClock
    /// The same store, held weakly.
    @InjectedWeakly public var weakStore: (any NoteStore)?

    /// Creates the repository.
    public init() {}

    /// Saves a note, stamping it with the shared clock.
    ///
    /// - Parameter text: The note's text.
    public func save(_ text: String) {
        store.add(Note("\(clock.tick()): \(text)"))
    }
}

final class InMemoryNoteStore: NoteStore, @unchecked Sendable {
    // `storage` is only touched inside its own lock.
    private let storage = Locked<[Note]>([])
    let owner: String

    init(owner: String) { self.owner = owner }

    func add(_ note: Note) { storage.withLock { $0.append(note) } }
    var notes: [Note] { storage.withLock { $0 } }
}
