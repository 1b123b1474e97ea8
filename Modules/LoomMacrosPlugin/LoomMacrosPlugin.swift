import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin hosting Loom's macro implementations.
@main
struct LoomMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        DeclareConfKeyMacro.self,
        DeclareConfAccessorMacro.self,
        InjectedParametersMacro.self,
        PreferredInitializerMacro.self,
        RegisterableMacro.self,
    ]
}
