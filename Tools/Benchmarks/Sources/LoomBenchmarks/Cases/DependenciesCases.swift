import Dependencies

private enum BenchmarkServiceDependencyKey: DependencyKey {
    static let liveValue = Service()
}

extension DependencyValues {
    var benchmarkService: Service {
        get { self[BenchmarkServiceDependencyKey.self] }
        set { self[BenchmarkServiceDependencyKey.self] = newValue }
    }
}

/// A type reading its dependency the way swift-dependencies recommends.
private struct DependencyReader {
    @Dependency(\.benchmarkService) var service
}

/// swift-dependencies 1.17's side: reading a dependency, outside and inside `withDependencies`.
struct DependenciesCases {
    let runner: BenchmarkRunner

    func read() -> Double {
        let reader = DependencyReader()
        return runner.nanosecondsPerOperation { iterations in
            for _ in 0..<iterations { blackHole(reader.service) }
        }
    }

    func readInOverride() -> Double {
        withDependencies {
            $0.benchmarkService = Service(identifier: 2)
        } operation: {
            read()
        }
    }
}
