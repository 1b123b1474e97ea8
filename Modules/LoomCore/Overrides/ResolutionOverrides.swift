/// Whether any task-local override scope (test isolation) is active anywhere in the process.
///
/// The hot path checks this one word and skips the task-local lookup entirely when it is zero.
@usableFromInline
package enum ResolutionOverrides {
    /// Inlinable, so reads in other modules (`LoomKeys`) pay one load, not a call.
    @inlinable @inline(__always)
    package static var mayBeActive: Bool { GlobalWord.activeOverrideScopes.pointer.atomicRelaxed != 0 }

    package static func scopeDidBegin() { GlobalWord.activeOverrideScopes.pointer.atomicIncrement() }
    package static func scopeDidEnd() { GlobalWord.activeOverrideScopes.pointer.atomicDecrement() }
}
