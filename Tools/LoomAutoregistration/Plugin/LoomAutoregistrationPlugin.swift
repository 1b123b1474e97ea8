import PackagePlugin

/// Lists every `@Registerable` type of the target it is applied to in a generated
/// `extension DependencyGroup { public static var <module>Autoregistered: DependencyGroup }`.
///
/// The property is named after the module (lower camel case, `Autoregistered` appended), so two modules using the
/// plugin never declare the same member. The generator re-runs only when one of the target's Swift files changes.
///
/// ```swift
/// .target(name: "Catalog", dependencies: ["LoomMacros"], plugins: ["LoomAutoregistration"])
/// // in the app:
/// let container = Container { DependencyGroup.catalogAutoregistered }
/// ```
@main
struct LoomAutoregistrationPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let module = target as? any SourceModuleTarget else { return [] }
        let inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "\(module.moduleName)+Autoregistered.swift")
        return [
            .buildCommand(
                displayName: "Listing the @Registerable types of \(module.moduleName)",
                executable: try context.tool(named: "LoomAutoregistrationTool").url,
                arguments: [module.moduleName, output.path(percentEncoded: false)]
                    + inputs.map { $0.path(percentEncoded: false) },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
