internal import LoomRuntime

/// Where a resolution looks: one container and its parent chain, or every active container of the graph.
///
/// Both answer requests with the same rules — one candidate resolves, none is `missingDependency` (with "did
/// you mean" suggestions), several distinct ones are `multipleDependencies`, `T?` falls back to `T` — so those
/// rules live once, in this protocol's extension.
package protocol DependencySource {
    /// The registrations answering `key` for a single-value request, or `nil` when none does.
    func candidates(for key: RegistrationKey) -> [RegistrationEntry]?
    /// Every registration answering `key`, for collection requests.
    func allCandidates(for key: RegistrationKey) -> [RegistrationEntry]
    /// Every registration a request can reach (for suggestions).
    var visibleEntries: [RegistrationEntry] { get }
    /// What was searched, as errors print it (`["Container(app)", "Container(root)"]`).
    var searchedDescriptions: [String] { get }
    /// How the source prints in logs: `Container(app)` or `DependencyGraph`.
    var sourceDescription: String { get }
    /// Where this source's events go.
    var sourceLogTarget: LogTarget { get }
    /// Where cached instances live for resolutions from this source.
    var environment: ResolutionEnvironment { get }
    /// Called before `entry` produces a value for a request (verification records dependency edges here).
    func willProduce(_ entry: RegistrationEntry)
    /// The registry under which this source's settled `[T]` answers are remembered (``SettledCollections``); `nil`
    /// for a source that remembers none.
    var settledCollectionsRegistry: Registry? { get }
    /// Called when `candidates` answer a request made at `fileID`:`line` (a strict test scope records live ones).
    func willAnswer(_ key: RegistrationKey, with candidates: [RegistrationEntry], fileID: StaticString, line: UInt)
}

extension DependencySource {
    package func willProduce(_ entry: RegistrationEntry) {}
    package func willAnswer(
        _ key: RegistrationKey, with candidates: [RegistrationEntry], fileID: StaticString, line: UInt
    ) {}
    package var settledCollectionsRegistry: Registry? { nil }

    /// The overlay a request must go through instead of this source, if any (an ``OverlaySource`` already is one).
    @inline(__always)
    package var forwardingOverlay: ResolutionOverlay? {
        Self.self == OverlaySource.self ? nil : ResolutionOverlay.active
    }
}

extension DependencySource {
    /// Resolves a single value for `key`, falling back from `T?` to `T`.
    package func resolveOne<T>(
        _ type: T.Type,
        key: RegistrationKey,
        arguments: [any Sendable] = [],
        enclosing: Any? = nil,
        fileID: StaticString,
        line: UInt
    ) throws -> T {
        if let overlay = forwardingOverlay {
            return try overlay.forward {
                try overlay.source(over: self).resolveOne(
                    T.self, key: key, arguments: arguments, enclosing: enclosing, fileID: fileID, line: line)
            }
        }
        do {
            if let candidates = candidates(for: key) {
                willAnswer(key, with: candidates, fileID: fileID, line: line)
                let value = try produce(T.self, from: candidates, key: key, arguments: arguments, enclosing: enclosing)
                logResolution(of: key, fileID: fileID, line: line)
                return value
            }
            if let wrapped = wrappedCandidates(T.self, key: key, fileID: fileID, line: line) {
                let value = try produce(
                    Any.self, from: wrapped.candidates, key: wrapped.key, arguments: arguments, enclosing: enclosing)
                guard let wrappedValue = wrapped.optional.wrapping(value) else {
                    throw InjectionError.mismatchedDependencyType(
                        actual: typeName(Swift.type(of: value)), expected: typeName(wrapped.optional.wrappedType))
                }
                logResolution(of: key, fileID: fileID, line: line)
                return wrappedValue as! T
            }
            // `[E]`, `Set<E>` and their Optionals, when nothing is registered as the collection itself: every
            // registration of `E` (an Optional collection is `nil` when none matches).
            if let collection = CollectionRequest(T.self, key: key) {
                let values = try resolveAll(
                    Any.self, key: collection.elementKey, arguments: arguments, fileID: fileID, line: line)
                return try collection.make(T.self, from: values)
            }
            // A `T?` request is answered with `nil` when nothing answers it, whichever verb asked
            // (`resolve`, `inject`, a property wrapper).
            if let optional = T.self as? any OptionalType.Type { return optional.none as! T }
            throw missingDependency(key, requested: T.self, arguments: arguments)
        } catch let error as InjectionError {
            let error = error.locatingUnimplemented(at: fileID, line: line)
            // Thrown to the caller, who decides whether it is an error; only non-throwing paths log at `.error`.
            sourceLogTarget.log(
                .debug,
                "Resolving \(key) from \(sourceDescription) failed: \(error)",
                file: fileID,
                line: line
            )
            throw error
        }
    }

