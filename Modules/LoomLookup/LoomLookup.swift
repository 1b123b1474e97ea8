import LoomCore

// LoomLookup: lookup policies (`Container.lookupPolicy`, `Containerable`). Filled in by the wrappers issue.
