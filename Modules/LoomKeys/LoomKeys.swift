import LoomCore

// LoomKeys: key-path configuration and services (`ConfKeys`, `Conf`, `@InjectedConf`, `InjectedValues`).
// Filled in by the keys issue; the module builds empty so products and dependents are stable from day one.