    /// Resolves a single value for `key`, or `nil` when nothing answers it (other failures still throw).
    package func resolveIfPresent<T>(
        _ type: T.Type,
        key: RegistrationKey,
        arguments: [any Sendable] = [],
        fileID: StaticString,
        line: UInt
    ) throws -> T? {
        if let overlay = forwardingOverlay {
            return try overlay.forward {
                try overlay.source(over: self).resolveIfPresent(
                    T.self, key: key, arguments: arguments, fileID: fileID, line: line)
            }
        }
        if candidates(for: key) == nil {
            // A collection is present when at least one registration of its element answers.
            guard CollectionRequest(T.self, key: key) != nil else { return nil }
            let values = try resolveOne(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
            return ((values as? any CollectionType)?.isEmptyCollection ?? false) ? nil : values
        }
        return try resolveOne(T.self, key: key, arguments: arguments, fileID: fileID, line: line)
    }

    /// Resolves every registration answering `key`, in order; empty when none does.
    package func resolveAll<T>(
        _ type: T.Type,
        key: RegistrationKey,
        arguments: [any Sendable] = [],
        fileID: StaticString,
        line: UInt
    ) throws -> [T] {
        if let overlay = forwardingOverlay {
            return try overlay.forward {
                try overlay.source(over: self).resolveAll(
                    T.self, key: key, arguments: arguments, fileID: fileID, line: line)
            }
        }
        // A settled answer is remembered only for the plain key (no alternative, no arguments).
        let memoRegistry = key.isPlainType ? settledCollectionsRegistry : nil
        if let memoRegistry, let values = SettledCollections.values(of: T.self, keyID: key.fastID, in: memoRegistry) {
            logResolution(of: key, fileID: fileID, line: line)
            return values
        }
        let epoch = SettledChange.epoch  // Before the candidates are gathered (see `SettledCollections`).
        let entries = allCandidates(for: key)
        willAnswer(key, with: entries, fileID: fileID, line: line)
        let values: [T]
        do {
            values = try entries.map { entry in
                try produce(T.self, from: [entry], key: key, arguments: arguments, enclosing: nil)
            }
        } catch let error as InjectionError {
            throw error.locatingUnimplemented(at: fileID, line: line)
        }
        // A registration with factories per run mode answers differently per task: never remembered.
        if let memoRegistry, let epoch, !entries.contains(where: \.needsGeneralPath) {
            SettledCollections.remember(values, of: entries, keyID: key.fastID, in: memoRegistry, epoch: epoch)
        }
        logResolution(of: key, fileID: fileID, line: line)
        return values
    }

    /// Produces a value from the candidates answering `key`: exactly one is required.
    package func produce<T>(
        _ type: T.Type,
        from candidates: [RegistrationEntry],
        key: RegistrationKey,
        arguments: [any Sendable],
        enclosing: Any?
    ) throws -> T {
        let entry = try chosen(from: candidates, key: key, requested: T.self, arguments: arguments)
        if entry.kind == .synchronous, entry.key == key, entry.key.parameters == .none,
            entry.valueTypeID == ObjectIdentifier(T.self)
        {
            return try unsafeDowncast(entry, to: PlainEntry<T>.self).resolve(in: environment)
        }
        let value = try entry.resolveErased(arguments: arguments, enclosing: enclosing, in: environment)
        if let typed = value as? T { return typed }
        throw InjectionError.mismatchedDependencyType(
            actual: typeName(Swift.type(of: value)), expected: typeName(T.self))
    }

    // MARK: Loading (the asynchronous general path)

    /// Loads a single value for `key`, falling back from `T?` to `T` — ``resolveOne(_:key:arguments:enclosing:fileID:line:)``
    /// for `load`: `async` factories are awaited and actor-isolated ones run on their actor.
    nonisolated(nonsending) package func loadOne<T: Sendable>(
        _ type: T.Type,
        key: RegistrationKey,
        arguments: [any Sendable] = [],
        fileID: StaticString,
        line: UInt
    ) async throws -> T {
        if let overlay = forwardingOverlay {
            return try await overlay.forward {
                try await overlay.source(over: self).loadOne(
                    T.self, key: key, arguments: arguments, fileID: fileID, line: line)
            }
        }
        do {
            if let candidates = candidates(for: key) {
                willAnswer(key, with: candidates, fileID: fileID, line: line)
                let value = try await loadProducing(T.self, from: candidates, key: key, arguments: arguments)
                logLoad(of: key, fileID: fileID, line: line)
                return value
            }
            if let wrapped = wrappedCandidates(T.self, key: key, fileID: fileID, line: line) {
                // Loaded as `T` (the Optional): a wrapped value becomes `.some`.
                let value = try await loadProducing(
                    T.self, from: wrapped.candidates, key: wrapped.key, arguments: arguments)
                logLoad(of: key, fileID: fileID, line: line)
                return value
            }
            if let optional = T.self as? any OptionalType.Type { return optional.none as! T }
            throw missingDependency(key, requested: T.self, arguments: arguments)
        } catch let error as InjectionError {
            let error = error.locatingUnimplemented(at: fileID, line: line)
            sourceLogTarget.log(
                .debug, "Loading \(key) from \(sourceDescription) failed: \(error)", file: fileID, line: line)
            throw error
        }
    }

    /// Loads every registration answering `key`, in order; empty when none does.
    nonisolated(nonsending) package func loadAll<T: Sendable>(
        _ type: T.Type, key: RegistrationKey, arguments: [any Sendable] = [], fileID: StaticString, line: UInt
    ) async throws -> [T] {
        if let overlay = forwardingOverlay {
            return try await overlay.forward {
                try await overlay.source(over: self).loadAll(
                    T.self, key: key, arguments: arguments, fileID: fileID, line: line)
            }
        }
        var values: [T] = []
        let entries = allCandidates(for: key)
        willAnswer(key, with: entries, fileID: fileID, line: line)
        do {
            for entry in entries {
                values.append(try await loadProducing(T.self, from: [entry], key: key, arguments: arguments))
            }
        } catch let error as InjectionError {
            throw error.locatingUnimplemented(at: fileID, line: line)
        }
        logLoad(of: key, fileID: fileID, line: line)
        return values
    }

    /// Loads a value from the candidates answering `key`: exactly one is required.
    nonisolated(nonsending) package func loadProducing<T: Sendable>(
        _ type: T.Type, from candidates: [RegistrationEntry], key: RegistrationKey, arguments: [any Sendable]
    ) async throws -> T {
        let entry = try chosen(from: candidates, key: key, requested: T.self, arguments: arguments)
        return try await entry.load(as: T.self, arguments: arguments, enclosing: nil, in: environment)
    }

    /// The registration that answers a single-value request from `candidates` (exactly one is required), as the
    /// current run mode serves it; verification records it first.
    private func chosen(
        from candidates: [RegistrationEntry], key: RegistrationKey, requested: Any.Type, arguments: [any Sendable]
    ) throws -> RegistrationEntry {
        guard candidates.count == 1 else {
            throw InjectionError.multipleDependencies(
                DependencyContext(key: key, requested: requested, arguments: arguments, searched: searchedDescriptions),
                candidates: candidates.map(\.provenance)
            )
        }
        willProduce(candidates[0])
        return try candidates[0].servingCurrentMode(
            key: key, requested: requested, arguments: arguments, searched: searchedDescriptions)
    }

    /// The key of the type an Optional `T` wraps and the candidates answering it (reported to ``willAnswer``), when
    /// `T` is an Optional and something answers that key.
    private func wrappedCandidates<T>(_ type: T.Type, key: RegistrationKey, fileID: StaticString, line: UInt)
        -> (key: RegistrationKey, optional: any OptionalType.Type, candidates: [RegistrationEntry])?
    {
        guard let optional = T.self as? any OptionalType.Type else { return nil }
        let wrappedKey = key.located(by: optional.wrappedType)
        guard let candidates = candidates(for: wrappedKey) else { return nil }
        willAnswer(wrappedKey, with: candidates, fileID: fileID, line: line)
        return (wrappedKey, optional, candidates)
    }

    private func logLoad(of key: RegistrationKey, fileID: StaticString, line: UInt) {
        sourceLogTarget.log(.debug, "Loaded \(key) from \(sourceDescription)", file: fileID, line: line)
    }

    /// The error for a key nobody answers: wrong arguments when a registration exists with other parameter
    /// types, otherwise a missing dependency with "did you mean" suggestions.
    package func missingDependency(_ key: RegistrationKey, requested: Any.Type, arguments: [any Sendable])
        -> InjectionError
    {
        let context = DependencyContext(
            key: key, requested: requested, arguments: arguments, searched: searchedDescriptions)
        let entries = visibleEntries
        if case .types = key.parameters,
            let registered = entries.first(where: { entry in
                entry.locator == key.locator && entry.attributes.alternative == key.alternative
                    && entry.attributes.parameterList != nil
            })
        {
            return .invalidDependencyParameters(
                context,
                expected: registered.attributes.parameterTypes.map(typeName),
                actual: context.parameterTypes
            )
        }
        return .missingDependency(
            context, suggestions: Self.suggestions(for: key, requested: requested, among: entries))
    }

    /// Registrations a person probably meant: the same locator under another alternative or parameter list, a
    /// name differing only in case, surrounding spaces or Unicode spelling, or another type with the same name.
    package static func suggestions(for key: RegistrationKey, requested: Any.Type, among entries: [RegistrationEntry])
        -> [String]
    {
        var result: [String] = []
        for entry in entries where entry.key != key {
            let related: Bool
            var note = ""
            switch (entry.locator.storage, key.locator.storage) {
            case (.type(let left, let leftType), .type(let right, _)):
                related =
                    left == right || typeName(leftType) == typeName(requested)
                    || entry.attributes.aliases.contains { ObjectIdentifier($0.type) == right }
            case (.name(let left), .name(let right)):
                related = left.lowercased().trimmingSpaces == right.lowercased().trimmingSpaces
                // Swift's `==` ignores Unicode spelling; names do not, so say why equal-looking names missed.
                if left == right { note = " — the same text in another Unicode spelling; names match byte for byte" }
            case (.value(let left), .value(let right)):
                related = left.description == right.description
            default:
                related = false
            }
            if related { result.append(entry.suggestion + note) }
        }
        return Array(result.prefix(5))
    }

    private func logResolution(of key: RegistrationKey, fileID: StaticString, line: UInt) {
        sourceLogTarget.log(.debug, "Resolved \(key) from \(sourceDescription)", file: fileID, line: line)
    }
}

/// A request for `[E]`, `Set<E>`, `[E]?` or `Set<E>?` by type: answered with every registration of `E` when no
/// registration answers the collection type itself (Stitcher's collection injection, on every verb).
package struct CollectionRequest {
    /// The key of one element: the request's alternative and parameters, located by `E`.
    package let elementKey: RegistrationKey
    private let collection: any CollectionType.Type
    private let optional: (any OptionalType.Type)?

    /// `nil` when `type` is not a collection (or an Optional one) or `key` is not located by type.
    package init?(_ type: Any.Type, key: RegistrationKey) {
        guard case .type = key.locator.storage else { return nil }
        let optional = type as? any OptionalType.Type
        guard let collection = (optional?.wrappedType ?? type) as? any CollectionType.Type else { return nil }
        self.collection = collection
        self.optional = optional
        elementKey = key.located(by: collection.elementType)
    }

    /// The collection of `values` as `T`; `nil` (for an Optional collection) when `values` is empty.
    package func make<T>(_ type: T.Type, from values: [Any]) throws -> T {
        if let optional, values.isEmpty { return optional.none as! T }
        guard let made = collection.make(from: values) else {
            throw InjectionError.mismatchedDependencyType(
                actual: values.map { typeName(Swift.type(of: $0)) }.joined(separator: ", "),
                expected: typeName(collection.elementType)
            )
        }
        if let optional {
            guard let wrapped = optional.wrapping(made) else {
                throw InjectionError.mismatchedDependencyType(
                    actual: typeName(Swift.type(of: made)), expected: typeName(T.self))
            }
            return wrapped as! T
        }
        return made as! T
    }
}

extension RegistrationEntry {
    /// How a "did you mean" line names this registration and how to reach it.
    fileprivate var suggestion: String {
        var text = "\(key) in \(ownerDescription)"
        if attributes.takesEnclosingObject { text += " — resolve it with resolve(parameter:)" }
        if attributes.parameterList != nil {
            text += " — pass (\(attributes.parameterTypes.map(typeName).joined(separator: ", ")))"
        }
        if let alternative = attributes.alternative { text += " — pass alternative: \"\(alternative)\"" }
        return text
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<max(start, end)]
    }
}

extension DependencyContext {
    package init(key: RegistrationKey, requested: Any.Type, arguments: [any Sendable], searched: [String]) {
        let parameterTypes: [String] =
            switch key.parameters {
            case .none: []
            case .enclosingObject: ["Any"]
            case .types: arguments.map { typeName(type(of: $0)) }
            }
        self.init(
            locator: key.locator,
            alternative: key.alternative,
            parameterTypes: parameterTypes,
            requestedType: typeName(requested),
            searched: searched
        )
    }
}
