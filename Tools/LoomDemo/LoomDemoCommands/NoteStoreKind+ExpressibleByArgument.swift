public import ArgumentParser
public import LoomDemoCore

// `--store file|memory` parses straight into the shared module's type, so the command line, the environment and
// `Conf` all speak `NoteStoreKind`.
extension NoteStoreKind: ExpressibleByArgument {}
