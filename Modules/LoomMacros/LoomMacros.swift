@_exported public import LoomCore
@_exported public import LoomInjection
@_exported public import LoomKeys

// LoomMacros: macro declarations (`#declareConfKey`, `@InjectedParameters`, `@Registerable`, …), implemented in
// LoomMacrosPlugin. Importing it re-exports the runtime modules the expansions name.
