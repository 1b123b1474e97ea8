public import LoomCore
package import LoomLookup
internal import LoomRuntime

/// What a resolving property asks for: how the dependency is located and which factory arguments it passes.
@usableFromInline
package struct InjectionRequest: Sendable {
    package enum Locator: Sendable {
        case type(RegistrationAlternative?)
        case name(String)
        case value(AnySendableHashable)
    }

    let locator: Locator
    let arguments: [any Sendable]
    /// The arguments' parameter list (their dynamic types, interned once here: a request may look up several keys).
    let argumentParameters: RegistrationKey.Parameters

    package init<each Parameter: Hashable & Sendable>(_ locator: Locator, _ parameters: repeat each Parameter) {
        var arguments: [any Sendable] = []
        var types: [Any.Type] = []
        for parameter in repeat each parameters {
            arguments.append(parameter)
            types.append(type(of: parameter))
        }
        self.locator = locator
        self.arguments = arguments
        argumentParameters = ParameterTypeList.interned(types).map { .types($0) } ?? .none
    }

    /// The key to look up when the property's (element or wrapped) type is `type`.
    func key(lookingUp type: Any.Type, parameters: RegistrationKey.Parameters? = nil) -> RegistrationKey {
        let parameters = parameters ?? argumentParameters
        switch locator {
        case .type(let alternative):
            return RegistrationKey(
                locator: DependencyLocator(storage: .type(ObjectIdentifier(type), type)),
                alternative: alternative,
                parameters: parameters
            )
        case .name(let name):
            return RegistrationKey(locator: .name(name), parameters: parameters)
        case .value(let value):
            return RegistrationKey(locator: .value(value), parameters: parameters)
        }
    }

    var isPlainTypeRequest: Bool {
        if case .type = locator { return arguments.isEmpty }
        return false
    }
}

/// Where a resolving property finds its container.
package enum InjectionSource: Sendable {
    /// The lookup policy current when the property was created (the default strategy).
    case policy(any ContainerLookupPolicy)
    /// One container, chosen up front.
    case container(Container)
    /// The lookup policy current at each resolution (`.lazily`).
    case currentPolicy
}

