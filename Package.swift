// swift-tools-version:6.2
// Loom: dependency injection and configuration for modular Swift apps.
//
// The manifest is written as data: each module is declared once in `modules`, products and test targets are
// derived from that list, and the language settings are applied to every target in one loop at the end.
import CompilerPluginSupport
import PackageDescription

/// One SwiftPM target under `Modules/<name>`.
struct Module {
    var name: String
    var dependencies: [Target.Dependency] = []
    /// Public modules get a library product of the same name.
    var isProduct = true
    /// Modules with a `Tests/<name>Tests` folder get a test target.
    var hasTests = true
    var testDependencies: [Target.Dependency] = []
    /// Build-tool plugins applied to the test target.
    var testPlugins: [Target.PluginUsage] = []
    var kind: Kind = .regular

    enum Kind { case regular, cShim, macro }
}

let swiftSyntax = "swift-syntax"
let configuration = Target.Dependency.product(name: "Configuration", package: "swift-configuration")
let serviceLifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
// The signal type of `ServiceGroupConfiguration`'s signal lists (`.sigterm`).
let unixSignals = Target.Dependency.product(name: "UnixSignals", package: "swift-service-lifecycle")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
// `FilePath`, which swift-configuration's file providers take.
let systemPackage = Target.Dependency.product(name: "SystemPackage", package: "swift-system")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
// LOOM_SANITIZER_BUILD leaves out what `.ci/run`'s ThreadSanitizer build does not run: the HTTP server bridge
// (hummingbird, and through it swift-nio), the demo that serves through it, the test targets without race suites, and
// the macros with swift-syntax (see below). Instrumenting swift-nio alone would double that build's time. An environment variable rather than a
// package trait: a trait cannot remove targets or products, only dependencies, so every file of the bridge, its tests
// and the demo would need `#if`; and an adopter never builds the bridge unless it imports LoomHummingbird anyway
// (Scripts/check-isolation).
let sanitizerBuild = Context.environment["LOOM_SANITIZER_BUILD"] != nil
let includesServer = !sanitizerBuild
var modules: [Module] = [
    // The runtime layer: every unsafe or lock-free primitive (atomics, read sections and reclamation, exactly-once
    // slots, the concurrent table, per-thread frames) behind a typed API. Not a product. Its C half holds what Swift
    // cannot express at Loom's floor (Synchronization's `Atomic` needs macOS 15 / iOS 18): word atomics, one
    // thread-local slot, membarrier.
    Module(name: "LoomRuntimeShims", isProduct: false, hasTests: false, kind: .cShim),
    Module(name: "LoomRuntime", dependencies: ["LoomRuntimeShims"], isProduct: false),
    // The tests of a module's documentation articles compile every snippet, so a test target also depends on the
    // modules its articles show (LoomCore's articles use `@Injected` and lookup policies, for example).
    Module(
        name: "LoomCore", dependencies: ["LoomRuntime"],
        testDependencies: ["LoomRuntime", "LoomLookup", "LoomInjection"]),
    Module(name: "LoomKeys", dependencies: ["LoomCore", "LoomRuntime"], testDependencies: ["LoomMacros"]),
    Module(name: "LoomLookup", dependencies: ["LoomCore", "LoomRuntime"], testDependencies: ["LoomInjection"]),
    Module(name: "LoomInjection", dependencies: ["LoomCore", "LoomKeys", "LoomLookup", "LoomRuntime"]),
    // The macros' implementations: a plain library, so that their expansion tests link it rather than the macro
    // target. A test target linking a macro makes SwiftPM build every test target, and everything they use, for the
    // host as well as for the target: all of the package's dependencies compiled twice.
    Module(
        name: "LoomMacroExpansions",
        dependencies: [.product(name: "SwiftSyntaxMacros", package: swiftSyntax)],
        isProduct: false,
        testDependencies: [
            .product(name: "SwiftSyntaxMacros", package: swiftSyntax),
            .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: swiftSyntax),
        ]
    ),
    Module(
        name: "LoomMacrosPlugin",
        dependencies: ["LoomMacroExpansions", .product(name: "SwiftCompilerPlugin", package: swiftSyntax)],
        isProduct: false,
        hasTests: false,
        kind: .macro
    ),
    Module(
        name: "LoomMacros", dependencies: ["LoomCore", "LoomKeys", "LoomInjection", "LoomMacrosPlugin"],
        testPlugins: ["LoomAutoregistration"]),
    Module(
        name: "LoomTesting", dependencies: ["LoomCore", "LoomKeys", "LoomInjection", "LoomRuntime"],
        testDependencies: ["Loom", "LoomMacros"]),
    Module(
        name: "LoomLogging", dependencies: ["LoomCore", .product(name: "Logging", package: "swift-log")],
        testDependencies: [.product(name: "Logging", package: "swift-log")]),
    Module(
        name: "Loom", dependencies: ["LoomCore", "LoomKeys", "LoomLookup", "LoomInjection"],
        testDependencies: ["LoomMacros"]),
    // The bridge to apple/swift-configuration: Loom keys whose root values come from its providers and follow their
    // reloads. The only module that depends on swift-configuration (it uses swift-service-lifecycle for its `Service`
    // conformance); its declarations need macOS 15 / iOS 18, as swift-configuration does.
    Module(
        name: "LoomConfigurationSources",
        dependencies: ["LoomCore", "LoomKeys", "LoomRuntime", configuration, serviceLifecycle],
        testDependencies: [
            "Loom", "LoomMacros", "LoomTesting", configuration, serviceLifecycle, systemPackage,
            .product(name: "Logging", package: "swift-log"),
        ]),
    // The bridge to swift-server/swift-service-lifecycle: the registrations that are `Service`s run in a
    // `ServiceGroup` in dependency order, and the container's cached instances are released when it ends, dependents
    // first (Documentation/Design/release-order.md). Besides LoomConfigurationSources, the only module that depends on
    // swift-service-lifecycle.
    Module(
        name: "LoomServiceLifecycle",
        dependencies: ["LoomCore", "LoomRuntime", serviceLifecycle, unixSignals, logging],
        testDependencies: ["Loom", "LoomTesting", serviceLifecycle, unixSignals, logging]),
]
if includesServer {
    modules += [
        // The bridge to hummingbird-project/hummingbird: a router middleware running each request in its own request
        // scope, released when the response body has been written, and the application as a service of a
        // `DependencyServiceGroup`. The only module that depends on hummingbird.
        Module(
            name: "LoomHummingbird",
            dependencies: ["LoomCore", hummingbird, serviceLifecycle, logging],
            testDependencies: [
                "Loom", "LoomRuntime", "LoomTesting", "LoomServiceLifecycle", hummingbird, serviceLifecycle, logging,
            ])
    ]
}

