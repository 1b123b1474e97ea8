import LoomCore
import LoomInjection
import LoomKeys

// LoomTesting: isolated overrides, Swift Testing traits and graph verification. Filled in by the testing issue.
