import Swinject

/// Swinject 2.10's side of the figures it has an equivalent for.
struct SwinjectCases {
    let runner: BenchmarkRunner

    /// The same services as `LoomCases.makeContainer()`, in Swinject's idiom.
    static func makeContainer() -> Swinject.Container {
        let container = Swinject.Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(.container)
        container.register(Service.self, name: "named-service") { _ in Service(identifier: 2) }
            .inObjectScope(.container)
        container.register(TransientService.self) { _ in TransientService() }.inObjectScope(.transient)
        container.register(ChainLevel1.self) { _ in ChainLevel1() }.inObjectScope(.transient)
        container.register(ChainLevel2.self) { resolver in ChainLevel2(next: resolver.resolve(ChainLevel1.self)!) }
            .inObjectScope(.transient)
        container.register(ChainLevel3.self) { resolver in ChainLevel3(next: resolver.resolve(ChainLevel2.self)!) }
            .inObjectScope(.transient)
        container.register(ChainLevel4.self) { resolver in ChainLevel4(next: resolver.resolve(ChainLevel3.self)!) }
            .inObjectScope(.transient)
        container.register(ChainLevel5.self) { resolver in ChainLevel5(next: resolver.resolve(ChainLevel4.self)!) }
            .inObjectScope(.transient)
        return container
    }

    func singleton(_ container: Swinject.Container) -> Double {
        runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(container.resolve(Service.self)!) }
        }
    }

    func named(_ container: Swinject.Container) -> Double {
        runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(container.resolve(Service.self, name: "named-service")!) }
        }
    }

    func transient(_ container: Swinject.Container) -> Double {
        runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(container.resolve(TransientService.self)!) }
        }
    }

    func chain(_ container: Swinject.Container) -> Double {
        runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(container.resolve(ChainLevel5.self)!) }
        }
    }

    /// Registering ten services of distinct types into each of `containerCount` new containers, per registration.
    func registration(containerCount: Int) -> Double {
        runner.nanosecondsPerOperation(batchSize: containerCount * 10) {
            (0..<containerCount).map { _ in Swinject.Container() }
        } _: { containers in
            for container in containers {
                container.register(Registered0.self) { _ in Registered0() }.inObjectScope(.container)
                container.register(Registered1.self) { _ in Registered1() }.inObjectScope(.container)
                container.register(Registered2.self) { _ in Registered2() }.inObjectScope(.container)
                container.register(Registered3.self) { _ in Registered3() }.inObjectScope(.weak)
                container.register(Registered4.self) { _ in Registered4() }.inObjectScope(.weak)
                container.register(Registered5.self) { _ in Registered5() }.inObjectScope(.transient)
                container.register(Registered6.self) { _ in Registered6() }.inObjectScope(.transient)
                container.register(Registered7.self) { _ in Registered7() }.inObjectScope(.transient)
                container.register(Registered8.self) { _ in Registered8() }.inObjectScope(.container)
                container.register(Registered9.self) { _ in Registered9() }.inObjectScope(.container)
            }
        }
    }
}
