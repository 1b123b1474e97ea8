// swift-tools-version:6.1
// Loom's benchmarks on ordo-one's package-benchmark: Loom against Swinject and swift-dependencies, in one run.
//
//     swift package --package-path Tools/Benchmarks benchmark                  # every benchmark, as text
//     Scripts/benchmark-report                                                 # the same run, as the targets table
//     Scripts/check-allocations                                                # the allocation gate `.ci/run` runs
//
// Four benchmark targets: `LoomBenchmarks` measures Loom and the baselines it is compared with (a `static let` read, a
// direct `init`, a stored property) and is what the allocation gate builds; `PeerBenchmarks` measures Swinject and
// swift-dependencies, `ConfigurationBenchmarks` measures LoomConfigurationSources (bound keys, reloads), and
// `ServerBenchmarks` one request through LoomHummingbird's request-scope middleware. The package-benchmark plugin
// builds only the targets it is asked to run, so the gate never compiles the peers — nor swift-syntax, which
// swift-dependencies' macros pull in, nor swift-configuration, nor swift-nio. Nothing here uses macros: keys are
// declared by hand. A separate package, so Loom's own build and tests never fetch any of this.
import PackageDescription

let benchmarkSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]
let benchmark = Target.Dependency.product(name: "Benchmark", package: "benchmark")
let benchmarkPlugin = Target.PluginUsage.plugin(name: "BenchmarkPlugin", package: "benchmark")

let package = Package(
    name: "LoomBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Loom", path: "../.."),
        // The malloc interposer counts allocations; the default RuntimeInterposer trait (ARC counts on Swift 6.3
        // Linux) is left off: no benchmark here reports retain counts.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject.git", from: "2.10.0"),
        // For the configuration figures' providers (the same version Loom resolves).
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        // For the request-scope middleware's figure (the same version Loom resolves).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // No default traits: the read path measured here does not need clocks or schedulers.
        .package(url: "https://github.com/pointfreeco/swift-dependencies.git", from: "1.17.1", traits: []),
    ],
    targets: [
        // The objects every library under test builds, so each one builds exactly the same ones.
        .target(name: "BenchmarkFixtures", path: "Sources/BenchmarkFixtures", swiftSettings: benchmarkSettings),
        // The allocator's figures the memory benchmark needs, which Swift's Glibc module does not expose.
        .target(name: "BenchmarkShims", path: "Sources/BenchmarkShims"),
        .executableTarget(
            name: "LoomBenchmarks",
            dependencies: [
                benchmark, "BenchmarkFixtures", "BenchmarkShims",
                .product(name: "Loom", package: "Loom"),
                .product(name: "LoomTesting", package: "Loom"),
            ],
            path: "Benchmarks/LoomBenchmarks",
            swiftSettings: benchmarkSettings,
            plugins: [benchmarkPlugin]
        ),
        // LoomConfigurationSources' figures: a bound key's read and a reload of 1 000 bound keys. Its own target,
        // so the allocation gate's Loom-only build never compiles swift-configuration.
        .executableTarget(
            name: "ConfigurationBenchmarks",
            dependencies: [
                benchmark, "BenchmarkFixtures",
                .product(name: "Loom", package: "Loom"),
                .product(name: "LoomConfigurationSources", package: "Loom"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            path: "Benchmarks/ConfigurationBenchmarks",
            swiftSettings: benchmarkSettings,
            plugins: [benchmarkPlugin]
        ),
        // LoomHummingbird's figure: one request through the request-scope middleware against the same router
        // without it. Its own target, so the allocation gate's Loom-only build never compiles swift-nio.
        .executableTarget(
            name: "ServerBenchmarks",
            dependencies: [
                benchmark,
                .product(name: "Loom", package: "Loom"),
                .product(name: "LoomHummingbird", package: "Loom"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Benchmarks/ServerBenchmarks",
            swiftSettings: benchmarkSettings,
            plugins: [benchmarkPlugin]
        ),
        .executableTarget(
            name: "PeerBenchmarks",
            dependencies: [
                benchmark, "BenchmarkFixtures",
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Benchmarks/PeerBenchmarks",
            swiftSettings: benchmarkSettings,
            plugins: [benchmarkPlugin]
        ),
    ]
)