func target(for module: Module) -> Target {
    let path = "Modules/\(module.name)"
    switch module.kind {
    case .regular:
        return .target(name: module.name, dependencies: module.dependencies, path: path)
    case .cShim:
        return .target(name: module.name, dependencies: module.dependencies, path: path)
    case .macro:
        return .macro(name: module.name, dependencies: module.dependencies, path: path)
    }
}

var targets = modules.map(target(for:))
targets += modules.filter(\.hasTests).map { module in
    .testTarget(
        name: "\(module.name)Tests",
        dependencies: [.target(name: module.name), "LoomTestSupport"] + module.testDependencies,
        path: "Tests/\(module.name)Tests",
        plugins: module.testPlugins
    )
}
// A small modular app built the way an adopter would: a shared module (protocols and the root container), two
// feature modules each owning its container, and an app module composing them. Test-only; LoomIntegrationTests
// drives it.
let fixtureModules: [(name: String, dependencies: [Target.Dependency])] = [
    ("LoomFixtureShared", ["Loom"]),
    ("LoomFixtureStorage", ["Loom", "LoomFixtureShared"]),
    ("LoomFixtureSearch", ["Loom", "LoomFixtureShared"]),
    ("LoomFixtureApp", ["Loom", "LoomFixtureShared", "LoomFixtureStorage", "LoomFixtureSearch"]),
]
targets += fixtureModules.map {
    .target(name: $0.name, dependencies: $0.dependencies, path: "Tests/Fixtures/\($0.name)")
}
targets += [
    .testTarget(
        name: "LoomIntegrationTests",
        dependencies: fixtureModules.map { .target(name: $0.name) } + ["LoomTestSupport"],
        path: "Tests/LoomIntegrationTests"
    )
]
// Fixtures that use the macros and the LoomAutoregistration plugin: two modules, so the test also shows that their
// generated groups never collide.
let autoregisteredFixtures = ["LoomFixtureCatalog", "LoomFixtureBilling"]
targets += autoregisteredFixtures.map {
    .target(name: $0, dependencies: ["LoomMacros"], path: "Tests/Fixtures/\($0)", plugins: ["LoomAutoregistration"])
}
targets += [
    // The build-tool plugin listing a target's @Registerable types in a generated `DependencyGroup` and checking its
    // graph at build time (Documentation/Design/graph-macros.md#autoregistration), and its generator, a lexical scanner
    // that needs no swift-syntax.
    .plugin(
        name: "LoomAutoregistration",
        capability: .buildTool(),
        dependencies: ["LoomAutoregistrationTool"],
        path: "Tools/LoomAutoregistration/Plugin"
    ),
    // The tool's work, a library so that the tests link it rather than the executable.
    .target(name: "LoomAutoregistrationCore", path: "Tools/LoomAutoregistration/Core"),
    .executableTarget(
        name: "LoomAutoregistrationTool", dependencies: ["LoomAutoregistrationCore"],
        path: "Tools/LoomAutoregistration/Tool"),
    .testTarget(
        name: "LoomAutoregistrationTests",
        // LoomMacros: the article on build-time graph errors compiles its `@Registerable` snippets.
        dependencies: autoregisteredFixtures.map { .target(name: $0) } + [
            "LoomAutoregistrationCore", "LoomTestSupport", "LoomMacros",
        ],
        path: "Tests/LoomAutoregistrationTests"
    ),
]
targets += [
    // Stress, random-graph and bad-input checks (Documentation/Design/reliability-targets.md); `.ci/run` runs it with
    // and without TSan.
    .testTarget(
        name: "LoomReliabilityTests",
        dependencies: ["Loom", "LoomTesting", "LoomTestSupport"],
        path: "Tests/LoomReliabilityTests"
    ),
    // Fixtures shared by the test targets (not a product).
    .target(
        name: "LoomTestSupport", dependencies: ["LoomCore", "LoomRuntime", "LoomTesting"], path: "Tests/LoomTestSupport"
    ),
]
// The sample CLI: `loom-demo`, a notes tool built as a small modular app, one folder per module under
// Tools/LoomDemo — a shared module (the note model, configuration keys, the root container), two feature modules each
// owning its container, an app module composing them, the commands, and the executable. Only these targets and their
// tests use swift-argument-parser.
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let demoModules: [(name: String, dependencies: [Target.Dependency])] =
    !includesServer
    ? []
    : [
        // The settings come from the command line, `LOOM_DEMO_*` variables and a JSON file through
        // LoomConfigurationSources (`loom-demo config` shows each one's source).
        ("LoomDemoCore", ["Loom", "LoomMacros", "LoomConfigurationSources", configuration]),
        // `watch`'s services (the auto-saver, the index refresher) conform to swift-service-lifecycle's `Service`.
        ("LoomDemoStorage", ["Loom", "LoomDemoCore", serviceLifecycle]),
        // Its services are `@Registerable` (the index refresher injects the storage feature's auto-saver).
        ("LoomDemoSearch", ["Loom", "LoomMacros", "LoomDemoCore", "LoomDemoStorage", serviceLifecycle]),
        (
            "LoomDemoApp",
            [
                "Loom", "LoomLogging", .product(name: "Logging", package: "swift-log"), "LoomDemoCore",
                "LoomDemoStorage",
                "LoomDemoSearch", "LoomConfigurationSources", configuration, systemPackage,
            ]
        ),
        // `serve`'s JSON API over the notes features, through LoomHummingbird.
        (
            "LoomDemoServer",
            [
                "Loom", "LoomDemoCore", "LoomDemoStorage", "LoomDemoSearch", "LoomDemoApp", "LoomHummingbird",
                "LoomServiceLifecycle", hummingbird, logging,
            ]
        ),
        // `watch` and `serve` run their services through LoomServiceLifecycle.
        (
            "LoomDemoCommands",
            [
                "Loom", "LoomDemoCore", "LoomDemoStorage", "LoomDemoSearch", "LoomDemoApp", "LoomDemoServer",
                "LoomServiceLifecycle", unixSignals, logging, argumentParser,
            ]
        ),
    ]
