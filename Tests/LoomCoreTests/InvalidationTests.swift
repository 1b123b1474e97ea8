import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

#if canImport(Observation)
    import Observation
#endif

/// When an invalidation becomes visible.
///
/// Synchronous forms on return, `@Observable` changes right after the value is stored, asynchronous forms once their graph change is emitted or
/// `DependencyGraph.waitForPendingInvalidations()` returns. No test sleeps or polls to decide its outcome.
/// Several tests await graph changes; the time limit turns a change that never comes into a failure, not a hang.
@Suite(.timeLimit(.minutes(1))) struct InvalidationTests {
    final class Session: Sendable {}
    final class Logout: Sendable {}
    final class Profile: Sendable {}

    final class Flag: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = LoomLock(false)
        var isOn: Bool {
            get { lock.withLock { $0 } }
            set { lock.withLock { $0 = newValue } }
        }
    }

    #if canImport(Observation)
        @Observable final class Model: @unchecked Sendable {
            // Mutated by one test at a time; read by the containers' builders.
            var isLoggedIn = false
        }

        @Test func anObservedValueChangedManyTimesLeavesTheContainerShowingTheLatest() {
            let model = Model()
            let container = quietContainer("invalidation-observed") {
                if model.isLoggedIn { Dependency { Session() } }
            }
            for round in 0..<200 {
                model.isLoggedIn = round.isMultiple(of: 2)
                #expect(container.isResolvable(Session.self) == model.isLoggedIn, "round \(round)")
            }
            model.isLoggedIn = true
            model.isLoggedIn = false
            model.isLoggedIn = true
            #expect(container.isResolvable(Session.self))
        }

        @Test func anObservedChangeFromAnotherTaskIsVisibleWhenTheSetterReturns() async {
            let model = Model()
            let container = quietContainer("invalidation-observed-task") {
                if model.isLoggedIn { Dependency { Session() } }
            }
            for round in 0..<50 {
                let isLoggedIn = round.isMultiple(of: 3)
                await Task.detached { model.isLoggedIn = isLoggedIn }.value
                #expect(container.isResolvable(Session.self) == isLoggedIn, "round \(round)")
            }
        }

        @Test func mergedChildrenTrackingOneObservedValueReEvaluateAsOneGraphChange() async throws {
            let model = Model()
            let sessions = quietContainer("invalidation-merged-sessions") {
                if model.isLoggedIn { Dependency { Session() } }
            }
            let logouts = quietContainer("invalidation-merged-logouts") {
                if model.isLoggedIn { Dependency { Logout() } }
            }
            let merged = Container(merging: [sessions, logouts], name: "invalidation-merged")
            let changes = DependencyGraph.changes.filter { $0.containers == [merged.description] }
            var iterator = changes.makeAsyncIterator()
            await DependencyGraph.activate(merged)
            #expect(await iterator.next()?.kind == .activated)
            model.isLoggedIn = true
            #expect(merged.isResolvable(Session.self) && merged.isResolvable(Logout.self))
            // The deactivation marks the end: exactly one change lies between.
            DependencyGraph.deactivate(merged)
            #expect(await iterator.next()?.kind == .invalidated)
            #expect(await iterator.next()?.kind == .deactivated)
        }

        @Test func aMergedContainerShowsNoMixOfOldAndNewRegistrationsOfItsChildren() {
            let model = Model()
            let sessions = quietContainer("invalidation-mix-sessions") {
                if model.isLoggedIn { Dependency { Session() } }
            }
            let logouts = quietContainer("invalidation-mix-logouts") {
                if model.isLoggedIn { Dependency { Logout() } }
            }
            let merged = Container(merging: [sessions, logouts])
            // What the merged container shows each time it applies a re-evaluation.
            let seen = Collected<[Bool]>()
            let token = merged.registry.addObserver { _ in
                seen.append([merged.isResolvable(Session.self), merged.isResolvable(Logout.self)])
            }
            defer { merged.registry.removeObserver(token) }
            // Each assignment changes the value (an @Observable property assigned its current value notifies no one).
            for round in 1...20 {
                model.isLoggedIn = !round.isMultiple(of: 2)
            }
            #expect(seen.all.count == 20)
            #expect(seen.all.allSatisfy { $0[0] == $0[1] })
        }
    #endif

    @Test func aGraphChangeIsEmittedOnlyOnceTheNewRegistrationsAreVisible() async throws {
        let flag = Flag()
        let (events, trigger) = AsyncStream.makeStream(of: Void.self)
        let container = quietContainer("invalidation-visible") {
            if flag.isOn { Dependency(named: "invalidation-visible-session") { Session() } }
        }
        .invalidated(tracking: events)
        let changes = DependencyGraph.changes.filter { $0.containers == [container.description] }
        var iterator = changes.makeAsyncIterator()
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(await iterator.next()?.kind == .activated)
        for round in 1...10 {
            flag.isOn = !round.isMultiple(of: 2)
            trigger.yield()
            #expect(await iterator.next()?.kind == .invalidated)
            let session: Session? = try DependencyGraph.inject(byName: "invalidation-visible-session")
            #expect((session != nil) == flag.isOn, "round \(round)")
        }
        trigger.finish()
    }

    @Test func trackingAddedToAnAlreadyActiveContainerReEvaluatesIt() async throws {
        let flag = Flag()
        let container = quietContainer("invalidation-late-tracking") {
            if flag.isOn { Dependency(named: "invalidation-late-profile") { Profile() } }
        }
        let changes = DependencyGraph.changes.filter { $0.containers == [container.description] }
        var iterator = changes.makeAsyncIterator()
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(await iterator.next()?.kind == .activated)
        let (events, trigger) = AsyncStream.makeStream(of: Void.self)
        container.invalidated(tracking: events)
        flag.isOn = true
        trigger.yield()
        #expect(await iterator.next()?.kind == .invalidated)
        #expect(try DependencyGraph.inject(byName: "invalidation-late-profile") as Profile? != nil)
        trigger.finish()
    }

    /// Two children track sequences fed by one state change: one graph change shows both of them current.
    ///
    /// The first element re-evaluates the merged container as a whole — every child's builder — so its one change
    /// shows both children current; the second child's element then changes nothing it shows and emits nothing.
    /// Driven one element at a time.
    @Test func mergedChildrenTrackingSequencesOfOneStateChangeShowOneFullyUpdatedGraph() async throws {
        let flag = Flag()
        let (sessionEvents, sessionTrigger) = AsyncStream.makeStream(of: Void.self)
        let (logoutEvents, logoutTrigger) = AsyncStream.makeStream(of: Void.self)
        let sessions = quietContainer("invalidation-streams-sessions") {
            if flag.isOn { Dependency { Session() } }
        }
        .invalidated(tracking: sessionEvents)
        let logoutEvaluations = Counter()
        let logouts = quietContainer("invalidation-streams-logouts") {
            // A declaration, not an expression: a bare expression in the builder would be a registration.
            let _ = logoutEvaluations.increment()
            if flag.isOn { Dependency { Logout() } }
        }
        .invalidated(tracking: logoutEvents)
        let merged = Container(merging: [sessions, logouts], name: "invalidation-streams-merged")
        let changes = DependencyGraph.changes.filter { $0.containers == [merged.description] }
        var iterator = changes.makeAsyncIterator()
        await DependencyGraph.activate(merged)
        #expect(await iterator.next()?.kind == .activated)
        for round in 1...6 {
            flag.isOn = !round.isMultiple(of: 2)
            sessionTrigger.yield()
            #expect(await iterator.next()?.kind == .invalidated)
            #expect(merged.isResolvable(Session.self) == flag.isOn, "round \(round)")
            #expect(merged.isResolvable(Logout.self) == flag.isOn, "round \(round)")
            // The second child's own element re-evaluates it once more (the merged container did once already); the
            // next round starts after that, so each round drives one element at a time.
            let before = logoutEvaluations.value
            logoutTrigger.yield()
            #expect(await eventually { logoutEvaluations.value == before + 1 })
            await DependencyGraph.waitForPendingInvalidations()
        }
        // Nothing else was emitted: the next change is the deactivation.
        DependencyGraph.deactivate(merged)
        #expect(await iterator.next()?.kind == .deactivated)
        sessionTrigger.finish()
        logoutTrigger.finish()
    }

    @Test func waitingWithNothingPendingReturnsAtOnce() async {
        await DependencyGraph.waitForPendingInvalidations()
        let ledger = PendingInvalidations()
        let token = ledger.begin()
        let waiter = Task { await ledger.wait() }
        #expect(ledger.count == 1)
        ledger.end(token)
        await waiter.value
        #expect(ledger.count == 0)
    }

    @Test func synchronousInvalidationIsVisibleWhenItReturns() {
        let flag = Flag()
        let container = quietContainer("invalidation-sync") {
            if flag.isOn { Dependency { Logout() } }
        }
        for round in 0..<50 {
            flag.isOn = round.isMultiple(of: 2)
            container.invalidate()
            #expect(container.isResolvable(Logout.self) == flag.isOn)
        }
    }
}
