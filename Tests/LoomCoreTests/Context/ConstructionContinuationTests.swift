import Foundation
import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

/// Construction and cycle detection follow the resolution context, not the OS thread: a factory whose nested
/// resolutions continue on another thread (as an async factory's do after an `await`) keeps exactly-once construction
/// and gets cycle reports, never a deadlock.
@Suite struct ConstructionContinuationTests {
    private final class Root: Sendable {
        let leaf: Leaf
        init(_ leaf: Leaf) { self.leaf = leaf }
    }
    private final class Leaf: Sendable { init() {} }
    private final class Shared: Sendable { init() {} }
    private final class Loop: Sendable { init() {} }
    private final class Back: Sendable { init() {} }

    /// Runs `body` on a new thread inside `context` and waits for it.
    private static func onAnotherThread<R: Sendable>(
        continuing context: ResolutionContext, _ body: @escaping @Sendable () throws -> R
    ) -> Result<R, any Error> {
        let result = LoomLock<Result<R, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let outcome = Result { try context.continuing(body) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    @Test func aCycleThroughAnotherThreadIsReportedWithItsChain() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { () throws -> Loop in
            // Loop's construction continues on another thread, which needs Back, which needs Loop again.
            let captured = ResolutionContext.captureConstruction()
            switch Self.onAnotherThread(continuing: captured, { try container.resolve(Back.self) }) {
            case .success: return Loop()
            case .failure(let error): throw error
            }
        }
        container.register(scope: .singleton) { () throws -> Back in
            _ = try container.resolve(Loop.self)
            return Back()
        }
        let error = #expect(throws: InjectionError.self) { try container.resolve(Loop.self) }
        guard case .cyclicDependencyReference(let cycle) = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(cycle.description.contains("Type[Loop] -> Type[Back] -> Type[Loop]"))
        // Nothing was left half-built: both resolve once the cycle is broken.
        container.register(scope: .singleton) { Back() }
        #expect(try container.resolve(Loop.self) === container.resolve(Loop.self))
    }

    @Test func nestedResolutionsOnOtherThreadsBuildEachSingletonOnce() throws {
        let container = quietContainer()
        let rootBuilds = Counter()
        let leafBuilds = Counter()
        container.register(scope: .singleton) { () -> Leaf in
            leafBuilds.increment()
            return Leaf()
        }
        container.register(scope: .singleton) { () throws -> Root in
            rootBuilds.increment()
            let captured = ResolutionContext.captureConstruction()
            // Four threads continue Root's construction and all need Leaf at once.
            let leaves = Collected<Leaf>()
            onThreads(4) { _ in
                do { leaves.append(try captured.continuing { try container.resolve(Leaf.self) }) } catch {
                    Issue.record("a sibling continuation failed: \(error)")
                }
            }
            #expect(leaves.all.count == 4)
            #expect(leaves.all.allSatisfy { $0 === leaves.all[0] })
            return Root(try container.resolve(Leaf.self))
        }
        let first = try container.resolve(Root.self)
        #expect(try container.resolve(Root.self) === first)
        #expect(rootBuilds.value == 1)
        #expect(leafBuilds.value == 1)
    }

    @Test func anotherThreadContinuingAConstructionDoesNotWaitForItself() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { () throws -> Shared in
            // The other thread asks for the very singleton being built: without the flow, it would wait for this
            // factory, which waits for it.
            let captured = ResolutionContext.captureConstruction()
            if case .success = Self.onAnotherThread(continuing: captured, { try container.resolve(Shared.self) }) {
                Issue.record("re-entering a singleton under construction resolved instead of reporting a cycle")
            }
            return Shared()
        }
        #expect(throws: Never.self) { try container.resolve(Shared.self) }
    }

    @Test func aContinuedConstructionCountsItsChainTowardsTheDepthLimit() async throws {
        await #expect(processExitsWith: .success) {
            LoomConfiguration.runtimeCycleDetection = .never
            LoomConfiguration.maximumResolutionDepth = 3
            let container = Container(name: "depth", logger: DisabledLogger())
            container.register { () throws -> Leaf in
                let captured = ResolutionContext.captureConstruction()
                return try captured.continuing { () throws -> Leaf in
                    // Two frames are in the captured chain (Root, Leaf); the third and fourth exceed the limit.
                    _ = try container.resolve(Shared.self) as Shared
                    return Leaf()
                }
            }
            container.register { () throws -> Shared in
                _ = try container.resolve(Back.self) as Back
                return Shared()
            }
            container.register { Back() }
            container.register { () throws -> Root in Root(try container.resolve()) }
            do {
                _ = try container.resolve(Root.self)
                exit(1)
            } catch InjectionError.cyclicDependencyReference(let cycle) {
                exit(cycle.exceededDepthLimit == 3 ? 0 : 1)
            } catch {
                exit(1)
            }
        }
    }
}
