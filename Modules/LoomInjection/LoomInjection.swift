import LoomCore
import LoomKeys
import LoomLookup

// LoomInjection: `@Injected`, `@InjectedWeakly`, `@Dependencies`. Filled in by the wrappers issue.
