#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Everything that can go wrong while registering or resolving a dependency.
///
/// The throwing APIs (`Container.resolve`, `DependencyGraph.inject`) throw these and never trap. Paths that
/// cannot throw (property wrappers, generated code) report them through ``LoomLogger/die(_:file:function:line:)``
/// as `InjectionError: <description>. Recovery: <recoverySuggestion>` with the caller's file and line.
///
/// ```swift
/// do {
///     let service: MyService = try container.resolve()
/// } catch let error as InjectionError {
///     print(error)                       // what went wrong, what was searched, "did you mean"
///     print(error.recoverySuggestion!)   // what to change
/// }
/// ```
public enum InjectionError: Error, CustomStringConvertible, LocalizedError, Sendable {
    /// Nothing is registered under the requested locator; `suggestions` lists near misses (the same type under
    /// another alternative, name or parameter list).
    case missingDependency(DependencyContext, suggestions: [String])
    /// A single-value request matched several distinct registrations; `candidates` says where each came from.
    case multipleDependencies(DependencyContext, candidates: [String])
    /// The registered value cannot be cast to the requested type.
    case mismatchedDependencyType(actual: String, expected: String)
    /// The registration exists but takes different factory arguments than the ones supplied.
    case invalidDependencyParameters(DependencyContext, expected: [String], actual: [String])
    /// Building the dependency needed itself, directly or through others.
    case cyclicDependencyReference(DependencyCycle)
    /// A registration was attempted on a locked container; nothing was changed.
    case containerLocked(container: String)
    /// A factory threw; `underlying` is its error. Injection errors thrown by factories pass through unchanged.
    case factoryFailed(DependencyContext, underlying: any Error)
    /// A synchronous `resolve` / `inject` reached a registration built by an `async` factory that has no instance yet.
    ///
    /// Nothing blocks and nothing traps: load it once with `try await container.load()` (or
    /// `DependencyGraph.load()`, or an `@Injected` property's `$property.load()`); a cached instance is then returned
    /// synchronously too.
    ///
    /// ```swift
    /// container.register(scope: .singleton) { () async throws -> Database in try await Database.connect() }
    /// _ = try container.resolve(Database.self)        // throws .asynchronousDependency
    /// _ = try await container.load(Database.self)     // builds it; later resolves return it
    /// ```
    case asynchronousDependency(DependencyContext)
    /// A registration isolated to a global actor was resolved synchronously from outside that actor.
    ///
    /// Resolve it from code isolated to the actor, or `load` it with `await` (for `Sendable` types).
    ///
    /// ```swift
    /// container.register(on: MainActor.self, scope: .singleton) { ProfileViewModel() }
    /// // on a background thread:
    /// _ = try container.resolve(ProfileViewModel.self)   // throws .isolatedDependency(_, actor: "MainActor")
    /// ```
    case isolatedDependency(DependencyContext, actor: String)
    /// A `.scoped` registration was resolved outside any request scope (or through a scope that has ended).
    ///
    /// Resolve it inside `container.withScope { scope in … }` — with `scope.resolve()`, or any resolution in the
    /// closure's task.
    ///
    /// ```swift
    /// container.register(scope: .scoped) { RequestContext() }
    /// _ = try container.resolve(RequestContext.self)   // throws .outsideRequestScope
    /// try container.withScope { scope in _ = try scope.resolve(RequestContext.self) }   // fine
    /// ```
    case outsideRequestScope(DependencyContext)
    /// A registration declared with `Dependency.unimplemented` was resolved: the code under test uses a dependency
    /// its test must provide. `calledFrom` is the resolving call's `file:line`.
    ///
    /// In a test (with `LoomTesting`'s recorder installed) the test that resolved it also records an issue at that
    /// line; an `@Injected` read returns the registration's placeholder, if it has one.
    ///
    /// ```swift
    /// container.add { Dependency.unimplemented((any Weather).self) }
    /// _ = try container.resolve((any Weather).self)   // throws .unimplementedDependency(_, calledFrom: "App/Forecast.swift:9")
    /// ```
    case unimplementedDependency(DependencyContext, calledFrom: String)
    /// A registration declared with `Dependency.provided(_:)` was resolved inside a request scope that was given
    /// no value of its type, nor were the scopes around it.
    ///
    /// Pass the value when opening the scope, or resolve it only in scopes that have one.
    ///
    /// ```swift
    /// let container = Container { Dependency.provided(RequestID.self) }
    /// try container.withScope { scope in _ = try scope.resolve(RequestID.self) }   // throws .notProvided
    /// try container.withScope(providing: RequestID("42")) { scope in _ = try scope.resolve(RequestID.self) }   // fine
    /// ```
    case notProvided(DependencyContext)

