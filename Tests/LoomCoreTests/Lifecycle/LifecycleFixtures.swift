import LoomCore
import LoomTestSupport

/// An instance that records its release by name.
final class Resource: Sendable {
    let name: String
    let log: Collected<String>

    init(_ name: String, log: Collected<String>) {
        self.name = name
        self.log = log
    }

    func close() { log.append(name) }
    func closeAsynchronously() async {
        await Task.yield()
        log.append(name)
    }
}

struct HookFailure: Error, Equatable {
    let name: String
}

/// Five levels: `Level4` was built from `Level3`, …, `Level1` from `Level0`.
final class Level0: Sendable {
    let resource: Resource
    init(_ resource: Resource) { self.resource = resource }
}
final class Level1: Sendable {
    let below: Level0
    init(_ below: Level0) { self.below = below }
}
final class Level2: Sendable {
    let below: Level1
    init(_ below: Level1) { self.below = below }
}
final class Level3: Sendable {
    let below: Level2
    init(_ below: Level2) { self.below = below }
}
final class Level4: Sendable {
    let below: Level3
    init(_ below: Level3) { self.below = below }
}

/// Registers the five-level chain in `container` with `scope`; each level's hook appends its name to `log`.
func registerChain(in container: Container, scope: DependencyScope, log: Collected<String>) {
    container.register(scope: scope) {
        Level0(Resource("r", log: log))
    } onRelease: { _ in
        log.append("level0")
    }
    container.register(scope: scope) {
        Level1(try container.resolve())
    } onRelease: { _ in
        log.append("level1")
    }
    container.register(scope: scope) {
        Level2(try container.resolve())
    } onRelease: { _ in
        log.append("level2")
    }
    container.register(scope: scope) {
        Level3(try container.resolve())
    } onRelease: { _ in
        log.append("level3")
    }
    container.register(scope: scope) {
        Level4(try container.resolve())
    } onRelease: { _ in
        log.append("level4")
    }
}