/// The shared, reference-typed state of a resolving `@Injected` / `@InjectedWeakly` property: its value cell and
/// everything needed to resolve (and reload) it.
@usableFromInline
package final class InjectionState: Sendable {
    @usableFromInline let cell: _ResolvedValueCell
    @usableFromInline let refreshesOnEveryRead: Bool
    let source: InjectionSource
    let request: InjectionRequest
    /// The registered type to look up when it differs from the property's type (`@Injected(type:)`).
    let lookupType: Any.Type?
    let wrapperName: String
    let fileID: StaticString
    let function: StaticString
    let line: UInt
    /// The enclosing object, once known, for reloads and enclosing-object resolvers.
    private let enclosing = LoomLock<WeakReference>(WeakReference())
    /// The graph's reloader this property registered with `autoreload()`, if it did.
    private let reloader = LoomLock<UInt?>(nil)
    /// The test overlay current when the property was created (`0`: none).
    private let overlaySerial: UInt
    /// The overrides the property was created in, which its resolutions go through wherever they run; `nil` when it
    /// was created outside any.
    private let overrides: Overrides?
    /// The registration that was building the property's holder, if any: what the property resolves is released
    /// after the holder (see ``ReleaseAnchor``).
    private let releaseAnchor: ReleaseAnchor?

    private struct WeakReference: @unchecked Sendable {
        // Only read and written inside `enclosing`'s lock.
        weak var object: AnyObject?
    }

    package init(
        source: InjectionSource,
        request: InjectionRequest,
        lookupType: Any.Type?,
        holdsWeakly: Bool,
        refresh: InjectionRefresh,
        wrapperName: String,
        fileID: StaticString,
        function: StaticString,
        line: UInt
    ) {
        cell = _ResolvedValueCell(holdsWeakly: holdsWeakly)
        refreshesOnEveryRead = refresh == .everyRead
        self.source = source
        self.request = request
        self.lookupType = lookupType
        self.wrapperName = wrapperName
        self.fileID = fileID
        self.function = function
        self.line = line
        // One read of the current context (none while no override exists in the process): the overrides only, never
        // the lookup policy, a request scope or a construction in progress.
        let overrides = Overrides.captured
        self.overrides = overrides
        overlaySerial = overrides?.overlay?.serial ?? 0
        releaseAnchor = ReleaseAnchor.current()
    }

    deinit {
        if let token = reloader.withLock({ $0 }) { GraphEngine.shared.removeReloader(token) }
    }

    // MARK: Reading

    /// The property's value.
    ///
    /// Cached, or resolved now. Reports failures through the logger's `die`.
    @usableFromInline
    func value<Value>(_ type: Value.Type, enclosing object: AnyObject?) -> Value {
        if let object { remember(object) }
        do {
            // Through the overrides the property was created in (if any), so that the caching decision sees them too.
            return try followingOverrides {
                if refreshesOnEveryRead || !mayCacheHere {
                    return try resolve(Value.self, enclosing: object ?? enclosingObject)
                }
                return try cell.value(Value.self) {
                    try resolveAnchored(Value.self, enclosing: object ?? enclosingObject)
                }
            }
        } catch {
            // An unimplemented dependency's issue is recorded already; its placeholder stands in, uncached.
            if let placeholder = placeholder(Value.self, after: error, enclosing: object) { return placeholder }
            fail(error)
        }
    }

    /// The placeholder of the unimplemented registration this property reads, when `error` says it was resolved.
    private func placeholder<Value>(_ type: Value.Type, after error: any Error, enclosing object: AnyObject?) -> Value?
    {
        guard case .unimplementedDependency? = error as? InjectionError else { return nil }
        let live: any DependencySource = container(for: object ?? enclosingObject) ?? GraphSource()
        return Placeholders.value(Value.self, for: request.key(lookingUp: lookupType ?? Value.self), in: live.overlaid)
    }

    /// Resolves the property's value so that what it builds is released after the property's holder.
    private func resolveAnchored<Value>(_ type: Value.Type, enclosing object: AnyObject?) throws -> Value {
        try followingOverrides {
            guard let releaseAnchor else { return try resolve(Value.self, enclosing: object) }
            return try releaseAnchor.resolving { try resolve(Value.self, enclosing: object) }
        }
    }

    /// Runs `operation` through the overrides the property was created in, unless the current task already resolves
    /// through them (or the property was created outside any).
    private func followingOverrides<R>(_ operation: () throws -> R) rethrows -> R {
        guard let overrides, !overrides.areCurrent else { return try operation() }
        return try overrides.runOverCurrent(operation)
    }

    /// ``followingOverrides(_:)`` for async work, on the caller's executor.
    private func followingOverrides<R>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> R
    ) async rethrows -> R {
        guard let overrides, !overrides.areCurrent else { return try await operation() }
        return try await overrides.runOverCurrent(isolation: isolation, operation)
    }

    /// Whether a value resolved now may be kept in the property: only in the test overlay (or absence of one) the
    /// property was created in, so an object that outlives a test never keeps a value resolved inside it.
    private var mayCacheHere: Bool {
        (ResolutionOverlay.active?.serial ?? 0) == overlaySerial
    }

    /// Resolves again and replaces the cached value.
    package func reload<Value>(_ type: Value.Type) {
        do {
            cell.replace(with: try resolveAnchored(Value.self, enclosing: enclosingObject))
        } catch {
            fail(error)
        }
    }

    /// Resolves when the cell is empty or holds `nil` or an empty collection.
    package func loadIfNeeded<Value>(_ type: Value.Type) {
        if let current = cell.currentValue(Value.self), !isNilValue(current),
            !((current as? any CollectionType)?.isEmptyCollection ?? false)
        {
            return
        }
        reload(Value.self)
    }

    /// Re-resolves after every dependency-graph change for as long as this state lives.
    ///
    /// A registration that builds synchronously is re-resolved before the change reaches any `DependencyGraph.changes`
    /// subscriber (and so before a synchronous `invalidate()` returns). One that needs `load` — an `async` or
    /// actor-isolated factory — is loaded in a task, which `DependencyGraph.waitForPendingInvalidations()` awaits. A
    /// reload that cannot resolve (the registration is gone for the moment) empties the property: the next read
    /// resolves again, and reports a failure at the property's line.
    package func autoreload<Value>(_ type: Value.Type) {
        cell.expectReplacements()
        let token = GraphEngine.shared.addReloader { [weak self] _ in self?.reloadAfterChange(Value.self) }
        let previous = reloader.withLock { state in
            defer { state = token }
            return state
        }
        if let previous { GraphEngine.shared.removeReloader(previous) }
    }

    /// The reload of an autoreloading property after a graph change.
    private func reloadAfterChange<Value>(_ type: Value.Type) {
        do {
            cell.replace(with: try resolveAnchored(Value.self, enclosing: enclosingObject))
        } catch let error as InjectionError where error.needsLoad {
            let pending = PendingInvalidations.shared.begin()
            Task { [weak self] in
                defer { PendingInvalidations.shared.end(pending) }
                guard let self else { return }
                do {
                    _ = try await self.loadIntoCell(Value.self)
                } catch {
                    self.cell.empty()
                }
            }
        } catch {
            cell.empty()
        }
    }

    // MARK: Resolution

    private var enclosingObject: AnyObject? { enclosing.withLock { $0.object } }

    private func remember(_ object: AnyObject) {
        enclosing.withLock { reference in
            if reference.object == nil { reference.object = object }
        }
    }

    /// The container this property resolves from right now, or `nil` for the graph.
    private func container(for object: AnyObject?) -> Container? {
        func ask(_ policy: any ContainerLookupPolicy) -> Container? {
            if let object { return policy.container(for: object, file: fileID, function: function, line: line) }
            return policy.container(for: nil as AnyObject?, file: fileID, function: function, line: line)
        }
        switch source {
        case .container(let container): return container
        case .policy(let policy): return ask(policy)
        case .currentPolicy: return ask(Container.lookupPolicy)
        }
    }

    /// Resolves the property's value, whatever its shape: `T`, `T?` (nil when missing), `[T]` or `Set<T>`.
    package func resolve<Value>(_ type: Value.Type, enclosing object: AnyObject?) throws -> Value {
        let live: any DependencySource = container(for: object) ?? GraphSource()
        let source = live.overlaid
        let arguments = request.arguments
        if lookupType == nil, let collection = CollectionRequest(Value.self, key: request.key(lookingUp: Value.self)) {
            // `[T]`, `Set<T>` and their Optionals: every match (an Optional collection is `nil` when none does).
            let values = try source.resolveAll(
                Any.self, key: collection.elementKey, arguments: arguments, fileID: fileID, line: line)
            let result = try collection.make(Value.self, from: values)
            log(collection.elementKey, from: source)
            return result
        }
        if let optional = Value.self as? any OptionalType.Type {
            let key = request.key(lookingUp: Value.self)
            let wrappedKey = request.key(lookingUp: optional.wrappedType)
            if let object, request.isPlainTypeRequest, source.candidates(for: key) == nil,
                source.candidates(for: wrappedKey) == nil
            {
                // Only an enclosing-object resolver for `T`: it receives the enclosing object, as for a plain `T`
                // (Documentation/Design/seed-behaviours.md#enclosing-object-resolver).
                let enclosingKey = request.key(lookingUp: optional.wrappedType, parameters: .enclosingObject)
                if source.candidates(for: enclosingKey) != nil {
                    let value = try source.resolveOne(
                        Any.self, key: enclosingKey, enclosing: object, fileID: fileID, line: line)
                    guard let wrapped = optional.wrapping(value) else {
                        throw InjectionError.mismatchedDependencyType(
                            actual: typeName(Swift.type(of: value)), expected: typeName(optional.wrappedType))
                    }
                    log(enclosingKey, from: source)
                    return wrapped as! Value
                }
            }
            guard source.candidates(for: key) != nil || source.candidates(for: wrappedKey) != nil else {
                return optional.none as! Value
            }
        }
        if let lookupType {
            let key = request.key(lookingUp: lookupType)
            let value = try source.resolveOne(Any.self, key: key, arguments: arguments, fileID: fileID, line: line)
            guard let typed = value as? Value else {
                throw InjectionError.mismatchedDependencyType(
                    actual: typeName(Swift.type(of: value)),
                    expected: typeName(Value.self)
                )
            }
            log(key, from: source)
            return typed
        }
        let key = request.key(lookingUp: Value.self)
        if let object, request.isPlainTypeRequest {
            // An enclosing-object resolver receives the enclosing object and is preferred
            // (Documentation/Design/seed-behaviours.md#enclosing-object-resolver).
            let enclosingKey = request.key(lookingUp: Value.self, parameters: .enclosingObject)
            if source.candidates(for: enclosingKey) != nil {
                let value = try source.resolveOne(
                    Value.self,
                    key: enclosingKey,
                    enclosing: object,
                    fileID: fileID,
                    line: line
                )
                log(enclosingKey, from: source)
                return value
            }
        }
        let value = try source.resolveOne(Value.self, key: key, arguments: arguments, fileID: fileID, line: line)
        log(key, from: source)
        return value
    }

    /// Loads the property's value — awaiting `async` factories and running actor-isolated ones on their actor — and
    /// keeps it in the cell (where the property caches), so later reads return it synchronously.
    ///
    /// The same shapes as ``resolve(_:enclosing:)``: `T`, `T?` (nil when missing), `[T]` and `Set<T>`. A Macaroni
    /// enclosing-object resolver (which takes the enclosing object) is synchronous, so it is resolved as a read would.
    package func load<Value: Sendable>(_ type: Value.Type) async throws -> Value {
        try await loadIntoCell(Value.self)
    }

    /// ``load(_:)``, for any value: an autoreload of an `async` registration keeps what it loads in the cell.
    private func loadIntoCell<Value>(_ type: Value.Type) async throws -> Value {
        try await followingOverrides {
            guard let releaseAnchor else { return try await loadValue(Value.self) }
            return try await releaseAnchor.resolving { try await loadValue(Value.self) }
        }
    }

    /// ``load(_:)`` itself, without the release anchor.
    private func loadValue<Value>(_ type: Value.Type) async throws -> Value {
        let object = enclosingObject
        let live: any DependencySource = container(for: object) ?? GraphSource()
        let source = live.overlaid
        let arguments = request.arguments
        let value: Value
        if let collection = Value.self as? any CollectionType.Type {
            let key = request.key(lookingUp: collection.elementType)
            let values = try await source.loadAll(
                (any Sendable).self, key: key, arguments: arguments, fileID: fileID, line: line)
            guard let result = collection.make(from: values) as? Value else {
                throw InjectionError.mismatchedDependencyType(
                    actual: values.map { typeName(Swift.type(of: $0)) }.joined(separator: ", "),
                    expected: typeName(collection.elementType)
                )
            }
            log(key, from: source)
            value = result
        } else if let object, request.isPlainTypeRequest, lookupType == nil,
            source.candidates(for: request.key(lookingUp: Value.self, parameters: .enclosingObject)) != nil
        {
            value = try resolve(Value.self, enclosing: object)
        } else {
            var key = request.key(lookingUp: lookupType ?? Value.self)
            if lookupType == nil, let optional = Value.self as? any OptionalType.Type,
                source.candidates(for: key) == nil
            {
                // `T?` is `nil` when nothing answers `T?` or `T`; otherwise it is `T`'s value.
                key = request.key(lookingUp: optional.wrappedType)
                if source.candidates(for: key) == nil { return optional.none as! Value }
            }
            let loaded = try await source.loadOne(
                (any Sendable).self, key: key, arguments: arguments, fileID: fileID, line: line)
            guard let typed = loaded as? Value else {
                throw InjectionError.mismatchedDependencyType(
                    actual: typeName(Swift.type(of: loaded)), expected: typeName(Value.self))
            }
            log(key, from: source)
            value = typed
        }
        if !refreshesOnEveryRead, mayCacheHere { cell.replace(with: value) }
        return value
    }

    private func log(_ key: RegistrationKey, from source: any DependencySource) {
        source.sourceLogTarget.log(
            .debug,
            "Injected \(key) from \(source.sourceDescription) into \(wrapperName) \(function)",
            file: fileID,
            line: line
        )
    }

    /// Reports an unrecoverable failure at the property's file and line.
    private func fail(_ error: any Error) -> Never {
        let message = (error as? InjectionError)?.fatalMessage ?? "InjectionError: \(error). Recovery: none"
        let logger = LoomConfiguration.logger
        logger.log(
            "\(wrapperName) var \(function) could not be injected",
            level: .error,
            file: fileID,
            function: function,
            line: line
        )
        logger.die(message, file: fileID, function: function, line: line)
    }
}