targets += demoModules.map {
    .target(name: $0.name, dependencies: $0.dependencies, path: "Tools/LoomDemo/\($0.name)")
}
targets +=
    !includesServer
    ? []
    : [
        // Only `@main`: the commands are a library so the tests can run them in-process without linking an
        // executable. The tests run the built `loom-demo` as well.
        .executableTarget(
            name: "LoomDemo",
            dependencies: ["LoomDemoCommands", argumentParser],
            path: "Tools/LoomDemo/LoomDemo"
        ),
        .testTarget(
            name: "LoomDemoTests",
            dependencies: demoModules.map { .target(name: $0.name) } + [
                "LoomTesting", "LoomTestSupport", argumentParser, hummingbird,
            ],
            path: "Tests/LoomDemoTests"
        ),
    ]

// Scripts/check-build-time-graph's fixture (Tests/BuildTimeGraphFixture): a feature library whose `@Registerable`
// editor needs a clock, and an app that assembles it, both with the LoomAutoregistration plugin. Declared only while
// the script builds it, in this package's own build tree, so that each of its builds compiles these two modules and
// nothing else. LOOM_GRAPH_FIXTURE names the folder holding the copy the script assembles (`Feature/`, `App/`).
if let fixture = Context.environment["LOOM_GRAPH_FIXTURE"] {
    targets += [
        .target(
            name: "Feature", dependencies: ["LoomMacros"], path: "\(fixture)/Feature", plugins: ["LoomAutoregistration"]
        ),
        .executableTarget(
            name: "App", dependencies: ["Feature", "Loom"], path: "\(fixture)/App", plugins: ["LoomAutoregistration"]),
    ]
}

