import Loom
import LoomTesting
import Testing

/// Fifty tests running in parallel, each overriding the same type and keys with its own value: none may see
/// another's value through any path (Documentation/Design/seed-behaviours.md#parallel-test-overrides).
@Suite struct ParallelOverrideTests {
    @Test(arguments: 0..<50)
    func eachTestSeesOnlyItsOwnOverrides(index: Int) async throws {
        try await withTestDependencies { container in
            container.register { () -> any Greeter in IndexedGreeter(index: index) }
            Conf.setRootValue(index, for: \.testIndex)
            InjectedValues[\.indexProvider] = IndexProvider(index: index)
        } operation: { () async throws in
            for _ in 0..<3 {
                // Interleave with the other tests between reads.
                await Task.yield()
                #expect(Conf[\.testIndex] == index)
                #expect(InjectedValues[\.indexProvider].index == index)
                #expect(try DependencyGraph.inject(byType: (any Greeter).self).index == index)
                #expect(try liveContainer.resolve((any Greeter).self).index == index)
                let client = GreetingClient()
                #expect(client.greeter.index == index)
                #expect(client.provider.index == index)
                // A live `.singleton` built from the override: one per test, never shared.
                let session: Session = try liveContainer.resolve()
                #expect(session.index == index)
                #expect(try liveContainer.resolve(Session.self) === session)
            }
            // Child tasks inherit the scope.
            let fromChild = await Task { Conf[\.testIndex] }.value
            #expect(fromChild == index)
        }
        #expect(Conf[\.testIndex] != index || index == -1)
    }
}
