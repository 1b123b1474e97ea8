import LoomKeys
import LoomTestSupport
import Testing

@Suite struct ConfOverridesTests {
    @Test func withValueOverridesInsideTheClosureAndRestoresAfterwards() {
        Conf.withValue(5, for: \.override) {
            #expect(Conf[\.override] == 5)
            #expect(Conf[key: IntKey<OverrideTag>.self] == 5)
        }
        #expect(Conf[\.override] == 42)
        let result = Conf.withValue(6, for: IntKey<OverrideTag>.self) { Conf[\.override] * 2 }
        #expect(result == 12)
    }

    @Test func asyncWithValueOverridesAcrossSuspensionsAndRestores() async throws {
        let seen = try await Conf.withValue(3, for: \.overrideAsync) {
            try await Task.sleep(nanoseconds: 1_000)
            return Conf[\.overrideAsync]
        }
        #expect(seen == 3)
        #expect(Conf[\.overrideAsync] == 42)
    }

    @Test func overridesAreInheritedByChildTasksOnly() async {
        await Conf.withValue(11, for: \.child) {
            async let child = Conf[\.child]
            let group = await withTaskGroup(of: Int.self) { group in
                group.addTask { Conf[\.child] }
                return await group.next()!
            }
            let unstructured = await Task { Conf[\.child] }.value
            let detached = await Task.detached { Conf[\.child] }.value
            #expect(await child == 11)
            #expect(group == 11)
            #expect(unstructured == 11)
            #expect(detached == 42)
        }
        #expect(Conf[\.child] == 42)
    }

    @Test func aRootChangeInsideAScopeIsHiddenForOverriddenKeysOnly() {
        Conf.setRootValue(1, for: \.snapshotOverridden)
        Conf.setRootValue(1, for: \.snapshotOther)
        Conf.withValue(100, for: \.snapshotOverridden) {
            Conf.setRootValue(2, for: \.snapshotOverridden)
            Conf.setRootValue(2, for: \.snapshotOther)
            #expect(Conf[\.snapshotOverridden] == 100)
            #expect(Conf.rootValue(for: \.snapshotOverridden) == 2)
            #expect(Conf[\.snapshotOther] == 2)
        }
        #expect(Conf[\.snapshotOverridden] == 2)
    }

    @Test func withValuesOverridesSeveralKeysAtOnce() async {
        Conf.withValues {
            $0[\.multiA] = 1
            $0[IntKey<MultiBTag>.self] = 2
        } operation: {
            #expect(Conf[\.multiA] == 1)
            #expect(Conf[\.multiB] == 2)
        }
        await Conf.withValues {
            $0[\.multiA] = 3
        } operation: {
            await Task.yield()
            #expect(Conf[\.multiA] == 3)
            #expect(Conf[\.multiB] == 42)
        }
        #expect(Conf[\.multiA] == 42)
    }

    @Test func nestedScopesSeeOuterAndInnerOverrides() {
        Conf.withValue(1, for: \.nestedOuter) {
            Conf.withValue(2, for: \.nestedInner) {
                #expect(Conf[\.nestedOuter] == 1)
                #expect(Conf[\.nestedInner] == 2)
                Conf.withValue(3, for: \.nestedOuter) {
                    #expect(Conf[\.nestedOuter] == 3)
                    #expect(Conf[\.nestedInner] == 2)
                }
                Conf.withValues {
                    #expect($0[\.nestedOuter] == 1)
                    $0[\.nestedOuter] = nil
                } operation: {
                    #expect(Conf[\.nestedOuter] == 42)
                    #expect(Conf[\.nestedInner] == 2)
                }
                #expect(Conf[\.nestedOuter] == 1)
            }
            #expect(Conf[\.nestedInner] == 42)
        }
    }

    @Test func anUnstructuredTaskKeepsItsInheritedOverrideAfterTheScopeEnds() async {
        let (gate, opened) = AsyncStream.makeStream(of: Void.self)
        let task = Conf.withValue(8, for: \.escaping) {
            Task {
                for await _ in gate { break }
                return Conf[\.escaping]
            }
        }
        #expect(Conf[\.escaping] == 42)
        opened.yield()
        #expect(await task.value == 8)
    }

    @Test func asyncWithValueKeepsTheCallersIsolation() async {
        actor Account {
            var balance = 0
            func deposit() async -> Int {
                await Conf.withValue(5, for: \.isolation) {
                    await Task.yield()
                    balance += Conf[\.isolation]  // synchronous access to actor state: still isolated
                    return balance
                }
            }
        }
        #expect(await Account().deposit() == 5)
    }

    @Test func twoConcurrentTasksWithDifferentOverridesEachSeeOnlyTheirOwn() async {
        let ready = Counter()
        async let first: [Int] = Conf.withValue(1, for: \.parallel) {
            ready.increment()
            var seen: [Int] = []
            for _ in 0..<200 {
                seen.append(Conf[\.parallel])
                await Task.yield()
            }
            return seen
        }
        async let second: [Int] = Conf.withValue(2, for: \.parallel) {
            ready.increment()
            var seen: [Int] = []
            for _ in 0..<200 {
                seen.append(Conf[\.parallel])
                await Task.yield()
            }
            return seen
        }
        let (a, b) = await (first, second)
        #expect(Set(a) == [1])
        #expect(Set(b) == [2])
        #expect(Conf[\.parallel] == 42)
    }

}