// The sanitizer build compiles only the test targets holding the suites `.ci/run` runs under ThreadSanitizer (its
// `--filter`), and none of the fixtures the others use. It also compiles no macro: `swift test` builds every target,
// and the macros would bring swift-syntax twice (the plugin for the host, its implementations for the target), the
// longest part of this build. So the macros, their plugin and the autoregistration plugin are left out, with the
// test files that use them (documentation snippets and value conversions; the suites with races declare their keys
// by hand).
if sanitizerBuild {
    let sanitizedTests: Set = [
        "LoomRuntimeTests", "LoomCoreTests", "LoomInjectionTests", "LoomKeysTests", "LoomTestingTests",
        "LoomReliabilityTests", "LoomConfigurationSourcesTests", "LoomServiceLifecycleTests",
    ]
    let macros = [
        "LoomMacros", "LoomMacrosPlugin", "LoomMacroExpansions", "LoomAutoregistration", "LoomAutoregistrationCore",
        "LoomAutoregistrationTool",
    ]
    let removed = Set(fixtureModules.map(\.name) + autoregisteredFixtures + macros)
    targets.removeAll { ($0.type == .test && !sanitizedTests.contains($0.name)) || removed.contains($0.name) }
    let filesUsingMacros = [
        "LoomKeysTests": [
            "Documentation/ConfigurationKeysTests.swift", "Documentation/LoomKeysLandingPageTests.swift",
        ],
        "LoomTestingTests": ["ReadmeTourTests.swift", "OverlayPathsTests.swift"],
        "LoomConfigurationSourcesTests": [
            "ConfBindable+StandardTypesTests.swift", "ConfBindableElementTests.swift", "ConfBindableTests.swift",
            "ConfBindingTests.swift", "ConfPreviewTests.swift",
            "Documentation/ConfigurationFromFilesAndTheEnvironmentTests.swift",
            "Documentation/LoomConfigurationSourcesLandingPageTests.swift",
        ],
    ]
    for target in targets where target.type == .test {
        target.exclude += filesUsingMacros[target.name] ?? []
        target.dependencies.removeAll {
            if case .byNameItem(let name, _) = $0 { return name == "LoomMacros" }
            return false
        }
    }
}

// The LoomAutoregistration plugin lists the search feature's `@Registerable` types and checks the demo's graph at
// build time: in the feature (a library, where an unmet need is a remark) and in the executable, which assembles the
// app from every demo module (there an unmet need fails the build). On LoomFixtureApp, which does not use the macros,
// it shows that the plugin compiles no swift-syntax (Scripts/check-isolation).
for target in targets where ["LoomDemoSearch", "LoomDemo", "LoomFixtureApp"].contains(target.name) {
    target.plugins = (target.plugins ?? []) + ["LoomAutoregistration"]
}

let package = Package(
    name: "Loom",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: modules.filter { module in module.isProduct && targets.contains { $0.name == module.name } }
        .map { .library(name: $0.name, targets: [$0.name]) }
        + (sanitizerBuild ? [] : [.plugin(name: "LoomAutoregistration", targets: ["LoomAutoregistration"])])
        + (includesServer ? [.executable(name: "loom-demo", targets: ["LoomDemo"])] : []),
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // JSON (the default trait) for JSON files; Reloading for `ReloadingFileProvider` (it brings swift-log,
        // swift-metrics and swift-service-lifecycle). Built only for targets that import LoomConfigurationSources.
        .package(
            url: "https://github.com/apple/swift-configuration.git", from: "1.4.0", traits: [.defaults, "Reloading"]),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.5.0"),
    ],
    targets: targets
)

// Language settings for every Swift target: Swift 6 mode (complete strict concurrency) plus the upcoming features
// the house style asks for. Strictness flags such as -warnings-as-errors come from `.ci/run`, never from here.
for target in package.targets where target.type != .system && target.type != .plugin {
    guard !modules.contains(where: { $0.name == target.name && $0.kind == .cShim }) else { continue }
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}

// swift-syntax, for the macros; the sanitizer build has none.
if !sanitizerBuild {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"604.0.0"))
}

// Hummingbird 2 (it brings swift-nio). Built only for targets that import LoomHummingbird.
if includesServer {
    package.dependencies.append(.package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"))
}

// `swift package generate-documentation` comes from swift-docc-plugin, added only when asked for
// (`LOOM_DOCC=1 swift package generate-documentation --target Loom`; see Documentation/Contributing.md), so that
// neither adopters nor a plain `swift build` / `swift test` resolve it.
if Context.environment["LOOM_DOCC"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
