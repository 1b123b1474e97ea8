/// What ``DependencyGraph/verify()`` or ``Container/verify()`` found: every registration,
/// the dependency edges seen while resolving them in a sandbox, and the defects.
///
/// Use it as one expectation in an app's test suite, and print it when it fails: its `description` lists each
/// defect with the path that led to it.
///
/// ```swift
/// @Test func graphIsHealthy() {
///     let report = DependencyGraph.verify()
///     #expect(report.isHealthy, "\(report)")
/// }
/// ```
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// Every registration the verified source can reach, in registration order.
    public let registrations: [RegistrationSummary]
    /// Registrations that need factory arguments or an enclosing object, so verification could not resolve them.
    public let skipped: [RegistrationSummary]
    /// Which registration needed which, as observed in the sandbox, without duplicates.
    ///
    /// Edges come from what each factory resolved, and from what the injected properties (`@Injected`, `@InjectedWeakly`, `@InjectedConf`) of each instance built
    /// resolve at their first read. A configuration key an `@InjectedConf` property reads is an edge to a dependency
    /// in container `Conf` (`Conf[notesSearchLimit]`).
    public let edges: [DependencyEdge]
    /// Everything wrong, in the order found.
    public let defects: [VerificationDefect]
    /// The registrations verified, as Stitcher's registrar projection: what
    /// ``DependencyGraph/validate(using:)`` hands its closure.
    ///
    /// ```swift
    /// #expect(DependencyGraph.verify().registrar.contains { $0.isLocatedBy(type: Database.self) })
    /// ```
    public let registrar: DependencyRegistrarProjection

    /// Creates a report; ``DependencyGraph/verify()`` and ``Container/verify()`` build them.
    ///
    /// ```swift
    /// let empty = VerificationReport(registrations: [], skipped: [], edges: [], defects: [])
    /// empty.isHealthy   // true
    /// ```
    ///
    /// - Parameters:
    ///   - registrations: Every registration reached.
    ///   - skipped: Registrations that could not be resolved without arguments.
    ///   - edges: The dependency edges observed.
    ///   - defects: The defects found.
    public init(
        registrations: [RegistrationSummary], skipped: [RegistrationSummary], edges: [DependencyEdge],
        defects: [VerificationDefect]
    ) {
        self.init(
            registrations: registrations, skipped: skipped, edges: edges, defects: defects,
            registrar: DependencyRegistrarProjection(entries: []))
    }

    package init(
        registrations: [RegistrationSummary], skipped: [RegistrationSummary], edges: [DependencyEdge],
        defects: [VerificationDefect], registrar: DependencyRegistrarProjection
    ) {
        self.registrations = registrations
        self.skipped = skipped
        self.edges = edges
        self.defects = defects
        self.registrar = registrar
    }

    /// Whether verification found no defect.
    ///
    /// ```swift
    /// #expect(DependencyGraph.verify().isHealthy)
    /// ```
    public var isHealthy: Bool { defects.isEmpty }

    /// A readable summary: counts, then one paragraph per defect.
    ///
    /// ```swift
    /// print(DependencyGraph.verify())
    /// // Verified 12 registration(s) (1 skipped: they need arguments), 9 edge(s): 1 defect(s)
    /// // 1. Missing dependency Type[Clock] …
    /// ```
    public var description: String {
        var text = "Verified \(registrations.count - skipped.count) registration(s)"
        if !skipped.isEmpty { text += " (\(skipped.count) skipped: they need arguments)" }
        text += ", \(edges.count) edge(s): "
        text += defects.isEmpty ? "healthy" : "\(defects.count) defect(s)"
        for (number, defect) in defects.enumerated() {
            text += "\n\(number + 1). \(defect)"
        }
        return text
    }
}

/// One registration, as verification reports name it.
///
/// ```swift
/// for registration in report.registrations {
///     print("\(registration.container): \(registration.key) (\(registration.scope))")
/// }
/// ```
public struct RegistrationSummary: Hashable, Sendable, CustomStringConvertible {
    /// The key it answers, as errors print it: `Type[NoteStore]` (for `any NoteStore`), `Name[db]`.
    public let key: String
    /// The type its factory produces.
    public let valueType: String
    /// Its scope: `instance`, `shared`, `singleton` or `managed`.
    public let scope: String
    /// The container holding it: `Container(storage)`.
    public let container: String
    /// Where it was registered: `NotesStorage/StorageFeature.swift:12`.
    public let origin: String
    /// The run modes it has a factory for: `[.live]` for most; `[.live, .test]` with a test factory.
    public let runModes: [RunMode]

    /// Creates a summary; verification builds them.
    ///
    /// ```swift
    /// let summary = RegistrationSummary(
    ///     key: "Type[Clock]", valueType: "Clock", scope: "singleton", container: "Container(app)",
    ///     origin: "App/App.swift:3")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key it answers.
    ///   - valueType: The produced type.
    ///   - scope: The scope's name.
    ///   - container: The container's description.
    ///   - origin: `file:line` of the registration.
    ///   - runModes: The run modes it has a factory for; `[.live]` by default.
    public init(
        key: String, valueType: String, scope: String, container: String, origin: String,
        runModes: [RunMode] = [.live]
    ) {
        self.key = key
        self.valueType = valueType
        self.scope = scope
        self.container = container
        self.origin = origin
        self.runModes = runModes
    }

