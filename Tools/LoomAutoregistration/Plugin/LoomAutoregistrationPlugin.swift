import PackagePlugin

/// Lists every `@Registerable` type of the target it is applied to in a generated
/// `extension DependencyGroup { public static var <module>Autoregistered: DependencyGroup }`, and checks the target's
/// dependency graph at build time.
///
/// The property is named after the module (lower camel case, `Autoregistered` appended), so two modules using the
/// plugin never declare the same member.
///
/// The graph check reads the target's Swift files and those of every module it depends on that uses Loom (Loom's
/// own modules aside), lexically, and reports a need no registration meets, a cycle, or a captive dependency as
/// `file:line:column:` diagnostics; an error fails the build. In an executable or test target — or one with a
/// `// loom-graph: assembling` comment — an unmet need is an error; in a library it is a remark, since the app
/// that assembles it may register what it needs. The command re-runs only when one of those files changes.
///
/// ```swift
/// .target(name: "Catalog", dependencies: ["LoomMacros"], plugins: ["LoomAutoregistration"])
/// .executableTarget(name: "App", dependencies: ["Catalog"], plugins: ["LoomAutoregistration"])
/// // in the app:
/// let container = Container { DependencyGroup.catalogAutoregistered }
/// ```
@main
struct LoomAutoregistrationPlugin: BuildToolPlugin {
    /// Loom's own modules: they register nothing an app needs, so the check does not read them.
    static let loomModules: Set<String> = [
        "Loom", "LoomCore", "LoomRuntime", "LoomRuntimeShims", "LoomKeys", "LoomLookup", "LoomInjection", "LoomMacros",
        "LoomMacrosPlugin", "LoomMacroExpansions", "LoomTesting", "LoomLogging", "LoomConfigurationSources",
        "LoomServiceLifecycle",
    ]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? any SourceModuleTarget else { return [] }
        let own = module.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "\(module.moduleName)+Autoregistered.swift")
        let report = context.pluginWorkDirectoryURL.appending(path: "\(module.moduleName).graph-check.txt")
        var arguments =
            [
                module.moduleName, output.path(percentEncoded: false), "--kind", Self.kind(of: module), "--report",
                report.path(percentEncoded: false),
            ] + own.map { $0.path(percentEncoded: false) }
        var inputs = own
        for dependency in Self.scannedDependencies(of: target) {
            let files = dependency.sourceFiles(withSuffix: "swift").map(\.url)
            arguments += ["--dependency", dependency.moduleName] + files.map { $0.path(percentEncoded: false) }
            inputs += files
        }
        return [
            .buildCommand(
                displayName: "Listing the @Registerable types of \(module.moduleName) and checking its graph",
                executable: try context.tool(named: "LoomAutoregistrationTool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// The SwiftPM module kind, as the tool's `--kind` takes it.
    static func kind(of module: any SourceModuleTarget) -> String {
        switch module.kind {
        case .executable: "executable"
        case .test: "test"
        case .snippet: "snippet"
        case .macro: "macro"
        default: "generic"
        }
    }

    /// The Swift modules `target` depends on, directly or not, that use Loom: where registrations and needs can be.
    ///
    /// Macro implementations and whatever only they use (swift-syntax) never run in the app, and modules that do
    /// not depend on `LoomCore` cannot register anything.
    static func scannedDependencies(of target: any Target) -> [SwiftSourceModuleTarget] {
        target.recursiveTargetDependencies.compactMap { dependency in
            guard let module = dependency as? SwiftSourceModuleTarget, module.kind != .macro,
                !loomModules.contains(module.moduleName),
                module.recursiveTargetDependencies.contains(where: { $0.name == "LoomCore" })
            else { return nil }
            return module
        }
    }
}
