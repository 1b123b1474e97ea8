import Loom
// The key the tour declares is public by default; this target imports internally by default.
public import LoomKeys
import LoomMacros
import LoomTesting
import Synchronization
import Testing

// The 30-second tour of README.md, compiled and run. Keep the two in step.

protocol NoteStore: AnyObject, Sendable {
    func save(_ text: String)
    var count: Int { get }
}

final class FileNoteStore: NoteStore {
    private let notes = Mutex<[String]>([])
    func save(_ text: String) { notes.withLock { $0.append(text) } }
    var count: Int { notes.withLock { $0.count } }
}

final class InMemoryNoteStore: NoteStore {
    private let notes = Mutex<[String]>([])
    func save(_ text: String) { notes.withLock { $0.append(text) } }
    var count: Int { notes.withLock { $0.count } }
}

final class SearchIndex: Sendable {
    static let builds = Mutex(0)
    static func build() async throws -> SearchIndex {
        await Task.yield()
        builds.withLock { $0 += 1 }
        return SearchIndex()
    }
}

final class RequestLog: Sendable {
    static let flushes = Mutex(0)
    func write(_ line: String) {}
    func flush() { Self.flushes.withLock { $0 += 1 } }
}

// 1. Containers: imperative or declarative; every feature module can own one.
let tourApp = Container(name: "app") {
    Dependency { () -> any NoteStore in FileNoteStore() }.scope(.singleton)
}
let tourSearch = Container(name: "search", parent: tourApp)

// 2. Property injection, resolved on first use.
final class Editor: @unchecked Sendable {
    @Injected(.resolvingOnInit(from: tourSearch)) var store: any NoteStore
}

// 3. Configuration by key path.
extension ConfKeys {
    #declareConfKey("pageSize", Int.self, defaultValue: 20)
}

@Suite struct ReadmeTourTests {
    @Test func resolvesFromTheParent() throws {
        let store: any NoteStore = try tourSearch.resolve()
        #expect(store is FileNoteStore)
        #expect(try tourSearch.resolve((any NoteStore).self) === store)
    }

    @Test func injectsProperties() {
        #expect(Editor().store is FileNoteStore)
    }

    @Test func readsConfiguration() {
        #expect(Conf[\.pageSize] == 20)
        Conf.withValue(50, for: \.pageSize) {
            #expect(Conf[\.pageSize] == 50)
        }
    }

    @Test func loadsAnAsyncFactoryOnce() async throws {
        tourApp.register(scope: .singleton) { () async throws -> SearchIndex in try await SearchIndex.build() }
        let index: SearchIndex = try await tourApp.load()
        #expect(try await tourApp.load(SearchIndex.self) === index)
        #expect(try tourApp.resolve(SearchIndex.self) === index)
        #expect(SearchIndex.builds.withLock { $0 } == 1)
    }

    @Test func releasesARequestsInstancesWhenItsScopeEnds() async throws {
        tourApp.register(scope: .scoped) {
            RequestLog()
        } onRelease: {
            $0.flush()
        }
        try await tourApp.withScope { scope in
            try scope.resolve(RequestLog.self).write("GET /notes")
        }  // then flush()
        #expect(RequestLog.flushes.withLock { $0 } == 1)
    }

    // 4. A test override no other test can see.
    @Test(.dependencies { $0.register { () -> any NoteStore in InMemoryNoteStore() } })
    func savesANote() throws {
        let store: any NoteStore = try tourSearch.resolve()
        store.save("Buy milk")
        #expect(store is InMemoryNoteStore)
        #expect(store.count == 1)
    }

    @Test func reportsMissingDependencies() {
        #expect(throws: InjectionError.self) { try tourSearch.resolve(Int.self) }
    }
}
