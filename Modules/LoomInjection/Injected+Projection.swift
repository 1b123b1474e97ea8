public import LoomCore
import LoomKeys
import LoomLookup

extension Injected {
    /// Resolves the value if it was never resolved, or resolved to `nil` or an empty collection.
    ///
    /// ```swift
    /// viewModel.$principalAware.loadIfNeeded()
    /// ```
    public func loadIfNeeded() {
        guard case .resolving(let state) = storage else { return }
        state.loadIfNeeded(Value.self)
    }

    /// Resolves the value again and replaces the cached one.
    ///
    /// Concurrent reads see the old or the new value. Replaced values are released once no reader can still be
    /// copying them, with one exception: the value read before the property's first reload stays alive until the
    /// property's owner is released, because reads until then take no synchronisation at all. Call ``autoreload()``
    /// (or reload before the first read) when every replaced value must go at once.
    ///
    /// ```swift
    /// DependencyGraph.activate(loggedInContainer)
    /// viewModel.$session.reload()
    /// ```
    public func reload() {
        guard case .resolving(let state) = storage else { return }
        state.reload(Value.self)
    }

    /// Resolves the value again after every `DependencyGraph` change (activation, deactivation, invalidation),
    /// for as long as the property's owner lives.
    ///
    /// The subscription starts before this call returns and ends with the property. Every replaced value is released
    /// at its reload (reads of an autoreloading property always take a read section).
    ///
    /// Over a registration that builds synchronously, the reload happens before the change reaches any
    /// `DependencyGraph.changes` subscriber — so a subscriber woken by the change, or the code after a synchronous
    /// `invalidate()`, reads the reloaded value. An `async` or actor-isolated registration cannot be re-resolved
    /// synchronously: it is loaded in a task, and is current once `DependencyGraph.waitForPendingInvalidations()`
    /// returns. A reload that finds no registration (between a deactivation and an activation, say) empties the
    /// property, and the next read resolves again.
    ///
    /// ```swift
    /// init() { $session.autoreload() }
    /// ```
    public func autoreload() {
        guard case .resolving(let state) = storage else { return }
        state.autoreload(Value.self)
    }

    /// An injection source for a function parameter that resolves now, through the lookup policy for `object`.
    ///
    /// ```swift
    /// func render(@Injected theme: Theme) { … }
    /// render($theme: .resolved(for: self))
    /// ```
    /// - Parameters:
    ///   - object: The object whose lookup policy applies (e.g. a `Containerable` feature object).
    ///   - alternative: The alternative registration to inject; `nil` for the default one.
    ///   - fileID: The call's file, for failure reports; defaults to the call site.
    ///   - function: The calling function, for failure reports; defaults to the call site.
    ///   - line: The call's line, for failure reports; defaults to the call site.
    /// - Returns: A source holding the resolved value.
    public static func resolved(
        for object: AnyObject,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> Injected<Value> {
        let state = InjectionState(
            source: .currentPolicy,
            request: InjectionRequest(.type(alternative)),
            lookupType: nil,
            holdsWeakly: false,
            refresh: .once,
            wrapperName: "@Injected",
            fileID: fileID,
            function: function,
            line: line
        )
        return Injected(wrappedValue: state.value(Value.self, enclosing: object))
    }
}

extension Container {
    /// An injection source for a function parameter that resolves `T` from this container now.
    ///
    /// ```swift
    /// func foo(@Injected service: MyService) { … }
    /// foo($service: container.resolved())
    /// foo($service: container.resolved(alternative: .another))
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve; usually inferred.
    ///   - alternative: The alternative registration to inject; `nil` for the default one.
    ///   - fileID: The call's file, for failure reports; defaults to the call site.
    ///   - function: The calling function, for failure reports; defaults to the call site.
    ///   - line: The call's line, for failure reports; defaults to the call site.
    /// - Returns: A source holding the resolved value; a failure is reported through the logger's `die`.
    public func resolved<T>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) -> Injected<T> {
        Injected(
            strategy: .resolvingOnInit(from: self),
            request: InjectionRequest(.type(alternative)),
            fileID: fileID,
            function: function,
            line: line
        )
    }
}

extension Injected where Value: Sendable {
    /// Loads the value — awaiting an `async` factory, or building an actor-isolated one on its actor — and keeps it,
    /// so that later reads of the property return it synchronously.
    ///
    /// A property whose registration has an `async` factory needs this step before its first read (unless something
    /// else loaded the cached instance already): reading it first fails like any other injection failure, with
    /// ``InjectionError/asynchronousDependency(_:)`` at the property's file and line. Loading again replaces the kept
    /// value, like ``reload()``.
    ///
    /// ```swift
    /// final class ReportScreen {
    ///     @Injected var database: Database          // registered with an async factory
    ///     func open() async throws {
    ///         try await $database.load()
    ///         render(database.recentReports())      // a synchronous read from now on
    ///     }
    /// }
    /// ```
    /// - Returns: The loaded value.
    /// - Throws: An ``InjectionError`` when the dependency cannot be loaded (this call does not stop the process:
    ///   the caller can recover).
    @discardableResult
    public func load() async throws -> Value {
        switch storage {
        case .resolving(let state): try await state.load(Value.self)
        case .value(let value): value
        case .keyPath(let keyPath): InjectedValues[keyPath]
        }
    }
}
