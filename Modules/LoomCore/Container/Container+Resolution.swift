extension Container {
    /// Resolves `T` from this container or, failing that, its parent chain.
    ///
    /// Registering `T` also answers `T?`. A parametrized resolver (`register { parameter in … }`) is not used
    /// here; pass `parameter:` for it.
    ///
    /// ```swift
    /// let service: MyService = try container.resolve()
    /// let other = try container.resolve(MyService.self, alternative: .another)
    /// let maybe: MyService? = try container.resolve()
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve; usually inferred.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The registered value.
    /// - Throws: ``InjectionError/missingDependency(_:suggestions:)`` when nothing is registered, and the other
    ///   ``InjectionError`` cases for ambiguity, type mismatch, cycles and factory errors. Never traps.
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        if alternative == nil,
            let value = try registry.probePlain(typeID: UInt(bitPattern: ObjectIdentifier(T.self))).resolve(T.self)
        {
            if logTarget.isEnabled(.debug) { logResolution(of: T.self, fileID: fileID, line: line) }
            return value
        }
        return try resolveGeneral(T.self, alternative: alternative, fileID: fileID, line: line)
    }

    @usableFromInline
    func logResolution(of type: Any.Type, fileID: StaticString, line: UInt) {
        logTarget.log(.debug, "Resolved \(DependencyLocator.type(type)) from \(description)", file: fileID, line: line)
    }

    /// Everything the fast path does not handle: alternatives, several candidates, `T?` fallback, errors.
    @usableFromInline
    func resolveGeneral<T>(
        _ type: T.Type,
        alternative: RegistrationAlternative?,
        fileID: StaticString,
        line: UInt
    ) throws -> T {
        let key = LookupKey(locator: .type(T.self), alternative: alternative)
        return try resolveFromChain(T.self, key: key, arguments: [], enclosing: nil, fileID: fileID, line: line)
    }

    /// Resolves `T` through a parametrized resolver, passing `parameter` to it.
    ///
    /// ```swift
    /// container.register { enclosing -> String in "owned by \(enclosing)" }
    /// let label: String = try container.resolve(parameter: self)
    /// ```
    /// - Parameters:
    ///   - type: The type to resolve; usually inferred.
    ///   - parameter: The value handed to the resolver.
    ///   - alternative: The alternative registration to use; `nil` for the default one.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    /// - Returns: The resolver's result.
    /// - Throws: ``InjectionError/missingDependency(_:suggestions:)`` when no parametrized resolver is
    ///   registered for `T` (a plain registration does not count), and the other ``InjectionError`` cases.
    public func resolve<T>(
        _ type: T.Type = T.self,
        parameter: Any,
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> T {
        let key = LookupKey(locator: .type(T.self), alternative: alternative, parameters: .enclosingObject)
        return try resolveFromChain(T.self, key: key, arguments: [], enclosing: parameter, fileID: fileID, line: line)
    }

    /// Whether `T` has a registration here or in the parent chain.
    ///
    /// Counts plain and parametrized registrations, and for `T?` also a registration of `T`. Agrees with ``resolve(_:alternative:fileID:line:)`` and
    /// ``resolve(_:parameter:alternative:fileID:line:)``: when this is `false`, both throw `missingDependency`.
    ///
    /// ```swift
    /// if container.isResolvable(MyService.self) { … }
    /// ```
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - alternative: The alternative registration to look for; `nil` for the default one.
    /// - Returns: Whether a resolve would find a registration (its factory may still fail).
    public func isResolvable<T>(_ type: T.Type, alternative: RegistrationAlternative? = nil) -> Bool {
        var keys: [LookupKey] = [.init(locator: .type(T.self), alternative: alternative)]
        keys.append(.init(locator: .type(T.self), alternative: alternative, parameters: .enclosingObject))
        if let optional = T.self as? any OptionalType.Type {
            let wrapped = DependencyLocator(
                storage: .type(ObjectIdentifier(optional.wrappedType), optional.wrappedType))
            keys.append(.init(locator: wrapped, alternative: alternative))
            keys.append(.init(locator: wrapped, alternative: alternative, parameters: .enclosingObject))
        }
        return keys.contains { lookup($0) != nil }
    }

    // MARK: - The general path

    /// The first container in the chain with registrations answering `key`.
    package func lookup(_ key: LookupKey) -> (candidates: [RegistrationEntry], container: Container)? {
        for container in chain {
            if let candidates = container.registry.candidates(for: key), !candidates.isEmpty {
                return (candidates, container)
            }
        }
        return nil
    }

    /// Resolves `key` from the chain, falling back from `T?` to `T`, and reports failures with full context.
    package func resolveFromChain<T>(
        _ type: T.Type,
        key: LookupKey,
        arguments: [any Sendable],
        enclosing: Any?,
        environment: ResolutionEnvironment = .live,
        fileID: StaticString,
        line: UInt
    ) throws -> T {
        do {
            if let (candidates, container) = lookup(key) {
                let value: T = try Self.produce(
                    T.self, from: candidates, key: key, arguments: arguments,
                    enclosing: enclosing, in: environment, searched: chain)
                logTarget.log(.debug, "Resolved \(key) from \(container.description)", file: fileID, line: line)
                return value
            }
            if let optional = T.self as? any OptionalType.Type {
                let wrapped = DependencyLocator(
                    storage: .type(ObjectIdentifier(optional.wrappedType), optional.wrappedType))
                let wrappedKey = LookupKey(locator: wrapped, alternative: key.alternative, parameters: key.parameters)
                if let (candidates, container) = lookup(wrappedKey) {
                    let value: Any = try Self.produce(
                        Any.self, from: candidates, key: wrappedKey, arguments: arguments,
                        enclosing: enclosing, in: environment, searched: chain)
                    guard let wrappedValue = optional.wrapping(value) else {
                        throw InjectionError.mismatchedDependencyType(
                            actual: typeName(Swift.type(of: value)),
                            expected: typeName(optional.wrappedType))
                    }
                    logTarget.log(
                        .debug, "Resolved \(key) from \(container.description) as Optional", file: fileID, line: line)
                    return wrappedValue as! T
                }
            }
            throw Self.missingDependency(key, requested: T.self, arguments: arguments, searched: chain)
        } catch let error as InjectionError {
            // Thrown to the caller, who decides whether it is an error; only non-throwing paths log at `.error`.
            logTarget.log(.debug, "Resolving \(key) from \(description) failed: \(error)", file: fileID, line: line)
            throw error
        }
    }

    /// Produces a value from one container's candidates for `key`.
    package static func produce<T>(
        _ type: T.Type,
        from candidates: [RegistrationEntry],
        key: LookupKey,
        arguments: [any Sendable],
        enclosing: Any?,
        in environment: ResolutionEnvironment,
        searched: [Container]
    ) throws -> T {
        guard candidates.count == 1 else {
            throw InjectionError.multipleDependencies(
                DependencyContext(key: key, requested: T.self, arguments: arguments, searched: searched),
                candidates: candidates.map(\.provenance)
            )
        }
        let entry = candidates[0]
        if entry.key == key, entry.key.parameters == .none, entry.valueTypeID == ObjectIdentifier(T.self) {
            return try unsafeDowncast(entry, to: PlainEntry<T>.self).resolve(in: environment)
        }
        let value = try entry.resolveErased(arguments: arguments, enclosing: enclosing, in: environment)
        if let typed = value as? T { return typed }
        throw InjectionError.mismatchedDependencyType(
            actual: typeName(Swift.type(of: value)), expected: typeName(T.self))
    }

    /// The error for a key nobody answers: wrong arguments when the registration exists with other parameter
    /// types, otherwise a missing dependency with "did you mean" suggestions from the searched containers.
    package static func missingDependency(
        _ key: LookupKey,
        requested: Any.Type,
        arguments: [any Sendable],
        searched: [Container]
    ) -> InjectionError {
        let context = DependencyContext(key: key, requested: requested, arguments: arguments, searched: searched)
        let entries = searched.flatMap(\.registry.entries)
        if case .types = key.parameters,
            let registered = entries.first(where: { entry in
                entry.locator == key.locator && entry.attributes.alternative == key.alternative
                    && !entry.attributes.parameterTypes.isEmpty
            })
        {
            return .invalidDependencyParameters(
                context,
                expected: registered.attributes.parameterTypes.map(typeName),
                actual: context.parameterTypes
            )
        }
        return .missingDependency(context, suggestions: suggestions(for: key, requested: requested, among: entries))
    }

    /// Registrations a person probably meant: the same locator under another alternative or parameter list, a
    /// name differing only in case or surrounding spaces, or another type with the same name.
    package static func suggestions(for key: LookupKey, requested: Any.Type, among entries: [RegistrationEntry])
        -> [String]
    {
        var result: [String] = []
        for entry in entries where entry.key != key {
            let related: Bool
            switch (entry.locator.storage, key.locator.storage) {
            case (.type(let left, let leftType), .type(let right, _)):
                related =
                    left == right || typeName(leftType) == typeName(requested)
                    || entry.attributes.aliases.contains { ObjectIdentifier($0.type) == right }
            case (.name(let left), .name(let right)):
                related = left.lowercased().trimmingSpaces == right.lowercased().trimmingSpaces
            case (.value(let left), .value(let right)):
                related = left.description == right.description
            default:
                related = false
            }
            if related { result.append(entry.suggestion) }
        }
        return Array(result.prefix(5))
    }
}

extension RegistrationEntry {
    /// How a "did you mean" line names this registration and how to reach it.
    fileprivate var suggestion: String {
        var text = "\(key) in \(ownerDescription)"
        if attributes.takesEnclosingObject { text += " — resolve it with resolve(parameter:)" }
        if !attributes.parameterTypes.isEmpty {
            text += " — pass (\(attributes.parameterTypes.map(typeName).joined(separator: ", ")))"
        }
        if attributes.alternative != nil { text += " — pass alternative: \"\(attributes.alternative!)\"" }
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
    package init(key: LookupKey, requested: Any.Type, arguments: [any Sendable], searched: [Container]) {
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
            searched: searched.map(\.description)
        )
    }
}
