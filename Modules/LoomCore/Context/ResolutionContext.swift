public import LoomRuntime

/// Everything a resolution needs to know about where it runs, in one task-local value: the test overlay, key
/// overrides (`Conf.withValue`, `InjectedValues`), the scoped lookup policy, and the construction in progress when a
/// resolution continues on another thread (its frame chain and flow).
///
/// One value per scope: `withTestDependencies`, `Conf.withValue`, `Container.withLookupPolicy` and an async factory
/// each bind a copy of the current context with their own field changed — one `TaskLocal` push per scope — and a
/// resolution reads it at most once. Child tasks inherit it; detached tasks and other threads do not (work hopped to
/// a `DispatchQueue` sees no overrides).
///
/// The settled fast paths never read it while nothing uses it: every context counts itself, from creation to
/// `deinit`, in the ``ProcessCounter`` of each field it sets, and a probe reads the task-local only while that count is
/// non-zero. Counting lifetimes rather than `withValue` calls keeps the count right for unstructured tasks that
/// inherited a context and outlive its scope.
///
/// ```swift
/// ResolutionContext.with({ $0.lookupPolicy = policy }) {
///     ResolutionContext.current?.lookupPolicy   // policy
/// }
/// ```
@usableFromInline
package final class ResolutionContext: Sendable {
    /// The fields of a context, changed together by ``with(_:operation:)``.
    package struct Fields: Sendable {
        /// The innermost test overlay.
        package var overlay: ResolutionOverlay?
        /// Key values overridden by `Conf.withValue(s)`.
        package var keyOverrides: KeyOverrides?
        /// The lookup policy of `Container.withLookupPolicy` (a `ContainerLookupPolicy`; `LoomLookup` owns the type).
        package var lookupPolicy: (any Sendable)?
        /// The registrations being built by the resolution that continues here, outermost first.
        package var chain: FrameChain?
        /// The construction flow that continues here.
        package var flow: ConstructionFlow?
        /// The innermost request scope (`Container.withScope`), where `.scoped` instances live.
        package var requestScope: RequestScope?
        /// The task's run mode (`withRunMode`); `nil` for the process's.
        package var runMode: RunMode?

        package init() {}
    }

    /// The binding behind ``current``.
    @usableFromInline static let binding = TaskLocal<ResolutionContext?>(wrappedValue: nil)

    /// The current task's context, if any scope bound one.
    ///
    /// Inside a synchronous binding opened by the current task on this thread, read from the thread's context cache
    /// (``ThreadContextCache``); otherwise from the task-local.
    @usableFromInline
    package static var current: ResolutionContext? {
        if let cached = ThreadContextCache.object(as: ResolutionContext.self) { return cached.object(in: .empty) }
        return binding.get()
    }

    /// Calls `body` with the current task's context, without retaining it when a synchronous binding on this thread
    /// holds it (the hot paths' read: one task-identity check instead of a task-local lookup).
    @inlinable @inline(__always)
    package static func withCurrent<R>(_ body: (ResolutionContext?) throws -> R) rethrows -> R {
        if let cached = ThreadContextCache.object(as: ResolutionContext.self) {
            return try cached.withObject(in: .empty, body)
        }
        return try body(binding.get())
    }

    // Stored one by one, so a hot path reading one field copies nothing else.
    package let overlay: ResolutionOverlay?
    package let keyOverrides: KeyOverrides?
    package let lookupPolicy: (any Sendable)?
    package let chain: FrameChain?
    package let flow: ConstructionFlow?
    package let requestScope: RequestScope?
    package let runMode: RunMode?

    /// The construction in progress this context carries: its frame chain without the frames whose construction
    /// has ended (a task started inside an `async` factory keeps a copy of the context long after).
    package var activeChain: FrameChain? { chain?.active }

    /// The construction flow this context continues, unless it is an asynchronous frame that has ended.
    package var activeFlow: ConstructionFlow? {
        guard let link = flow as? FrameChain else { return flow }
        return link.active
    }

    /// The fields, to derive a changed copy from.
    package var fields: Fields {
        var fields = Fields()
        fields.overlay = overlay
        fields.keyOverrides = keyOverrides
        fields.lookupPolicy = lookupPolicy
        fields.chain = chain
        fields.flow = flow
        fields.requestScope = requestScope
        fields.runMode = runMode
        return fields
    }

    /// The process words this context counts itself in (bit `n`: ``countedWords``[`n`]), given back in `deinit`.
    private let counted: UInt8

    private static let countedWords: [ProcessCounter] = [
        .activeOverlays, .activeKeyOverrides, .activeLookupPolicies, .activeChains,
    ]

    /// A context holding `fields` (what ``with(_:operation:)`` binds).
    package convenience init(_ fields: Fields) {
        self.init(
            overlay: fields.overlay, keyOverrides: fields.keyOverrides, lookupPolicy: fields.lookupPolicy,
            chain: fields.chain, flow: fields.flow, requestScope: fields.requestScope, runMode: fields.runMode)
    }

    /// The context of an asynchronous construction frame: everything `context` carries, with the frame's `link` as
    /// both its chain and its flow (made field by field rather than through a ``Fields`` copy: this runs once per
    /// async construction).
    @usableFromInline
    package convenience init(inside context: ResolutionContext?, link: FrameChain) {
        self.init(
            overlay: context?.overlay, keyOverrides: context?.keyOverrides, lookupPolicy: context?.lookupPolicy,
            chain: link, flow: link, requestScope: context?.requestScope, runMode: context?.runMode)
    }

    /// The context of a request scope: everything `context` carries, with `requestScope` as the innermost scope
    /// (made field by field, like ``init(inside:link:)``: this runs once per request).
    package convenience init(inside context: ResolutionContext?, requestScope: RequestScope) {
        guard let context else {
            // The usual request: nothing else bound, nothing to copy.
            self.init(
                overlay: nil, keyOverrides: nil, lookupPolicy: nil, chain: nil, flow: nil, requestScope: requestScope,
                runMode: nil)
            return
        }
        self.init(
            overlay: context.overlay, keyOverrides: context.keyOverrides, lookupPolicy: context.lookupPolicy,
            chain: context.chain, flow: context.flow, requestScope: requestScope, runMode: context.runMode)
    }

    /// Stores the fields and counts the context in the ``ProcessCounter`` of each field it sets (``countedWords``), so
    /// the fast paths know to look; `deinit` gives the counts back.
    private init(
        overlay: ResolutionOverlay?, keyOverrides: KeyOverrides?, lookupPolicy: (any Sendable)?, chain: FrameChain?,
        flow: ConstructionFlow?, requestScope: RequestScope?, runMode: RunMode?
    ) {
        self.overlay = overlay
        self.keyOverrides = keyOverrides
        self.lookupPolicy = lookupPolicy
        self.chain = chain
        self.flow = flow
        self.requestScope = requestScope
        self.runMode = runMode
        // A bit set rather than an array: a context is made for every scope, and most count nothing.
        var counted: UInt8 = 0
        if overlay != nil { counted |= 1 }
        if keyOverrides != nil { counted |= 2 }
        if lookupPolicy != nil { counted |= 4 }
        // An asynchronous frame's link counts itself until its construction ends: a copy of this context (a task
        // started in the factory) must not keep the fast paths looking after that.
        if chain != nil || flow != nil, !((flow as? FrameChain)?.isSelfCounting ?? false) { counted |= 8 }
        self.counted = counted
        if counted != 0 { Self.forEachCounted(counted) { $0.increment() } }
    }

    deinit {
        if counted != 0 { Self.forEachCounted(counted) { $0.decrement() } }
    }

    private static func forEachCounted(_ counted: UInt8, _ body: (ProcessCounter) -> Void) {
        for (bit, word) in countedWords.enumerated() where counted & (1 << bit) != 0 { body(word) }
    }

    // MARK: Binding

    /// Runs `operation` with the current context changed by `change`: one task-local push.
    package static func with<R>(_ change: (inout Fields) throws -> Void, operation: () throws -> R) rethrows -> R {
        var fields = current?.fields ?? Fields()
        try change(&fields)
        return try ResolutionContext(fields).bind(operation)
    }

    /// Runs async `operation` with the current context changed by `change`, on the caller's executor.
    package static func with<R>(
        _ change: (inout Fields) throws -> Void, isolation: isolated (any Actor)?, operation: () async throws -> R
    ) async rethrows -> R {
        var fields = current?.fields ?? Fields()
        try change(&fields)
        return try await ResolutionContext(fields).bind(isolation: isolation, operation: operation)
    }

    /// Runs async `operation` with this context bound.
    ///
    /// The task-local only: the operation may suspend and resume on another thread, so no thread cache. Always
    /// inlined: an async call level costs every construction a frame.
    @inlinable @inline(__always)
    package func bind<R>(isolation: isolated (any Actor)?, operation: () async throws -> R) async rethrows -> R {
        try await Self.binding.withValue(self, operation: operation, isolation: isolation)
    }

    /// Runs `operation` with this context bound: the task-local, plus the thread's thread context cache.
    package func bind<R>(_ operation: () throws -> R) rethrows -> R {
        try Self.binding.withValue(self) { try ThreadContextCache.run(self, operation) }
    }

    // MARK: Reading on hot paths

    /// The current task's test overlay, without the task-local read while no overlay exists in the process.
    @inline(__always)
    package static var activeOverlay: ResolutionOverlay? {
        ProcessCounter.activeOverlays.isNonZero ? current?.overlay : nil
    }

    /// The current task's key overrides, without the task-local read while no override exists in the process.
    @inline(__always)
    package static var activeKeyOverrides: KeyOverrides? {
        ProcessCounter.activeKeyOverrides.isNonZero ? current?.keyOverrides : nil
    }

    /// The current task's scoped lookup policy, without the task-local read while no scope sets one.
    @inline(__always)
    package static var activeLookupPolicy: (any Sendable)? {
        ProcessCounter.activeLookupPolicies.isNonZero ? current?.lookupPolicy : nil
    }
}

