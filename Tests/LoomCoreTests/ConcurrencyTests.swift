import LoomCore
import LoomRuntime
import LoomTestSupport
import Testing

@Suite struct ConcurrencyTests {
    @Test func thousandConcurrentColdResolvesOfASingletonConstructItOnce() async throws {
        let container = quietContainer()
        let built = Counter()
        container.register(scope: .singleton) { () -> Service in
            built.increment()
            // Real work widens the window in which other resolvers arrive while construction runs.
            var sum = 0
            for index in 0..<50_000 { sum &+= index }
            return Service(id: sum)
        }
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 { group.addTask { ObjectIdentifier(try container.resolve(Service.self)) } }
            var seen: Set<ObjectIdentifier> = []
            for try await identity in group { seen.insert(identity) }
            return seen
        }
        #expect(built.value == 1)
        #expect(identities.count == 1)
    }

    /// Threads resolving by values and by string arguments, each in its own order and from cold, all get the one
    /// instance of each registration or tuple: every thread's remembered hashes are its own.
    @Test func threadsResolvingByValuesAndStringArgumentsShareEachInstance() throws {
        let container = quietContainer()
        let names = (0..<6).map { "value-\($0)" }
        for (index, name) in names.enumerated() {
            container.add { Dependency(for: name) { Service(id: index) }.scope(.singleton) }
        }
        container.register(scope: .singleton) { (name: String, index: Int) in Service(id: 10 * name.count + index) }
        // The first identity any thread saw for each request; every later answer must match it.
        let seen = LoomLock<[String: ObjectIdentifier]>([:])
        let mismatches = Counter()
        onThreads(4) { thread in
            for round in 0..<2_000 {
                let index = (round * (thread + 1) + thread) % names.count
                let answers = [
                    ("value \(index)", try? ObjectIdentifier(container.inject(byValue: names[index]) as Service)),
                    (
                        "arguments \(index)",
                        try? ObjectIdentifier(container.inject(byType: Service.self, names[index], 1))
                    ),
                ]
                for (request, answer) in answers {
                    let agreed = seen.withLock { seen -> Bool in
                        guard let answer else { return false }
                        if let first = seen[request] { return first == answer }
                        seen[request] = answer
                        return true
                    }
                    if !agreed { mismatches.increment() }
                }
            }
        }
        #expect(mismatches.value == 0)
    }

    @Test func coldSingletonRacedByRealThreadsIsBuiltOnce() throws {
        for _ in 0..<20 {
            let container = quietContainer()
            let built = Counter()
            container.register(scope: .singleton) { () -> Service in
                built.increment()
                return Service()
            }
            let seen = Collected<ObjectIdentifier>()
            onThreads(8) { _ in
                for _ in 0..<200 {
                    if let service = try? container.resolve(Service.self) { seen.append(ObjectIdentifier(service)) }
                }
            }
            #expect(built.value == 1)
            #expect(Set(seen.all).count == 1)
            #expect(seen.all.count == 1_600)
        }
    }

    @Test func reentrantFactoriesResolvingEachOtherConcurrentlyDoNotDeadlock() throws {
        let container = quietContainer()
        let builtServices = Counter()
        container.register(scope: .singleton) { () -> Service in
            builtServices.increment()
            return Service(id: try container.resolve(Int.self))
        }
        container.register(scope: .singleton) { 41 + 1 }
        container.register(scope: .singleton) { () -> String in "\(try container.resolve(Service.self).id)" }
        let values = Collected<String>()
        onThreads(8) { _ in
            for _ in 0..<100 { if let value = try? container.resolve(String.self) { values.append(value) } }
        }
        #expect(values.all.count == 800)
        #expect(Set(values.all) == ["42"])
        #expect(builtServices.value == 1)
    }

    @Test func concurrentRegistrationAndResolutionNeverCrashAndEachThreadSeesItsOwnRegistration() throws {
        let container = quietContainer()
        container.register { Service(id: -1) }
        let failures = Counter()
        onThreads(8) { index in
            let alternative = RegistrationAlternative("thread-\(index)")
            for iteration in 0..<300 {
                container.register(alternative: alternative) { Service(id: index * 1_000 + iteration) }
                // A resolve after a register on the same thread sees that registration.
                let service = try? container.resolve(Service.self, alternative: alternative)
                if service?.id != index * 1_000 + iteration { failures.increment() }
                if (try? container.resolve(Service.self))?.id != -1 { failures.increment() }
            }
        }
        #expect(failures.value == 0)
        #expect(container.registrationCount == 9)
    }

    @Test func resolvingWhileOtherThreadsReplaceAndCleanUpStaysConsistent() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { Service(id: 0) }
        onThreads(6) { index in
            for iteration in 0..<300 {
                switch index {
                case 0: container.register(scope: .singleton) { Service(id: iteration) }
                case 1 where iteration.isMultiple(of: 50):
                    container.cleanup()
                    container.register(scope: .singleton) { Service(id: iteration) }
                default:
                    // Either a Service or a missing-dependency error right after a cleanup; never a crash.
                    _ = try? container.resolve(Service.self)
                }
            }
        }
        container.register(scope: .singleton) { Service(id: 99) }
        #expect(try container.resolve(Service.self).id == 99)
    }

    @Test func sharedInstancesAreReleasedAndRebuiltSafelyUnderConcurrency() throws {
        let container = quietContainer()
        let built = Counter()
        container.register(scope: .shared) { () -> Service in Service(id: built.increment()) }
        onThreads(8) { _ in
            for _ in 0..<500 { _ = try? container.resolve(Service.self) }
        }
        #expect(built.value >= 1)
        let held: Service = try container.resolve()
        #expect(try container.resolve(Service.self) === held)
    }

    @Test func managedScopeInvalidatedWhileResolvingStaysConsistent() throws {
        let container = quietContainer()
        let scope = ManagedScope()
        container.register(scope: .managed(scope)) { Service() }
        onThreads(4) { index in
            for _ in 0..<500 {
                if index == 0 { scope.invalidate() } else { _ = try? container.resolve(Service.self) }
            }
        }
        let settled: Service = try container.resolve()
        #expect(try container.resolve(Service.self) === settled)
    }

    /// `@Injected`'s storage read lock-free by several threads while another keeps reloading it: every read returns a
    /// value that was published, and replaced values are released only when no reader can still be copying them.
    @Test func lockFreeCellReadsRaceReplacementsSafely() throws {
        for expectsReplacements in [false, true] {
            let cell = _ResolvedValueCell(holdsWeakly: false)
            if expectsReplacements { cell.expectReplacements() }
            _ = try cell.value(Service.self) { Service(id: 0) }
            let replacements = 500
            let outOfRange = Counter()
            let reads = Counter()
            onThreads(3) { index in
                if index == 0 {
                    for id in 1...replacements { cell.replace(with: Service(id: id)) }
                } else {
                    var last = 0
                    for _ in 0..<20_000 {
                        guard let service = cell.reader?.value(as: Service.self) else { continue }
                        if !(0...replacements).contains(service.id) { outOfRange.increment() }
                        last = service.id
                    }
                    reads.increment()
                    _ = last
                }
            }
            #expect(outOfRange.value == 0)
            #expect(reads.value == 2)
            #expect(cell.reader?.value(as: Service.self)?.id == replacements)
        }
    }
}
