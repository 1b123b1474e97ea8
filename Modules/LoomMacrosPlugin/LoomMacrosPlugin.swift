internal import LoomMacroExpansions
internal import SwiftCompilerPlugin
internal import SwiftSyntaxMacros

/// The compiler plugin hosting Loom's macros.
///
/// The implementations live in LoomMacroExpansions, a plain library, so that their tests link no macro target (a
/// test target linking a macro makes SwiftPM compile every test target and all it uses twice, for the host and for
/// the target). The compiler asks this plugin for `LoomMacrosPlugin.<type>`, the module `#externalMacro` names, and
/// `CompilerPlugin` matches that against each provided type's full name: hence one subclass per implementation,
/// declared in this module.
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

final class DeclareConfKeyMacro: LoomMacroExpansions.DeclareConfKeyMacro {}
final class DeclareConfAccessorMacro: LoomMacroExpansions.DeclareConfAccessorMacro {}
final class InjectedParametersMacro: LoomMacroExpansions.InjectedParametersMacro {}
final class PreferredInitializerMacro: LoomMacroExpansions.PreferredInitializerMacro {}
final class RegisterableMacro: LoomMacroExpansions.RegisterableMacro {}
