import Foundation
import LoomCore
import LoomRuntime
import LoomTestSupport
import LoomTesting
import Testing

final class NodeA: Sendable { init(_ b: NodeB) {} }
final class NodeB: Sendable { init(_ c: NodeC?) {} }
final class NodeC: Sendable { init(_ a: NodeA) {} }

/// Tests that depend on or change process-wide configuration (cycle detection, depth limit) run one at a time.
@Suite(.serialized) struct GlobalConfigurationTests {
    @Suite struct CycleDetectionTests {
        @Test func twoNodeCycleReportsTheChainWithDepthThree() throws {
            try withCycleDetection(.always) {
                let container = quietContainer()
                container.register { NodeA(try container.resolve()) }
                container.register { () -> NodeB in
                    _ = try container.resolve(NodeA.self)
                    return NodeB(nil)
                }
                let error = try #require(throws: InjectionError.self) { try container.resolve(NodeA.self) }
                guard case .cyclicDependencyReference(let cycle) = error else {
                    Issue.record("expected a cycle, got \(error)")
                    return
                }
                #expect(cycle.depth == 3)
                #expect(cycle.description == "Type[NodeA] -> Type[NodeB] -> Type[NodeA]")
                #expect(error.description == "Dependency cycle detected, Type[NodeA] -> Type[NodeB] -> Type[NodeA].")
            }
        }

        @Test func threeNodeCyclePrintsTheWholeChain() throws {
            try withCycleDetection(.always) {
                let container = quietContainer()
                container.register { NodeA(try container.resolve()) }
                container.register { NodeB(try container.resolve(NodeC.self)) }
                container.register { NodeC(try container.resolve()) }
                let error = try #require(throws: InjectionError.self) { try container.resolve(NodeA.self) }
                #expect("\(error)".contains("Type[NodeA] -> Type[NodeB] -> Type[NodeC] -> Type[NodeA]"))
            }
        }

        @Test func repeatedNonNestedResolutionsAreNotCycles() throws {
            try withCycleDetection(.always) { () throws in
                let container = quietContainer()
                container.register { Service() }
                container.register { () -> String in
                    _ = try container.resolve(Service.self)
                    _ = try container.resolve(Service.self)
                    return "ok"
                }
                #expect(try container.resolve(String.self) == "ok")
                #expect(try container.resolve(String.self) == "ok")
            }
        }

        @Test func concurrentResolutionsOfTheSameChainAreNotCycles() async throws {
            try await withCycleDetection(.always) {
                let container = quietContainer()
                container.register { Service() }
                container.register { () -> String in "\(try container.resolve(Service.self).id)" }
                try await withThrowingTaskGroup(of: String.self) { group in
                    for _ in 0..<200 { group.addTask { try container.resolve(String.self) } }
                    for try await value in group { #expect(value == "0") }
                }
            }
        }

        // The tests that turn detection off or lower the depth limit run in a child process: those settings are
        // process-wide, and tests of other suites run in parallel with this one.

        /// The engine's one-load check agrees with the public setting for every setting, including the default
        /// (`.debugOnly`, on in the debug build the tests run in) and a stored word no setting writes (read as the
        /// default).
        @Test func theEnginesCheckAgreesWithTheSetting() async {
            await #expect(processExitsWith: .success) {
                #if DEBUG
                    #expect(LoomConfiguration.isCycleDetectionActive)
                #endif
                #expect(LoomConfiguration.runtimeCycleDetection == .debugOnly)
                for detection in CycleDetection.allCases {
                    LoomConfiguration.runtimeCycleDetection = detection
                    #expect(LoomConfiguration.isCycleDetectionActive == detection.isActive)
                }
                ProcessSetting.cycleDetection.store(UInt(CycleDetection.allCases.count) + 1)
                #expect(LoomConfiguration.runtimeCycleDetection == .debugOnly)
                #expect(LoomConfiguration.isCycleDetectionActive == CycleDetection.debugOnly.isActive)
            }
        }

