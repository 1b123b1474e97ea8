import LoomCore
import LoomTestSupport
import Testing

/// A task started inside an `async` factory copies the factory's resolution context, but the construction's frame
/// ends when the construction ends: later loads from that task are not mistaken for a cycle, and the copy does not
/// keep the registration alive.
@Suite struct EndedConstructionTests {
    final class Connection: Sendable {
        let id: Int
        init(id: Int) { self.id = id }
    }

    /// The "reconnect" shape: the factory starts a task that, after a reset, loads the same registration again.
    @Test func aTaskStartedInAFactoryLoadsTheSameRegistrationAfterTheConstructionEnded() async throws {
        let container = quietContainer()
        let builds = Counter()
        let constructed = Latch()
        let outcome = Collected<String>()
        container.register(scope: .singleton) { () async -> Connection in
            let id = builds.increment()
            if id == 1 {
                Task {
                    await constructed.wait()
                    container.resetCachedInstances()
                    do {
                        outcome.append("loaded \(try await container.load(Connection.self).id)")
                    } catch {
                        outcome.append("\(error)")
                    }
                }
            }
            return Connection(id: id)
        }
        #expect(try await container.load(Connection.self).id == 1)
        constructed.open()
        #expect(await eventually { !outcome.all.isEmpty })
        #expect(outcome.all == ["loaded 2"])
    }

    /// An `.instance` registration whose factory starts a task that loads it again once it has been built.
    @Test func aTaskStartedInATransientFactoryLoadsItAgainWithoutACycle() async throws {
        let container = quietContainer()
        let builds = Counter()
        let outcome = Collected<String>()
        let constructed = Latch()
        container.register { () async -> Connection in
            let id = builds.increment()
            if id == 1 {
                Task {
                    await constructed.wait()
                    do {
                        outcome.append("loaded \(try await container.load(Connection.self).id)")
                    } catch {
                        outcome.append("\(error)")
                    }
                }
            }
            return Connection(id: id)
        }
        _ = try await container.load(Connection.self)
        constructed.open()
        #expect(await eventually { !outcome.all.isEmpty })
        #expect(outcome.all == ["loaded 2"])
    }

    /// What a copied context carries once the construction it copied has ended: no frames, and no reference to the
    /// registrations that were being built.
    @Test func aCopiedContextKeepsNoFramesOrRegistrationsOnceTheConstructionEnded() async throws {
        let container = quietContainer()
        let constructed = Latch()
        let checked = Latch()
        let taskMayEnd = Latch()
        let chainAfterwards = Collected<Bool>()
        container.register(scope: .singleton) { () async -> Connection in
            Task {
                await constructed.wait()
                chainAfterwards.append(ResolutionContext.current?.activeChain != nil)
                checked.open()
                // The task, and the context it copied, outlive the checks below.
                await taskMayEnd.wait()
            }
            return Connection(id: 1)
        }
        let entry = Weak(container.registry.candidates(for: RegistrationKey(locator: .type(Connection.self)))?.first)
        _ = try await container.load(Connection.self)
        constructed.open()
        await checked.wait()
        #expect(chainAfterwards.all == [false])
        // Replaced: only a context that still held the construction's frame would keep the old registration.
        container.register(scope: .singleton) { Connection(id: 2) }
        #expect(await eventually { entry.object == nil })
        taskMayEnd.open()
    }
}
