import Logging
import LoomCore

// LoomLogging: a swift-log adapter for LoomLogger. Filled in by the sample CLI issue.
