import LoomCore
import LoomRuntime
import LoomTestSupport
import LoomTesting
import Testing

/// The engine's shortcuts (in-place registration, lock-free probes by type, alternative, name, value and arguments) must
/// give exactly the answers of the general paths they bypass.
@Suite struct EngineFastPathTests {
    private enum Shape: Sendable { case circle }
    private struct Point: Sendable { var x = 0 }

    @Test func registrationsThatGrowTheTableStayResolvableAndReplaceable() throws {
        let container = quietContainer()
        let alternatives = (0..<300).map { RegistrationAlternative("service-\($0)") }
        for (index, alternative) in alternatives.enumerated() {
            container.register(alternative: alternative, scope: .singleton) { Service(id: index) }
        }
        #expect(container.registrationCount == 300)
        for (index, alternative) in alternatives.enumerated() {
            #expect(try container.resolve(Service.self, alternative: alternative).id == index)
        }
        let cached = try container.resolve(Service.self, alternative: alternatives[7])
        container.register(alternative: alternatives[7], scope: .singleton) { Service(id: -7) }
        #expect(container.registrationCount == 300)
        let replaced = try container.resolve(Service.self, alternative: alternatives[7])
        #expect(replaced.id == -7)
        #expect(!(replaced === cached))
    }

    @Test func registeringTAfterManyRegistrationsStillReplacesAnExplicitOptionalT() throws {
        let container = quietContainer()
        container.register { () -> Service? in Service(id: 1) }
        for index in 0..<40 {
            container.register(alternative: RegistrationAlternative("filler-\(index)")) { Service(id: index) }
        }
        container.register { Service(id: 2) }
        #expect(try container.resolve(Service?.self)?.id == 2)
        #expect(container.registrationCount == 41)
    }

