public import LoomMacros

// The demo's configuration, declared once and read anywhere with `Conf[\.key]` or `@InjectedConf(\.key)`. The app
// module sets the first two as root values from the command line and the environment; the search command overrides
// the limit for one run with `Conf.withValue`.
extension ConfKeys {
    /// Which store holds the notes (`--store`, `LOOM_DEMO_STORE`); `.file` unless set.
    #declareConfKey("notesStoreKind", NoteStoreKind.self, defaultValue: NoteStoreKind.file)
    /// The file store's notes file (`--store-path`, `LOOM_DEMO_STORE_PATH`); `NotesDefaults.storePath()` unless set.
    #declareConfKey("notesStorePath", String.self, defaultValue: NotesDefaults.storePath())
    /// How many matches a search shows (`search --limit`); ``NotesDefaults/searchLimit`` unless set.
    #declareConfKey("notesSearchLimit", Int.self, defaultValue: NotesDefaults.searchLimit)
    /// Where the commands write their output; ``StandardConsole`` unless set.
    #declareServiceKey("notesConsole", (any NotesConsole).self, defaultValue: StandardConsole())
}
