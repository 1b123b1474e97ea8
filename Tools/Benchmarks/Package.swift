// swift-tools-version:6.1
// Loom's benchmarks: Loom against Swinject and swift-dependencies, measured in the same run, in release mode.
//
//     swift run -c release --package-path Tools/Benchmarks loom-benchmarks
//
// A separate package so that the library's own build and tests never fetch or compile the peers. Nothing here uses
// macros: a release build of swift-syntax takes minutes, and keys are declared by hand instead.
import PackageDescription

let package = Package(
    name: "LoomBenchmarks",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "loom-benchmarks", targets: ["LoomBenchmarks"])
    ],
    dependencies: [
        .package(name: "Loom", path: "../.."),
        .package(url: "https://github.com/Swinject/Swinject.git", from: "2.10.0"),
        // No default traits: the read path measured here does not need clocks or schedulers.
        .package(url: "https://github.com/pointfreeco/swift-dependencies.git", from: "1.17.1", traits: []),
    ],
    targets: [
        .target(name: "BenchmarkShims", path: "Sources/BenchmarkShims"),
        .executableTarget(
            name: "LoomBenchmarks",
            dependencies: [
                "BenchmarkShims",
                .product(name: "Loom", package: "Loom"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Sources/LoomBenchmarks",
            swiftSettings: [
                .swiftLanguageMode(.v6),
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
    ]
)
