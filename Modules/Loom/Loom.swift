// The umbrella module: `import Loom` gives every runtime module at once.
@_exported public import LoomCore
@_exported public import LoomInjection
@_exported public import LoomKeys
@_exported public import LoomLookup
