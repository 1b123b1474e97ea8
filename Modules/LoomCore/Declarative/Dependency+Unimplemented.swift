internal import LoomRuntime

extension Dependency {
    /// Declares a dependency that tests must provide: resolving it is the test's mistake, reported where it happened.
    ///
    /// A throwing resolve (`resolve`, `inject`, `load`) throws ``InjectionError/unimplementedDependency(_:calledFrom:)``
    /// naming the dependency and the resolving line; inside a test it also records an issue against that test, at that
    /// line (through `LoomTesting`, which installs the recorder when its traits or `withTestDependencies` run). An
    /// `@Injected` property cannot throw: it records the same issue and returns `placeholder`'s value — or, without a
    /// placeholder, reports the failure at the property's line, as for a missing dependency. A test overrides it like
    /// any other registration.
    ///
    /// ```swift
    /// let app = Container {
    ///     Dependency.unimplemented((any Weather).self, placeholder: { StubWeather(sunny: true) })
    /// }
    /// ```
    /// - Parameters:
    ///   - type: The type tests must provide.
    ///   - placeholder: What an `@Injected` read returns after recording the issue; `nil` to report the failure.
    ///   - fileID: Where the dependency is declared, for diagnostics; defaults to the call site.
    ///   - line: Where the dependency is declared, for diagnostics; defaults to the call site.
    /// - Returns: The dependency.
    public static func unimplemented(
        _ type: Value.Type = Value.self,
        placeholder: (@Sendable () -> Value)? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Dependency {
        let provider = DependencyFactory.Provider<Value>(parameterList: nil) { attributes, key, owner, cache in
            let context = DependencyContext(
                key: key, requested: Value.self, arguments: [], searched: [owner.description])
            let entry = PlainEntry<Value>(attributes: attributes, key: key, owner: owner, reusedCache: cache) {
                // The resolving call fills in its own line (`InjectionError.locatingUnimplemented`).
                throw InjectionError.unimplementedDependency(context, calledFrom: "")
            }
            if let placeholder { Placeholders.keep(placeholder, for: entry) }
            return entry
        }
        var dependency = Dependency(provider: provider, scope: .instance, fileID: fileID, line: line)
        dependency.isUnimplemented = true
        return dependency
    }
}

/// The placeholders of unimplemented registrations, by registration ``RegistrationEntry/sequence`` (few registrations
/// have one; a field would cost every registration a word).
package enum Placeholders {
    private static let table = LoomLock<[UInt: @Sendable () -> Any]>([:])

    static func keep<Value>(_ placeholder: @escaping @Sendable () -> Value, for entry: RegistrationEntry) {
        table.withLock { $0[entry.sequence] = { placeholder() } }
    }

    /// The placeholder value of the unimplemented registration answering `key` in `source` in the current run mode,
    /// if it has one and it is a `Value`.
    package static func value<Value>(_ type: Value.Type, for key: RegistrationKey, in source: any DependencySource)
        -> Value?
    {
        guard let candidates = source.candidates(for: key), candidates.count == 1,
            let entry = candidates[0].serving(.current), entry.attributes.isUnimplemented,
            let placeholder = table.withLock({ $0[entry.sequence] })
        else { return nil }
        return placeholder() as? Value
    }

    static func remove(for sequence: UInt) {
        let removed = table.withLock { $0.removeValue(forKey: sequence) }
        _ = consume removed
    }
}
