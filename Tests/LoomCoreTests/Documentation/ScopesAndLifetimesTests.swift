// The snippets of the article "Scopes and lifetimes" (Modules/LoomCore/LoomCore.docc/Articles/
// ScopesAndLifetimes.md), compiled and run. Keep the two in step: each test holds one snippet, verbatim where Swift
// allows, plus the types it assumes (private, so their names do not clash with the other tests of this target).
// Activating a container changes the process-wide graph, so the eager-registration snippet runs in a child process.
import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

// MARK: Types the snippets assume

private final class ReportBuilder: Sendable {}
private final class ImageCache: Sendable {}
private final class Database: Sendable {
    init(path: String) {}
}
private final class UserSession: Sendable {}
private enum Region: Hashable, Sendable { case europe, asia }
private final class RegionalStore: Sendable {
    let region: Region
    init(region: Region) { self.region = region }
}
private final class EventTracker: Sendable {
    static let built = Counter()
    init() { Self.built.increment() }
}
private protocol Clock: Sendable {}
private struct SystemClock: Clock {}
private final class Repository: Sendable {
    let database: Database
    let clock: any Clock
    init(database: Database, clock: any Clock) {
        self.database = database
        self.clock = clock
    }
}

@Suite struct ScopesAndLifetimesTests {
    // MARK: Overview

    @Test func eachScopeKeepsItsInstanceAsTheTableSays() throws {
        let container = Container(name: "app")

        container.register { ReportBuilder() }  // .instance
        container.register(scope: .shared) { ImageCache() }
        container.register(scope: .singleton) { Database(path: "app.sqlite") }

        let session = ManagedScope()
        container.register(scope: .managed(session)) { UserSession() }

        // instance: a new instance, every time
        #expect(try container.resolve(ReportBuilder.self) !== container.resolve(ReportBuilder.self))
        // shared: the cached instance while someone holds it; a new one after the last owner released it
        var cache: ImageCache? = try container.resolve()
        #expect(try container.resolve(ImageCache.self) === cache)
        let released = Weak(cache)
        cache = nil
        #expect(released.object == nil)
        let rebuilt = Weak(try container.resolve(ImageCache.self))
        #expect(rebuilt.object == nil)  // nobody holds the new one either: it was built for this resolve only
        // singleton: the cached instance until the container is cleaned up
        let database: Database = try container.resolve()
        #expect(try container.resolve(Database.self) === database)
        // managed: the cached instance until the provider invalidates it
        let user: UserSession = try container.resolve()
        #expect(try container.resolve(UserSession.self) === user)
        session.invalidate()
        #expect(try container.resolve(UserSession.self) !== user)
    }