    /// A headline naming the problem, then `Key:` / `Searched:` / `Found:` lines.
    ///
    /// ```swift
    /// print(error)   // No registration found for Type[MyService]. …
    /// ```
    public var description: String {
        switch self {
        case .missingDependency(let context, let suggestions):
            var lines = ["No registration found for \(context)."]
            lines.append("Requested type: \(context.requestedType)")
            if !context.searched.isEmpty { lines.append("Searched: \(context.searched.joined(separator: " → "))") }
            if !suggestions.isEmpty { lines.append("Did you mean: \(suggestions.joined(separator: "; "))?") }
            return lines.joined(separator: "\n")
        case .multipleDependencies(let context, let candidates):
            var lines = ["Several registrations match \(context); expected exactly one."]
            lines.append("Requested type: \(context.requestedType)")
            lines.append("Found: \(candidates.joined(separator: "; "))")
            return lines.joined(separator: "\n")
        case .mismatchedDependencyType(let actual, let expected):
            return "The registered value of type \(actual) cannot be used as \(expected)."
        case .invalidDependencyParameters(let context, let expected, let actual):
            return """
                Wrong factory arguments for \(context.locator)\(context.alternative.map { " (alternative: \($0))" } ?? "").
                Expected: (\(expected.joined(separator: ", ")))
                Found: (\(actual.joined(separator: ", ")))
                """
        case .cyclicDependencyReference(let cycle):
            if let limit = cycle.exceededDepthLimit {
                return "Resolution depth limit \(limit) exceeded, likely a dependency cycle: \(cycle)."
            }
            return "Dependency cycle detected, \(cycle)."
        case .containerLocked(let container):
            return "Cannot register in \(container): the container is locked. The registration was ignored."
        case .factoryFailed(let context, let underlying):
            return "The factory of \(context) threw: \(underlying)"
        case .asynchronousDependency(let context):
            return
                "\(context) is built by an async factory and has no instance yet; a synchronous resolve cannot build it."
        case .isolatedDependency(let context, let actor):
            return "\(context) is isolated to \(actor) and was resolved synchronously from outside \(actor)."
        case .outsideRequestScope(let context):
            return
                "\(context) is .scoped (one instance per request scope) and was resolved outside any open request scope."
        case .unimplementedDependency(let context, let calledFrom):
            let site = calledFrom.isEmpty ? "" : " at \(calledFrom)"
            return "\(context) is unimplemented: it was resolved\(site), and tests must provide it."
        case .notProvided(let context):
            return "\(context) is provided per request scope, and neither the current scope nor those around it "
                + "was given a value of that type."
        }
    }

    /// What to change to make the resolution succeed.
    ///
    /// ```swift
    /// print(error.recoverySuggestion ?? "")   // Register MyService in one of the searched containers …
    /// ```
    public var recoverySuggestion: String? {
        switch self {
        case .missingDependency(let context, _):
            switch context.locator.storage {
            case .type:
                return "Register \(context.requestedType) in one of the searched containers "
                    + "(container.register { … } or Dependency { … }), or activate the container that holds it."
            case .name, .value:
                return "Register a dependency located by \(context.locator) in an active container, "
                    + "or correct the locator (names match exactly, including case)."
            }
        case .multipleDependencies:
            return "Keep one registration, or tell them apart with a name, an associated value or an alternative."
        case .mismatchedDependencyType(_, let expected):
            return
                "Register a value that is a \(expected), or declare the relation with .conforms(to:) / .inherits(from:)."
        case .invalidDependencyParameters(_, let expected, _):
            return "Pass arguments of exactly these types, in order: (\(expected.joined(separator: ", ")))."
        case .cyclicDependencyReference:
            return "Break the cycle: inject one side lazily (@Injected resolves on first read) or pass it after init."
        case .containerLocked:
            return "Register before calling lock(), or call unlock() first."
        case .factoryFailed:
            return "Fix the error the factory threw; it is attached as `underlying`."
        case .asynchronousDependency:
            return "Load it once with `try await container.load()` (or `DependencyGraph.load()`, or the property's "
                + "`$property.load()`); its cached instance then resolves synchronously too."
        case .isolatedDependency(_, let actor):
            return "Resolve it from code isolated to \(actor), or load it with `try await container.load()` "
                + "(for a Sendable type)."
        case .outsideRequestScope:
            return "Resolve it inside `container.withScope { scope in … }`, or give the registration a scope that "
                + "outlives requests (.singleton, .shared)."
        case .unimplementedDependency(let context, _):
            return "Override \(context.requestedType) in the test (withTestDependencies or the .dependencies trait), "
                + "or register a factory for it."
        case .notProvided(let context):
            return "Open the scope with `container.withScope(providing: value) { scope in … }`, passing a "
                + "\(context.requestedType)."
        }
    }

    /// Same as ``description``.
    ///
    /// ```swift
    /// let message = (error as? LocalizedError)?.errorDescription
    /// ```
    public var errorDescription: String? { description }

    /// The message property wrappers pass to ``LoomLogger/die(_:file:function:line:)``.
    ///
    /// ```swift
    /// logger.die(error.fatalMessage, file: file, function: function, line: line)
    /// ```
    public var fatalMessage: String {
        var headline = description
        if headline.hasSuffix(".") { headline.removeLast() }
        return "InjectionError: \(headline). Recovery: \(recoverySuggestion ?? "none")"
    }
}

extension InjectionError {
    /// Whether the dependency exists but must be loaded (`load`) rather than resolved: an unsettled `async`
    /// registration, or one isolated to an actor the caller is not on.
    package var needsLoad: Bool {
        switch self {
        case .asynchronousDependency, .isolatedDependency: true
        default: false
        }
    }

    /// An unimplemented dependency's error with the resolving call's site filled in, recorded as an issue of the
    /// running test; any other error (or one a nested resolution already located) unchanged.
    package func locatingUnimplemented(at fileID: StaticString, line: UInt) -> InjectionError {
        guard case .unimplementedDependency(let context, let calledFrom) = self, calledFrom.isEmpty else { return self }
        let located = InjectionError.unimplementedDependency(context, calledFrom: "\(fileID):\(line)")
        TestIssues.record(located.description, fileID: fileID, line: line)
        return located
    }
}
