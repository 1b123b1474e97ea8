public import LoomMacros

/// The clock the feature registers for `any Clock`: listed, with the editor, in the feature's generated group.
@Registerable(by: .type((any Clock).self))
public struct UTCClock: Clock {
    /// Creates the clock.
    public init() {}

    /// Always 7.
    public func now() -> Int { 7 }
}
