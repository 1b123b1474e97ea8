public import LoomMacros

/// Needs the sessions to be built.
@Registerable(parameters: .injected)
public final class Accounts: Sendable {
    /// Creates the accounts.
    public init(sessions: Sessions) {}
}

/// Needs the accounts to be built, so neither can be built.
@Registerable(parameters: .injected)
public final class Sessions: Sendable {
    /// Creates the sessions.
    public init(accounts: Accounts) {}
}