    @Test func theTwoStylesHaveDifferentDefaultScopes() throws {
        protocol NoteStore: Sendable {}
        final class FileNoteStore: NoteStore {}
        let imperative = Container(name: "imperative")
        imperative.register { FileNoteStore() }
        #expect(try imperative.resolve(FileNoteStore.self) !== imperative.resolve(FileNoteStore.self))

        let declarative = Container(name: "declarative") {
            Dependency { FileNoteStore() }
            Dependency { () -> any NoteStore in FileNoteStore() }
        }
        // A class is `.shared`: the same instance while it is held.
        let held: FileNoteStore = try declarative.resolve()
        #expect(try declarative.resolve(FileNoteStore.self) === held)
        // A protocol type is treated as a value type: `.instance`.
        #expect(
            try declarative.resolve((any NoteStore).self) as AnyObject
                !== declarative.resolve((any NoteStore).self) as AnyObject)
        #expect(DependencyScope.automatic(for: (any NoteStore).self).description == "instance")
        #expect(DependencyScope.automatic(for: FileNoteStore.self).description == "shared")
    }

    @Test func aValueTypeIsNotCachedByTheSharedScope() throws {
        struct Settings: Sendable {}
        let built = Counter()
        let container = Container(name: "app")
        container.register(scope: .shared) { () -> Settings in
            built.increment()
            return Settings()
        }
        _ = try container.resolve(Settings.self)
        _ = try container.resolve(Settings.self)
        #expect(built.value == 2)
    }

    // MARK: Managed

    @Test func aManagedScopeEndsWhenItsProviderSaysSo() throws {
        let container = Container(name: "app")

        let session = ManagedScope()
        container.register(scope: .managed(session)) { UserSession() }

        let first: UserSession = try container.resolve()
        session.invalidate()  // e.g. on logout
        let second: UserSession = try container.resolve()  // a new instance

        #expect(first !== second)
        #expect(try container.resolve(UserSession.self) === second)
    }

    @Test func anAsyncSequenceInvalidatesAManagedScope() async throws {
        let container = Container(name: "app")
        let (logins, continuation) = AsyncStream.makeStream(of: Void.self)
        container.register(scope: .managed(by: logins)) { UserSession() }

        let before: UserSession = try container.resolve()
        #expect(try container.resolve(UserSession.self) === before)

        continuation.yield()  // drops the cached UserSession

        let identifier = ObjectIdentifier(before)
        #expect(await eventually { (try? ObjectIdentifier(container.resolve(UserSession.self))) != identifier })
        continuation.finish()
    }

    @Test func aCustomProviderDrivesInvalidation() throws {
        final class Logout: ManagedDependencyScopeProviding {
            private let actions = LoomLock<[@Sendable () -> Void]>([])
            func onScopeInvalidated(perform action: @escaping @Sendable () -> Void)
                -> any ManagedDependencyScopeReceipt
            {
                actions.withLock { $0.append(action) }
                return Receipt()
            }
            func happen() { for action in actions.withLock({ $0 }) { action() } }
            struct Receipt: ManagedDependencyScopeReceipt { func cancel() {} }
        }
        let logout = Logout()
        let container = Container(name: "app")
        container.register(scope: .managed(logout)) { UserSession() }
        let first: UserSession = try container.resolve()
        logout.happen()
        #expect(try container.resolve(UserSession.self) !== first)
    }

    // MARK: Cached per argument

    @Test func aCachedScopeKeepsOneInstancePerArgumentTuple() throws {
        let container = Container {
            Dependency { (region: Region) in RegionalStore(region: region) }.scope(.singleton)
        }
        let first: RegionalStore = try container.inject(byType: RegionalStore.self, Region.europe)
        let again: RegionalStore = try container.inject(byType: RegionalStore.self, Region.europe)  // same as first
        let other: RegionalStore = try container.inject(byType: RegionalStore.self, Region.asia)  // a second instance

        #expect(again === first)
        #expect(other !== first)
        #expect(other.region == .asia)
    }

    // MARK: Eager registrations

    @Test func activationBuildsEagerInstancesBeforeItReturns() async {
        await #expect(processExitsWith: .success) {
            let container = Container {
                Dependency { EventTracker() }.scope(.singleton).eagerness(.eager)
            }
            #expect(EventTracker.built.value == 0, "built before activation")
            DependencyGraph.activate(container)  // returns after EventTracker exists
            #expect(EventTracker.built.value == 1, "the eager instance was not built by activate")
            _ = try DependencyGraph.inject(byType: EventTracker.self)
            #expect(EventTracker.built.value == 1, "the eager instance was not reused")
        }
    }

    // MARK: Post-instantiation hooks

    @Test func didInstantiateRunsOncePerNewInstanceBeforeTheResolveReturns() throws {
        final class Greeter: PostInstantiationAware, Sendable {
            private let started = LoomLock(0)
            var starts: Int { started.withLock { $0 } }
            func didInstantiate() { started.withLock { $0 += 1 } }
        }
        let container = Container(name: "app")
        container.register(scope: .singleton) { Greeter() }
        let greeter: Greeter = try container.resolve()
        #expect(greeter.starts == 1)
        _ = try container.resolve(Greeter.self)
        #expect(greeter.starts == 1)
    }

    // MARK: Exactly once under concurrency

    @Test func aFactoryMayResolveItsOwnDependencies() throws {
        let container = Container(name: "app")
        container.register(scope: .singleton) { Database(path: "app.sqlite") }
        container.register { () -> any Clock in SystemClock() }

        container.register(scope: .singleton) { () -> Repository in
            Repository(database: try container.resolve(), clock: try container.resolve())
        }

        let repository: Repository = try container.resolve()
        #expect(try repository.database === container.resolve(Database.self))
        #expect(try container.resolve(Repository.self) === repository)
    }

    @Test func aCachedInstanceIsBuiltExactlyOnceUnderConcurrency() {
        let built = Counter()
        let container = Container(name: "app")
        container.register(scope: .singleton) { () -> Database in
            built.increment()
            return Database(path: "app.sqlite")
        }
        let seen = Collected<ObjectIdentifier>()
        onThreads(8) { _ in
            if let database = try? container.resolve(Database.self) { seen.append(ObjectIdentifier(database)) }
        }
        #expect(built.value == 1)
        #expect(Set(seen.all).count == 1)
    }

    // MARK: Ending lifetimes explicitly

    @Test func cleanupNeverAffectsParents() throws {
        let shared = Container(name: "shared")
        shared.register(scope: .singleton) { Database(path: "app.sqlite") }
        let feature = Container(name: "feature", parent: shared)
        feature.register(scope: .singleton) { UserSession() }
        let database: Database = try feature.resolve()
        _ = try feature.resolve(UserSession.self)

        feature.cleanup()

        #expect(!feature.isResolvable(UserSession.self))
        #expect(try shared.resolve(Database.self) === database)
    }
}
