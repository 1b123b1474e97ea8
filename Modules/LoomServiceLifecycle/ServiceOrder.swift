internal import LoomCore

/// The start order of services from the dependency edges recorded while they were built.
///
/// A service depends on another when the other is reachable from it along the edges, through any registrations in
/// between. The order is a topological one in which, at each step, the earliest registered service whose
/// dependencies have all started comes next — so services that do not depend on each other keep their registration
/// order, and the result is the same on every run.
struct ServiceOrder {
    /// Positions in the `services` given, in start order.
    let positions: [Int]
    /// For each service in start order, the start-order positions of the services it depends on, ascending.
    let dependencies: [[Int]]

    /// - Throws: `InjectionError.cyclicDependencyReference` naming the services of a circle, when there is one.
    init(services: [RegistrationEntry], edges: [RecordingLoader.Edge]) throws {
        var needs: [ObjectIdentifier: [RegistrationEntry]] = [:]
        for edge in edges {
            let dependencies = needs[ObjectIdentifier(edge.dependent), default: []]
            if !dependencies.contains(where: { $0 === edge.dependency }) {
                needs[ObjectIdentifier(edge.dependent)] = dependencies + [edge.dependency]
            }
        }
        let positionOfService = Dictionary(
            uniqueKeysWithValues: services.enumerated().map { (ObjectIdentifier($1), $0) })
        // For each service (by given position): the services reachable from it.
        let reachable: [Set<Int>] = services.map { service in
            var found: Set<Int> = []
            var visited: Set<ObjectIdentifier> = []
            var pending = needs[ObjectIdentifier(service)] ?? []
            while let next = pending.popLast() {
                guard visited.insert(ObjectIdentifier(next)).inserted else { continue }
                if let position = positionOfService[ObjectIdentifier(next)] { found.insert(position) }
                pending += needs[ObjectIdentifier(next)] ?? []
            }
            return found
        }
        var started: [Int] = []
        var startedSet: Set<Int> = []
        while started.count < services.count {
            let ready = services.indices.first { position in
                !startedSet.contains(position) && reachable[position].isSubset(of: startedSet)
            }
            guard let ready else {
                throw InjectionError.cyclicDependencyReference(
                    Self.cycle(among: services, reachable: reachable, excluding: startedSet))
            }
            started.append(ready)
            startedSet.insert(ready)
        }
        var startPosition: [Int: Int] = [:]
        for (order, position) in started.enumerated() { startPosition[position] = order }
        positions = started
        dependencies = started.map { position in reachable[position].compactMap { startPosition[$0] }.sorted() }
    }

    /// A circle among the services not yet started, as locators whose first and last are the same.
    private static func cycle(
        among services: [RegistrationEntry], reachable: [Set<Int>], excluding started: Set<Int>
    ) -> DependencyCycle {
        // Every remaining service waits for another remaining one; walking those waits must come back around.
        var walk: [Int] = []
        var current = services.indices.first { !started.contains($0) } ?? 0
        while !walk.contains(current) {
            walk.append(current)
            current = reachable[current].subtracting(started).subtracting([current]).min() ?? current
        }
        let circle = walk[walk.firstIndex(of: current)!...] + [current]
        return DependencyCycle(chain: circle.map { services[$0].locator })
    }
}
