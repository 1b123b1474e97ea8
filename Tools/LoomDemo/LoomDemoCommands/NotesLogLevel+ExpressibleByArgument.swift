public import ArgumentParser
public import LoomDemoCore

// `--log-level debug` parses straight into the shared module's type.
extension NotesLogLevel: ExpressibleByArgument {}