    /// The scope, followed by the run modes when there is more than the live one: `singleton; live, test`.
    ///
    /// ```swift
    /// print(summary.scopeAndModes)   // singleton; live, test, preview
    /// ```
    public var scopeAndModes: String {
        runModes == [.live] ? scope : "\(scope); " + runModes.map(\.rawValue).joined(separator: ", ")
    }

    /// `Type[Clock] (singleton) in Container(app), registered at App/App.swift:3`; run modes other than the live
    /// one follow the scope: `(singleton; live, test)`.
    public var description: String {
        "\(key) (\(scopeAndModes)) in \(container), registered at \(origin)"
    }
}

/// A registration whose factory resolved another one.
///
/// ```swift
/// for edge in report.edges { print("\(edge.dependent.key) → \(edge.dependency.key)") }
/// ```
public struct DependencyEdge: Hashable, Sendable, CustomStringConvertible {
    /// The registration whose factory asked.
    public let dependent: RegistrationSummary
    /// The registration that answered.
    public let dependency: RegistrationSummary

    /// Creates an edge; verification builds them.
    ///
    /// ```swift
    /// let edge = DependencyEdge(dependent: repository, dependency: database)
    /// ```
    ///
    /// - Parameters:
    ///   - dependent: The registration whose factory asked.
    ///   - dependency: The registration that answered.
    public init(dependent: RegistrationSummary, dependency: RegistrationSummary) {
        self.dependent = dependent
        self.dependency = dependency
    }

    /// `Type[Repository] → Type[Database]`.
    public var description: String { "\(dependent.key) → \(dependency.key)" }
}

/// Something verification found wrong.
///
/// ```swift
/// for defect in report.defects {
///     if case .captiveDependency(let holder, let captive) = defect { print(holder.key, "holds", captive.key) }
/// }
/// ```
public enum VerificationDefect: Hashable, Sendable, CustomStringConvertible {
    /// Nothing answers `missing`; `path` lists the registrations being built when it was needed, outermost first.
    case missingDependency(missing: String, path: [RegistrationSummary])
    /// Registrations that need each other; the first and last locator are the same.
    case cycle(chain: [String])
    /// Several registrations answer `key` for a single-value request.
    case ambiguity(key: String, candidates: [RegistrationSummary])
    /// A long-lived instance (`.singleton` or `.managed`) holds a dependency registered as short-lived
    /// (`.instance`, `.shared` or `.scoped`), which then lives as long as its holder — for `.scoped`, one request's
    /// instance serves every later request.
    case captiveDependency(holder: RegistrationSummary, captive: RegistrationSummary)
    /// Resolving `registration` failed for another reason (its factory threw, a type mismatch, …).
    case resolutionFailed(registration: RegistrationSummary, message: String)
    /// A lazily injected property (`@Injected`, `@InjectedWeakly`, `@InjectedConf`) of the instance `holder` builds
    /// cannot be injected: its first read would stop the process. `property` is its declaration
    /// (`@Injected var store`), `location` its file and line.
    case unresolvableProperty(holder: RegistrationSummary, property: String, location: String, message: String)

    /// The defect in words, with what to do about it.
    ///
    /// ```swift
    /// report.defects.forEach { print($0) }
    /// ```
    public var description: String {
        switch self {
        case .missingDependency(let missing, let path):
            let chain = (path.map(\.key) + [missing]).joined(separator: " → ")
            let needer = path.last.map { " needed by \($0)" } ?? ""
            return "Missing dependency \(missing)\(needer). Path: \(chain). Recovery: register it, or make the "
                + "dependent resolve it as optional."
        case .cycle(let chain):
            return "Cycle: \(chain.joined(separator: " → ")). Recovery: break it with a lazily resolved property "
                + "or a factory parameter."
        case .ambiguity(let key, let candidates):
            return "Ambiguous \(key): \(candidates.count) registrations answer it:\n"
                + candidates.map { "   - \($0)" }.joined(separator: "\n")
                + "\n   Recovery: remove one, give one an alternative or name, or request [T] for all of them."
        case .captiveDependency(let holder, let captive):
            return "Captive dependency: \(holder) holds \(captive). The \(captive.scope) dependency now lives as long "
                + "as its \(holder.scope) holder. Recovery: make the dependency \(holder.scope), or resolve it when "
                + "needed instead of in the factory."
        case .resolutionFailed(let registration, let message):
            return "Resolving \(registration) failed: \(message)"
        case .unresolvableProperty(let holder, let property, let location, let message):
            return "\(property) at \(location), of the \(holder.valueType) built by \(holder), cannot be injected: "
                + "\(message) Recovery: register what it needs, or declare the property optional."
        }
    }
}