    @Test func namesMatchByteForByteAndAnotherUnicodeSpellingIsSuggested() throws {
        let container = quietContainer()
        container.add {
            Dependency { Service(id: 1) }.named("caf\u{E9}")
            Dependency { Service(id: 2) }.named("plain-ascii-name")
        }
        let composed: Service = try container.inject(byName: "caf\u{E9}")
        #expect(composed.id == 1)
        let ascii: Service = try container.inject(byName: "plain-ascii-name")
        #expect(ascii.id == 2)
        #expect(throws: InjectionError.self) { let _: Service = try container.inject(byName: "plain-ascii-nam") }
        // The decomposed spelling is equal as a Swift `String` but is another name; the error says so.
        let error = #expect(throws: InjectionError.self) {
            let _: Service = try container.inject(byName: "cafe\u{301}")
        }
        guard case .missingDependency(_, let suggestions) = error else {
            Issue.record("expected a missing dependency, got \(String(describing: error))")
            return
        }
        #expect(suggestions.count == 1)
        #expect(suggestions.first?.contains("another Unicode spelling") == true)
    }

    @Test func aNamedLookupForAnotherTypeTakesTheCheckedPath() throws {
        let container = quietContainer()
        container.add {
            Dependency { EnglishGreeting() }.named("greeting")
            Dependency { 42 }.named("answer")
        }
        let greeting: any Greeting = try container.inject(byName: "greeting")
        #expect(greeting.text == "Hello")
        let concrete: EnglishGreeting = try container.inject(byName: "greeting")
        #expect(concrete.text == "Hello")
        #expect(throws: InjectionError.self) { let _: String = try container.inject(byName: "answer") }
    }

    @Test func theGraphAnswersNamedLookupsFromItsIndexAndAfterDeactivationNoLonger() throws {
        let container = Container(name: "fast-path-graph", logger: CapturingLogger()) {
            Dependency { Service(id: 5) }.named("fast-path-service").scope(.singleton)
        }
        DependencyGraph.activate(container)
        let first: Service = try DependencyGraph.inject(byName: "fast-path-service")
        let second: Service = try DependencyGraph.inject(byName: "fast-path-service")
        #expect(first.id == 5)
        #expect(first === second)
        DependencyGraph.deactivate(container)
        let missing: Service? = try DependencyGraph.inject(byName: "fast-path-service")
        #expect(missing == nil)
    }

    /// Activation builds the graph's index from each registry's nodes taken in address order, not key order; the
    /// index must still give every key the answer of the containers: the nearest registration of each chain, the
    /// same registration reached through two active chains once, different ones as an ambiguity.
    @Test func theGraphIndexOfLargeChainsAnswersEveryKeyAsItsContainersDo() throws {
        let names = (0..<300).map { "fast-path-index-\($0)" }
        let parent = Container(name: "fast-path-index-parent", logger: DisabledLogger()) {
            for (index, name) in names.enumerated() { Dependency { Service(id: index) }.named(name).scope(.singleton) }
        }
        let child = Container(name: "fast-path-index-child", parent: parent, logger: DisabledLogger()) {
            for (index, name) in names.enumerated() where index % 3 == 0 {
                Dependency { Service(id: -index) }.named(name).scope(.singleton)
            }
        }
        let other = Container(name: "fast-path-index-other", logger: DisabledLogger()) {
            for (index, name) in names.enumerated() where index % 5 == 0 {
                Dependency { Service(id: 1_000 + index) }.named(name).scope(.singleton)
            }
        }
        var released = Weak<Service>(nil)
        do {
            DependencyGraph.activate(child)
            DependencyGraph.activate(parent)
            DependencyGraph.activate(other)
            defer {
                DependencyGraph.deactivate(child)
                DependencyGraph.deactivate(parent)
                DependencyGraph.deactivate(other)
            }
            for (index, name) in names.enumerated() {
                switch (index % 3 == 0, index % 5 == 0) {
                case (false, false):
                    // The parent's registration, reached through both the child's chain and its own: one answer.
                    let service: Service = try DependencyGraph.inject(byName: name)
                    #expect(service.id == index)
                    if index == 1 { released = Weak(service) }
                case (true, _):
                    // The child's registration shadows the parent's in its view, and the parent's own view adds it.
                    #expect(throws: InjectionError.self) { let _: Service = try DependencyGraph.inject(byName: name) }
                case (false, true):
                    #expect(throws: InjectionError.self) { let _: Service = try DependencyGraph.inject(byName: name) }
                }
            }
        }
        // Every reference the index took is given back: the container's cached instance goes with deactivation.
        #expect(released.object == nil)
        DependencyGraph.activate(child)
        defer { DependencyGraph.deactivate(child) }
        for (index, name) in names.enumerated() {
            let service: Service = try DependencyGraph.inject(byName: name)
            #expect(service.id == (index % 3 == 0 ? -index : index))
        }
    }

    /// The probe with arguments matches a key by its parameter types at every position — the first three compared
    /// inline, later ones from the key's list — and by its alternative, compared last.
    @Test func aProbeWithArgumentsMatchesEveryParameterTypeAndTheAlternative() throws {
        let container = quietContainer()
        container.register(scope: .singleton) { (a: Int, b: Int, c: Int, d: Int) in Service(id: a + b + c + d) }
        container.register(scope: .singleton) { (a: Int, b: Int, c: Int, d: String) in Service(id: -(a + b + c)) }
        container.register(scope: .singleton) { (a: Int, b: String) in Service(id: a + b.count) }
        container.register(scope: .singleton) { (a: String, b: Int) in Service(id: 100 + a.count + b) }
        container.register(alternative: "other", scope: .singleton) { (a: Int, b: String) in Service(id: 1_000 + a) }
        for _ in 0..<2 {
            #expect(try container.inject(byType: Service.self, 1, 2, 3, 4).id == 10)
            #expect(try container.inject(byType: Service.self, 1, 2, 3, "four").id == -6)
            #expect(try container.inject(byType: Service.self, 1, "ab").id == 3)
            #expect(try container.inject(byType: Service.self, "ab", 1).id == 103)
            #expect(try container.inject(byType: Service.self, alternative: "other", 1, "ab").id == 1_001)
            #expect(try container.registry.fastValue(Service.self, alternative: "other", 1, "ab")?.id == 1_001)
            #expect(try container.registry.fastValue(Service.self, alternative: "another", 1, "ab") == nil)
        }
        // The lock-free probe itself answers each arity (a miss would fall back to the general path unnoticed).
        #expect(try container.registry.fastValue(Service.self, alternative: nil, 1, 2, 3, 4)?.id == 10)
        #expect(try container.registry.fastValue(Service.self, alternative: nil, 1, 2, 3, "four")?.id == -6)
        #expect(try container.registry.fastValue(Service.self, alternative: nil, 1, "ab")?.id == 3)
        #expect(try container.registry.fastValue(Service.self, alternative: nil, "ab", 1)?.id == 103)
        #expect(throws: InjectionError.self) { try container.inject(byType: Service.self, 1, 2, 3, 4, 5) }
        #expect(throws: InjectionError.self) { try container.inject(byType: Service.self, 1, 2) }
        // One instance per distinct argument tuple, found again by the settled read.
        let first = try container.inject(byType: Service.self, 1, "ab")
        #expect(try container.inject(byType: Service.self, 1, "ab") === first)
        #expect(try container.inject(byType: Service.self, 2, "ab") !== first)
    }

    /// Values and hashed arguments alternate on one thread — more of them than the thread remembers hashes for, the
    /// same strings used as values and as arguments, in both orders — and each request still gets its own
    /// registration or tuple, from the lock-free read once settled.
    @Test func alternatingValuesAndStringArgumentsEachFindTheirOwnInstance() throws {
        let container = quietContainer()
        let longName = "a much longer argument, stored out of line: " + String(repeating: "x", count: 20)
        let names = (0..<9).map { "name-\($0)" } + [longName]
        for (index, name) in names.enumerated() {
            container.add { Dependency(for: name) { Service(id: index) }.scope(.singleton) }
        }
        container.register(scope: .singleton) { (a: String, b: Int) in Service(id: 100 * a.count + b) }
        var tuples: [String: Service] = [:]
        for round in 0..<4 {
            for (index, name) in names.enumerated().reversed() where (index + round) % 2 == 0 || round >= 2 {
                func byValue() throws {
                    let service: Service = try container.inject(byValue: name)
                    #expect(service.id == index)
                    #expect(try container.registry.fastValue(Service.self, value: name)?.id == index)
                }
                func byArguments() throws {
                    let service = try container.inject(byType: Service.self, name, index)
                    #expect(service.id == 100 * name.count + index)
                    #expect(try container.registry.fastValue(Service.self, alternative: nil, name, index) === service)
                    // Equal bytes built separately: the same tuple.
                    let copy = String(decoding: Array(name.utf8), as: UTF8.self)
                    #expect(try container.inject(byType: Service.self, copy, index) === service)
                    if let earlier = tuples[name] { #expect(earlier === service) }
                    tuples[name] = service
                }
                if round % 2 == 0 {
                    try byValue()
                    try byArguments()
                } else {
                    try byArguments()
                    try byValue()
                }
            }
        }
    }

    @Test func aLockLetsOneCriticalSectionRunAtATime() {
        let lock = LoomLock(0)
        onThreads(4) { _ in
            for _ in 0..<1_000 { lock.withLock { $0 += 1 } }
        }
        #expect(lock.withLock { $0 } == 4_000)
    }
}
