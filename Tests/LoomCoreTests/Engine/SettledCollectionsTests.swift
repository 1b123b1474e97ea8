import LoomCore
import LoomTestSupport
import LoomTesting
import Testing

/// A repeated `[T]` request answered from a remembered array must answer exactly what gathering the candidates would:
/// every registration change, reset and scope is seen, and a remembered array never keeps a released instance alive.
@Suite struct SettledCollectionsTests {
    protocol Plugin: AnyObject, Sendable { var name: String { get } }
    final class Alpha: Plugin {
        /// Creation order, process-wide: a later instance has a larger serial.
        let serial = Alpha.serials.increment()
        let name = "alpha"
        private static let serials = Counter()
    }
    final class Beta: Plugin { let name = "beta" }
    final class Gamma: Plugin { let name = "gamma" }

    private func pluginContainer(_ name: String, parent: Container? = nil) -> Container {
        let container = quietContainer(name, parent: parent)
        container.add {
            Dependency { Alpha() }.conforms(to: (any Plugin).self).scope(.singleton)
            Dependency { Beta() }.conforms(to: (any Plugin).self).scope(.singleton)
        }
        return container
    }

    private func names(_ plugins: [any Plugin]) -> [String] { plugins.map(\.name) }

    @Test func aRepeatedRequestReturnsTheSameSettledInstances() throws {
        let container = pluginContainer("memo.same")
        let first: [any Plugin] = try container.inject()
        let second: [any Plugin] = try container.inject()
        #expect(names(first) == ["alpha", "beta"])
        #expect(zip(first, second).allSatisfy { $0 === $1 })
        #expect(second[0] === (try container.resolve() as Alpha))
    }

    /// A remembered answer is logged as the gathered one was, with the caller's file and line.
    @Test func aRememberedAnswerIsLoggedLikeAGatheredOne() throws {
        let logger = CapturingLogger()
        let container = Container(name: "memo.log", logger: logger)
        container.add {
            Dependency { Alpha() }.conforms(to: (any Plugin).self).scope(.singleton)
        }
        func request() throws { _ = try container.inject() as [any Plugin] }
        try request()
        try request()
        let resolved = logger.entries(at: .debug).filter { $0.message.hasPrefix("Resolved") }.suffix(2)
        #expect(resolved.count == 2)
        #expect(resolved.first?.message == resolved.last?.message)
        #expect(resolved.first?.line == resolved.last?.line)
        #expect(resolved.last?.message.contains("Container(memo.log)") == true)
    }

    @Test func aRegistrationMadeAfterTheFirstRequestIsIncluded() throws {
        let container = pluginContainer("memo.added")
        _ = try container.inject() as [any Plugin]
        container.add { Dependency { Gamma() }.conforms(to: (any Plugin).self).scope(.singleton) }
        #expect(names(try container.inject()) == ["alpha", "beta", "gamma"])
        container.register(scope: .singleton) { Alpha() }  // replaces the conforming registration
        #expect(names(try container.inject()) == ["beta", "gamma"])
    }

    @Test func aParentsRegistrationChangeReachesTheChildsAnswer() throws {
        let parent = pluginContainer("memo.parent")
        let child = quietContainer("memo.child", parent: parent)
        #expect(names(try child.inject()) == ["alpha", "beta"])
        parent.add { Dependency { Gamma() }.conforms(to: (any Plugin).self).scope(.singleton) }
        #expect(names(try child.inject()) == ["alpha", "beta", "gamma"])
    }

    @Test func aResetAnswersNewInstancesAndReleasesTheOldOnes() throws {
        let container = pluginContainer("memo.reset")
        var old: [Weak<Alpha>] = []
        do {
            let first: [any Plugin] = try container.inject()
            old.append(Weak(first[0] as? Alpha))
            _ = try container.inject() as [any Plugin]
        }
        container.resetCachedInstances()
        #expect(old[0].object == nil, "a remembered array kept a released instance alive")
        let after: [any Plugin] = try container.inject()
        #expect(after[0] === (try container.resolve() as Alpha))
    }

    @Test func aParentsResetReachesTheChildsAnswer() throws {
        let parent = pluginContainer("memo.parent-reset")
        let child = quietContainer("memo.child-reset", parent: parent)
        let before: [any Plugin] = try child.inject()
        parent.resetCachedInstances()
        let after: [any Plugin] = try child.inject()
        #expect(before[0] !== after[0])
        #expect(after[0] === (try parent.resolve() as Alpha))
    }

    @Test func transientAndWeaklyHeldCandidatesAreBuiltForEachRequest() throws {
        let container = quietContainer("memo.transient")
        container.add {
            Dependency { Alpha() }.conforms(to: (any Plugin).self).scope(.instance)
            Dependency { Beta() }.conforms(to: (any Plugin).self).scope(.shared)
        }
        let first: [any Plugin] = try container.inject()
        let beta = Weak(first[1] as? Beta)
        let second: [any Plugin] = try container.inject()
        #expect(first[0] !== second[0], "a transient registration builds anew")
        #expect(first[1] === second[1], "a shared instance lives while it is held")
        _ = consume first
        _ = consume second
        #expect(beta.object == nil, "a remembered array kept a weakly held instance alive")
        #expect(names(try container.inject()) == ["alpha", "beta"])
    }

    @Test func aCollectionTypeRequestAndAnArrayOfAnotherElementAreAnsweredApart() throws {
        let container = pluginContainer("memo.kinds")
        _ = try container.inject() as [any Plugin]
        let alphas: [Alpha] = try container.inject()
        #expect(alphas.count == 1)
        #expect(alphas.first === (try container.resolve() as Alpha))
        let set: Set<ObjectIdentifier> = Set(try (container.inject() as [any Plugin]).map { ObjectIdentifier($0) })
        #expect(set.count == 2)
    }

    /// Requests racing resets and registrations: every answer holds only instances that were current while the
    /// request ran, and once the writers stop the answer is the current instances.
    @Test func concurrentRequestsResetsAndRegistrationsEndWithTheCurrentInstances() throws {
        let container = pluginContainer("memo.race")
        let shortAnswers = Counter()
        let olderAnswers = Counter()
        onThreads(4) { index in
            for round in 0..<2_000 {
                switch index {
                case 0: container.resetCachedInstances()
                case 1 where round % 20 == 0:
                    container.add { Dependency { Gamma() }.conforms(to: (any Plugin).self).scope(.singleton) }
                default:
                    // A `[T]` asked after a resolve never holds an older instance than that resolve returned.
                    let alpha = try? container.resolve() as Alpha
                    let plugins = try? container.inject() as [any Plugin]
                    if (plugins?.count ?? 0) < 2 { shortAnswers.increment() }
                    if let alpha, let first = plugins?.first as? Alpha, first.serial < alpha.serial {
                        olderAnswers.increment()
                    }
                }
            }
        }
        #expect(shortAnswers.value == 0)
        #expect(olderAnswers.value == 0, "a remembered array answered with an instance released before the request")
        let final: [any Plugin] = try container.inject()
        #expect(names(final) == ["alpha", "beta", "gamma"])
        #expect(final[0] === (try container.resolve() as Alpha))
        #expect(final[1] === (try container.resolve() as Beta))
        #expect(final[2] === (try container.resolve() as Gamma))
    }
}
