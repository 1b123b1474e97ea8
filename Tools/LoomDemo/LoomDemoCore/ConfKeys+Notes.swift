public import LoomMacros

// The demo's configuration, declared once and read anywhere with `Conf[\.key]` or `@InjectedConf(\.key)`. The app
// module binds the first four to the command line, `LOOM_DEMO_*` environment variables and a JSON file
// (`NotesConfiguration`); the search command overrides the limit for one run with `Conf.withValue`.
extension ConfKeys {
    /// Which store holds the notes (`--store`, `LOOM_DEMO_STORE`, `"store"`); `.file` unless set.
    #declareConfKey("notesStoreKind", NoteStoreKind.self, defaultValue: NoteStoreKind.file)
    /// The file store's notes file (`--store-path`, `LOOM_DEMO_STORE_PATH`, `"storePath"`; a leading `~` is the home
    /// folder); `NotesDefaults.storePath()` unless set.
    #declareConfKey("notesStorePath", String.self, defaultValue: NotesDefaults.storePath())
    /// How many notes `list` and `search` show at most (`--page-size`, `LOOM_DEMO_PAGE_SIZE`, `"pageSize"`);
    /// ``NotesDefaults/pageSize`` unless set.
    #declareConfKey("notesPageSize", Int.self, defaultValue: NotesDefaults.pageSize)
    /// What Loom logs to standard error (`--log-level`, `LOOM_DEMO_LOG_LEVEL`, `"logLevel"`); `.warning` unless set.
    #declareConfKey("notesLogLevel", NotesLogLevel.self, defaultValue: NotesLogLevel.warning)
    /// How many matches a search shows (`search --limit`); the page size unless overridden.
    #declareConfKey("notesSearchLimit", Int.self, defaultValue: NotesDefaults.searchLimit)
    /// How often, in seconds, `watch` auto-saves drafts and refreshes the note index (`watch --interval`); 1 unless
    /// overridden.
    #declareConfKey("notesWatchInterval", Double.self, defaultValue: 1)
    /// Where the commands write their output; ``StandardConsole`` unless set.
    #declareServiceKey("notesConsole", (any NotesConsole).self, defaultValue: StandardConsole())
}
