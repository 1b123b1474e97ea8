// swift-tools-version:6.1
// The package `Scripts/check-build-time-graph` builds to prove the LoomAutoregistration plugin's graph check on a
// real `swift build`: a feature library whose `@Registerable` editor needs a clock, and an app that assembles it.
// As checked in, nothing registers the clock, so building the app fails at the editor's need; the script adds the
// files under Variants/ (a registration in either module, a cycle, a captive dependency) to a copy of it.
import Foundation
import PackageDescription

// Loom is the repository this package sits two folders below. A path dependency's package identity is its
// folder's name, which is the clone's, so it is computed rather than written.
let loom = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("../..").standardizedFileURL
let loomPackage = loom.lastPathComponent

let package = Package(
    name: "BuildTimeGraphFixture",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: loom.path)],
    targets: [
        .target(
            name: "Feature",
            dependencies: [.product(name: "LoomMacros", package: loomPackage)],
            plugins: [.plugin(name: "LoomAutoregistration", package: loomPackage)]
        ),
        .executableTarget(
            name: "App",
            dependencies: ["Feature", .product(name: "Loom", package: loomPackage)],
            plugins: [.plugin(name: "LoomAutoregistration", package: loomPackage)]
        ),
    ]
)
