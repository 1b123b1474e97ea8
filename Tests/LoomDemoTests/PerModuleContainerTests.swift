import Foundation
import Loom
import LoomDemoApp
import LoomDemoCore
import LoomDemoSearch
import LoomDemoStorage
import Testing

/// The feature modules' containers at work, without touching process-wide state: each test builds the features over
/// containers of its own (children of the real ones) and installs the `.enclosingType()` lookup policy for its own
/// task only, so these tests run in parallel with everything else.
@Suite struct PerModuleContainerTests {
    /// A child of the storage container with a store and a clock of its own.
    func scratchStorage(_ store: MemoryNoteStore = MemoryNoteStore()) -> Container {
        Container(name: "scratch-storage", parent: NotesStorage.container) {
            Dependency { () -> any NoteStore in store }
            Dependency { () -> any NoteClock in FixedClock(date: fixedDate) }
        }
    }

    @Test func theAppsContainersFormOneChainFromSearchToTheSharedServices() {
        #expect(NotesApp.containers.map(\.name) == ["notes", "storage", "search"])
        #expect(NotesSearch.container.parent === NotesStorage.container)
        #expect(NotesStorage.container.parent === NotesCore.container)
        #expect(NotesCore.container.parent == nil)
    }

    @Test func theSearchFeatureUsesTheStoreRegisteredBelowTheStorageContainer() async throws {
        let store = MemoryNoteStore()
        let storage = scratchStorage(store)
        let (notebook, search) = Container.withLookupPolicy(.enclosingType()) {
            (Notebook(container: storage), NoteSearch(container: NotesSearch.makeContainer(parent: storage)))
        }
        let note = try await notebook.add("  Ask Grace about COBOL  ")
        #expect(note == Note(id: 1, text: "Ask Grace about COBOL", createdAt: fixedDate))
        #expect(notebook.storeLocation == "memory")
        #expect(await store.notes() == [note])

        let result = try await search.search("cobol grace")
        #expect(result.matches == [note])
        #expect(result.totalMatches == 1)

        // The app's own memory store (the storage container's singleton) never saw the note.
        let appStore: MemoryNoteStore = try NotesStorage.container.resolve()
        #expect(await !appStore.notes().contains(note))
    }

    @Test func theSearchLimitComesFromConfAndATaskLocalOverrideChangesIt() async throws {
        let storage = scratchStorage()
        let (notebook, search) = Container.withLookupPolicy(.enclosingType()) {
            (Notebook(container: storage), NoteSearch(container: NotesSearch.makeContainer(parent: storage)))
        }
        for text in ["milk", "oat milk", "Milkshake", "bread"] { _ = try await notebook.add(text) }
        let everything = try await search.search("milk")
        #expect(everything.matches.map(\.text) == ["milk", "oat milk", "Milkshake"])
        #expect(everything.limit == NotesDefaults.searchLimit)
        #expect(!everything.isTruncated)

        let limited = try await Conf.withValue(2, for: \.notesSearchLimit) { try await search.search("MILK") }
        #expect(limited.matches.map(\.text) == ["milk", "oat milk"])
        #expect(limited.totalMatches == 3)
        #expect(limited.isTruncated)
    }

    @Test func searchHoldsTheStoreWeaklyAndResolvesItAgainOnceItIsGone() async throws {
        // A `.shared` store lives while someone holds it: here, only the test.
        let storage = Container(name: "shared-store", parent: NotesStorage.container) {
            Dependency { () -> any NoteStore in MemoryNoteStore() }.scope(.shared)
        }
        let search = Container.withLookupPolicy(.enclosingType()) {
            NoteSearch(container: NotesSearch.makeContainer(parent: storage))
        }
        var held: (any NoteStore)? = try storage.resolve((any NoteStore).self)
        _ = try await held?.add("held note", createdAt: fixedDate)
        #expect(try await search.search("held").matches.count == 1)

        weak let released = held
        held = nil
        #expect(released == nil)
        // The search did not keep the store alive: it resolved a new, empty one.
        #expect(try await search.search("held").matches.isEmpty)
    }

    @Test func aSearchContainerWithoutAStoreSaysSo() async throws {
        let empty = Container(name: "no-store")
        let search = Container.withLookupPolicy(.enclosingType()) {
            NoteSearch(container: NotesSearch.makeContainer(parent: empty))
        }
        await #expect(throws: NotesError.missingStore(container: "Container(search)")) {
            try await search.search("anything")
        }
    }

    @Test func aNotebookRejectsEmptyTextAndAnEmptySearchIsAnError() async throws {
        let storage = scratchStorage()
        let (notebook, search) = Container.withLookupPolicy(.enclosingType()) {
            (Notebook(container: storage), NoteSearch(container: NotesSearch.makeContainer(parent: storage)))
        }
        await #expect(throws: NotesError.emptyText) { try await notebook.add(" \n\t ") }
        await #expect(throws: NotesError.emptyQuery) { try await search.search("   ") }
        #expect(try await notebook.notes().isEmpty)
    }

    @Test func theStorageContainerPicksTheStoreTheConfigurationNames() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        // Task-local overrides: the storage feature reads `Conf` on every resolution of `any NoteStore`.
        let fileStore = try Conf.withValue(NoteStoreKind.file, for: \.notesStoreKind) {
            try Conf.withValue(path, for: \.notesStorePath) {
                try NotesStorage.container.resolve((any NoteStore).self)
            }
        }
        #expect((fileStore as? FileNoteStore)?.path == path)
        let memoryStore = try Conf.withValue(NoteStoreKind.memory, for: \.notesStoreKind) {
            try NotesStorage.container.resolve((any NoteStore).self)
        }
        let singleton: MemoryNoteStore = try NotesStorage.container.resolve()
        #expect(memoryStore === singleton)
    }
}