        @Test func aSingletonUnderConstructionIsNeverBuiltTwice() async {
            await #expect(processExitsWith: .success) {
                for detection in [CycleDetection.always, .never] {
                    LoomConfiguration.runtimeCycleDetection = detection
                    let container = quietContainer()
                    let built = Counter()
                    container.register(scope: .singleton) { () -> Service in
                        built.increment()
                        _ = try container.resolve(Service.self)
                        return Service()
                    }
                    let error = try #require(throws: InjectionError.self) { try container.resolve(Service.self) }
                    guard case .cyclicDependencyReference = error else {
                        Issue.record("expected a cycle with detection \(detection), got \(error)")
                        return
                    }
                    #expect(built.value == 1)
                }
            }
        }

        @Test func withDetectionOffTheDepthLimitStopsRunawayRecursion() async {
            await #expect(processExitsWith: .success) {
                LoomConfiguration.runtimeCycleDetection = .never
                let container = quietContainer()
                container.register { NodeA(try container.resolve()) }
                container.register { NodeB(try container.resolve(NodeC.self)) }
                container.register { NodeC(try container.resolve()) }
                let error = try #require(throws: InjectionError.self) { try container.resolve(NodeA.self) }
                guard case .cyclicDependencyReference(let cycle) = error else {
                    Issue.record("expected the depth limit, got \(error)")
                    return
                }
                #expect(cycle.exceededDepthLimit == LoomConfiguration.maximumResolutionDepth)
                #expect(error.description.contains("depth limit"))
            }
        }

        /// With detection off, a cycle through `async` factories is still reported, not a hang: each load claims its
        /// slot as a frame that continues the construction it is part of, so reaching a slot its own construction
        /// claimed is a cycle.
        @Test func withDetectionOffACycleThroughAsyncFactoriesIsStillReported() async {
            await #expect(processExitsWith: .success) {
                LoomConfiguration.runtimeCycleDetection = .never
                let container = quietContainer()
                container.register(scope: .singleton) { () async throws -> NodeA in NodeA(try await container.load()) }
                container.register(scope: .singleton) { () async throws -> NodeB in NodeB(try await container.load()) }
                container.register(scope: .singleton) { () async throws -> NodeC in NodeC(try await container.load()) }
                let error = await #expect(throws: InjectionError.self) { try await container.load(NodeA.self) }
                guard case .cyclicDependencyReference? = error else {
                    Issue.record("expected a cycle, got \(String(describing: error))")
                    return
                }
            }
        }

        /// With detection off, runaway recursion through uncached `async` factories stops at the depth limit.
        @Test func withDetectionOffTheDepthLimitStopsRunawayAsyncRecursion() async {
            await #expect(processExitsWith: .success) {
                LoomConfiguration.runtimeCycleDetection = .never
                LoomConfiguration.maximumResolutionDepth = 40
                let container = quietContainer()
                container.register { () async throws -> NodeA in NodeA(try await container.load()) }
                container.register { () async throws -> NodeB in NodeB(try await container.load()) }
                container.register { () async throws -> NodeC in NodeC(try await container.load()) }
                let error = await #expect(throws: InjectionError.self) { try await container.load(NodeA.self) }
                guard case .cyclicDependencyReference(let cycle)? = error else {
                    Issue.record("expected the depth limit, got \(String(describing: error))")
                    return
                }
                #expect(cycle.exceededDepthLimit == 40)
            }
        }

        @Test func aLowerDepthLimitAppliesToLegitimateChainsToo() async {
            await #expect(processExitsWith: .success) {
                LoomConfiguration.maximumResolutionDepth = 2
                let container = quietContainer()
                container.register { NodeC(NodeA(NodeB(nil))) }
                container.register { NodeB(try container.resolve(NodeC.self)) }
                container.register { NodeA(try container.resolve()) }
                #expect(throws: InjectionError.self) { try container.resolve(NodeA.self) }
                LoomConfiguration.maximumResolutionDepth = 3
                #expect(throws: Never.self) { try container.resolve(NodeA.self) }
            }
        }

        @Test func debugOnlyIsActiveInDebugBuilds() {
            #if DEBUG
                #expect(CycleDetection.debugOnly.isActive)
            #else
                #expect(!CycleDetection.debugOnly.isActive)
            #endif
            #expect(CycleDetection.always.isActive)
            #expect(!CycleDetection.never.isActive)
        }

        @Test func crossThreadConstructionCycleIsReportedInsteadOfDeadlocking() {
            withCycleDetection(.always) {
                let container = quietContainer()
                let bothStarted = Counter()
                @Sendable func waitForBoth() {
                    bothStarted.increment()
                    while bothStarted.value < 2 { sched_yield() }
                }
                container.register(scope: .singleton) { () -> NodeA in
                    waitForBoth()
                    _ = try container.resolve(NodeB.self)
                    return NodeA(NodeB(nil))
                }
                container.register(scope: .singleton) { () -> NodeB in
                    waitForBoth()
                    _ = try container.resolve(NodeA.self)
                    return NodeB(nil)
                }
                let outcomes = Collected<Bool>()
                onThreads(2) { index in
                    do {
                        if index == 0 {
                            _ = try container.resolve(NodeA.self)
                        } else {
                            _ = try container.resolve(NodeB.self)
                        }
                        outcomes.append(true)
                    } catch let error as InjectionError {
                        if case .cyclicDependencyReference = error { outcomes.append(false) }
                    } catch {}
                }
                #expect(outcomes.all == [false, false])
            }
        }
    }

    @Suite struct ConfigurationTests {
        @Test func settingsRoundTripAndAreReadableFromManyThreads() {
            let indexing = LoomConfiguration.isIndexingEnabled
            let count = LoomConfiguration.approximateDependencyCount
            let cleanup = LoomConfiguration.autoCleanupEnabled
            defer {
                LoomConfiguration.isIndexingEnabled = indexing
                LoomConfiguration.approximateDependencyCount = count
                LoomConfiguration.autoCleanupEnabled = cleanup
            }
            onThreads(4) { index in
                for iteration in 0..<1_000 {
                    LoomConfiguration.approximateDependencyCount = index * 1_000 + iteration
                    _ = LoomConfiguration.isIndexingEnabled
                    LoomConfiguration.autoCleanupEnabled = iteration.isMultiple(of: 2)
                }
            }
            LoomConfiguration.isIndexingEnabled = false
            LoomConfiguration.approximateDependencyCount = 42
            #expect(!LoomConfiguration.isIndexingEnabled)
            #expect(LoomConfiguration.approximateDependencyCount == 42)
        }

        @Test func replacingTheGlobalLoggerAlsoReplacesItsLevelThreshold() {
            let previous = LoomConfiguration.logger
            defer { LoomConfiguration.logger = previous }
            let capturing = CapturingLogger(minimumLevel: .debug)
            LoomConfiguration.logger = capturing
            let container = Container(name: "global-logger")
            container.register { Service() }
            #expect(
                capturing.entries.contains {
                    $0.message.contains("Registered Type[Service] in Container(global-logger)")
                })
        }

        @Test func defaultsMatchTheDesign() async {
            // In a fresh process: other suites may be changing these settings right now.
            await #expect(processExitsWith: .success) {
                #expect(LoomConfiguration.runtimeCycleDetection == .debugOnly)
                #expect(LoomConfiguration.maximumResolutionDepth == 512)
                #expect(LoomConfiguration.isIndexingEnabled)
            }
        }
    }
}

func withCycleDetection<Result>(_ detection: CycleDetection, _ body: () throws -> Result) rethrows -> Result {
    let previous = LoomConfiguration.runtimeCycleDetection
    LoomConfiguration.runtimeCycleDetection = detection
    defer { LoomConfiguration.runtimeCycleDetection = previous }
    return try body()
}

func withCycleDetection<Result>(_ detection: CycleDetection, _ body: () async throws -> Result) async rethrows -> Result
{
    let previous = LoomConfiguration.runtimeCycleDetection
    LoomConfiguration.runtimeCycleDetection = detection
    defer { LoomConfiguration.runtimeCycleDetection = previous }
    return try await body()
}