extension ResolutionContext {
    /// Makes the calling thread's outermost resolution continue the construction the current context carries.
    ///
    /// That is a resolution that started on another thread, or before an `await`: its chain joins cycle detection and
    /// its flow claims slots. Costs one load while no context carries a construction.
    @inlinable @inline(__always)
    package static func adoptConstruction(into frames: ResolutionFrames) {
        guard ProcessCounter.activeChains.isNonZero else { return }
        adoptConstructionSlowly(into: frames)
    }

    @usableFromInline
    static func adoptConstructionSlowly(into frames: ResolutionFrames) {
        guard let context = current else { return }
        let chain = context.activeChain
        let flow = context.activeFlow
        guard chain != nil || flow != nil else { return }
        frames.adopt(chain: chain, flow: flow)
    }

    /// The current construction, captured so that another thread can continue it with ``continuing(_:)``.
    package static func captureConstruction() -> ResolutionContext {
        let (chain, flow) = ResolutionFrames.current.capture()
        var fields = current?.fields ?? Fields()
        fields.chain = chain
        fields.flow = flow
        return ResolutionContext(fields)
    }

    /// Runs `operation` with this (captured) context bound.
    package func continuing<R>(_ operation: () throws -> R) rethrows -> R {
        try bind(operation)
    }

    /// Runs `operation` with `context` (captured before a hop to another executor) bound, or with nothing bound when
    /// there was no context.
    package static func continuing<R>(_ context: ResolutionContext?, _ operation: () throws -> R) rethrows -> R {
        guard let context else { return try operation() }
        return try context.bind(operation)
    }
}
