internal import LoomRuntime

/// Resolves every parameterless registration of a source in a sandbox and turns what happened into a
/// ``VerificationReport``.
///
/// The sandbox is a ``ResolutionOverlay`` with empty caches and a ``ResolutionRecorder``: every instance built
/// while verifying lives in the sandbox and is released with it, root values set by factories stay in it, and the
/// live graph's caches are never touched. Factories do run, so their side effects outside Loom happen.
package enum DependencyVerifier {
    /// Resolves what can be resolved synchronously; `async` and actor-isolated registrations that cannot be built
    /// here are listed as skipped (``loadAndVerify(_:)`` builds them).
    package static func verify(_ live: any DependencySource) -> VerificationReport {
        let session = Session(live)
        for entry in session.entries where session.admits(entry, synchronously: true) {
            let failure: (any Error)? = session.sandbox.run {
                session.bindingRequestScope {
                    session.recorder.record(entry)
                    do {
                        // The factory of the current run mode: a test verifies the graph its doubles make.
                        let instance = try (entry.serving(.current) ?? entry).resolveErased(
                            arguments: [], enclosing: nil, in: session.sandbox.environment)
                        verifyProperties(of: instance, builtBy: entry, into: &session.findings)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            session.finish(entry, failure: failure)
        }
        return session.report()
    }

    /// Loads every parameterless registration — awaiting `async` factories, building actor-isolated ones on their
    /// actors — one after another.
    nonisolated(nonsending) package static func loadAndVerify(_ live: any DependencySource) async
        -> VerificationReport
    {
        let session = Session(live)
        for entry in session.entries where session.admits(entry, synchronously: false) {
            let failure: (any Error)? = await session.sandbox.run(isolation: #isolation) {
                await ResolutionContext.with({ $0.requestScope = session.requestScope }, isolation: #isolation) {
                    session.recorder.record(entry)
                    do {
                        try await (entry.serving(.current) ?? entry).settle(in: session.sandbox.environment)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            session.finish(entry, failure: failure)
        }
        return session.report()
    }

    /// One verification run: the sandbox, the registrations to try, and the findings so far.
    private final class Session {
        let recorder = ResolutionRecorder()
        let sandbox: ResolutionOverlay
        /// Where `.scoped` registrations are built while verifying: one request scope for the whole run.
        let requestScope = RequestScope(container: Container(name: "verification request scope"), parent: nil)
        let entries: [RegistrationEntry]
        let source: any DependencySource
        var findings = Findings()

        init(_ live: any DependencySource) {
            sandbox = ResolutionOverlay(
                named: "verification sandbox", visibility: .isolatedInstances, recorder: recorder)
            source = sandbox.source(over: live)
            var seen: Set<ObjectIdentifier> = []
            entries = source.visibleEntries.filter { seen.insert(ObjectIdentifier($0)).inserted }
                .sorted { $0.sequence < $1.sequence }
        }

        /// Runs `operation` with the run's request scope bound, so `.scoped` registrations resolve.
        func bindingRequestScope<R>(_ operation: () throws -> R) rethrows -> R {
            try ResolutionContext.with({ $0.requestScope = requestScope }, operation: operation)
        }

        /// Whether `entry` is tried: it needs no arguments and, synchronously, it can be built right here.
        func admits(_ entry: RegistrationEntry, synchronously: Bool) -> Bool {
            var admitted = entry.attributes.parameterList == nil && !entry.attributes.takesEnclosingObject
            if admitted, synchronously { admitted = entry.isBuildableHere }
            if !admitted { findings.skipped.append(entry.summary) }
            return admitted
        }

        func finish(_ entry: RegistrationEntry, failure: (any Error)?) {
            let recording = recorder.take()
            findings.add(recording.edges)
            if let failure { findings.add(failure, of: entry, recorded: recording.failures) }
        }

        func report() -> VerificationReport {
            findings.addAmbiguities(among: entries, in: source)
            Release.run(requestScope.end() + (sandbox.environment.isolatedCaches?.takeReleases() ?? []))
            return VerificationReport(
                registrations: entries.map(\.summary),
                skipped: findings.skipped,
                edges: findings.edges,
                defects: findings.defects,
                registrar: DependencyRegistrarProjection(entries: entries)
            )
        }
    }

    /// Does what the first read of each injected property of `instance` would, as a resolution frame of `entry`, so
    /// what they resolve is recorded as edges from `entry`; a failure is a defect at the property's file and line.
    private static func verifyProperties(
        of instance: Any, builtBy entry: RegistrationEntry, into findings: inout Findings
    ) {
        PropertyInspector.forEachProperty(of: instance, builtBy: entry) { property, site, enclosing in
            do {
                if let dependency = try property.verifyDependency(enclosing: enclosing) {
                    findings.add(DependencyEdge(dependent: entry.summary, dependency: dependency.summary))
                }
            } catch {
                let message = (error as? InjectionError).map { "\($0)" } ?? "\(error)"
                findings.report(
                    .unresolvableProperty(
                        holder: entry.summary, property: site.declaration, location: site.location, message: message))
            }
        }
    }

    /// The report under construction, without duplicates.
    private struct Findings {
        var skipped: [RegistrationSummary] = []
        var edges: [DependencyEdge] = []
        var defects: [VerificationDefect] = []
        private var seenEdges: Set<DependencyEdge> = []
        private var seenDefects: Set<VerificationDefect> = []
        private var seenCycles: Set<[String]> = []

        mutating func add(_ recorded: [ResolutionRecorder.Edge]) {
            for edge in recorded {
                guard let dependent = edge.dependent, dependent !== edge.dependency else { continue }
                let summary = DependencyEdge(dependent: dependent.summary, dependency: edge.dependency.summary)
                guard seenEdges.insert(summary).inserted else { continue }
                edges.append(summary)
                if dependent.scope.holdsInstanceLong, edge.dependency.scope.isShortLived,
                    mayHaveReferenceSemantics(edge.dependency.attributes.valueType)
                {
                    report(.captiveDependency(holder: summary.dependent, captive: summary.dependency))
                }
            }
        }

        mutating func add(_ error: any Error, of entry: RegistrationEntry, recorded: [ResolutionRecorder.Failure]) {
            switch error as? InjectionError {
            case .cyclicDependencyReference(let cycle):
                let chain = Self.shortestCycle(in: cycle.chain.map(\.description))
                if seenCycles.insert(Self.canonical(chain)).inserted { defects.append(.cycle(chain: chain)) }
            case .missingDependency(let context, _):
                // The innermost failure is recorded first; its path starts at the registration verified.
                let path =
                    recorded.first { failure in
                        if case .missingDependency(let recordedContext, _) = failure.error {
                            return recordedContext == context
                        }
                        return false
                    }?.path ?? [entry]
                report(.missingDependency(missing: context.description, path: path.map(\.summary)))
            case .multipleDependencies:
                // Reported once per key by the ambiguity scan.
                break
            case .notProvided:
                // It needs a value only a request brings (`Dependency.provided`): declared, so not a defect, and
                // buildable only inside a request.
                skipped.append(entry.summary)
            default:
                report(.resolutionFailed(registration: entry.summary, message: "\(error)"))
            }
        }

        /// Every key (own or alias) that more than one registration answers for a single-value request.
        mutating func addAmbiguities(among entries: [RegistrationEntry], in source: any DependencySource) {
            var checked: Set<RegistrationKey> = []
            for entry in entries {
                for key in [entry.key] + entry.aliasKeys where checked.insert(key).inserted {
                    guard let candidates = source.candidates(for: key), candidates.count > 1 else { continue }
                    report(.ambiguity(key: key.description, candidates: candidates.map(\.summary)))
                }
            }
        }

        mutating func add(_ edge: DependencyEdge) {
            if seenEdges.insert(edge).inserted { edges.append(edge) }
        }

        mutating func report(_ defect: VerificationDefect) {
            if seenDefects.insert(defect).inserted { defects.append(defect) }
        }

        /// A chain cut by the depth limit repeats its cycle many times; keep the first full turn.
        static func shortestCycle(in chain: [String]) -> [String] {
            for (start, locator) in chain.enumerated() {
                if let end = chain[(start + 1)...].firstIndex(of: locator) { return Array(chain[start...end]) }
            }
            return chain
        }

        /// The same cycle entered at another registration is the same defect.
        static func canonical(_ chain: [String]) -> [String] {
            let ring = chain.count > 1 && chain.first == chain.last ? Array(chain.dropLast()) : chain
            guard let smallest = ring.indices.min(by: { ring[$0] < ring[$1] }) else { return ring }
            return Array(ring[smallest...] + ring[..<smallest])
        }
    }
}

extension RegistrationEntry {
    /// How verification reports name this registration.
    package var summary: RegistrationSummary {
        RegistrationSummary(
            key: key.description,
            valueType: typeName(attributes.valueType),
            scope: attributes.scope.description,
            container: ownerDescription,
            origin: attributes.origin.description,
            runModes: runModes
        )
    }
}

extension DependencyScope {
    /// Whether instances live until their container or scope lets them go.
    fileprivate var holdsInstanceLong: Bool {
        switch self {
        case .singleton, .managed: true
        case .instance, .shared, .scoped: false
        }
    }

    /// Whether each holder is meant to get its own (or a released) instance.
    fileprivate var isShortLived: Bool { !holdsInstanceLong }
}

/// Whether values of `type` can be shared references.
///
/// Classes and existentials (whose conforming type is unknown) can; a captured struct is a copy, so holding one is
/// not a captive dependency.
private func mayHaveReferenceSemantics(_ type: Any.Type) -> Bool {
    if type is AnyClass { return true }
    if let optional = type as? any OptionalType.Type { return mayHaveReferenceSemantics(optional.wrappedType) }
    return TypeShape.isExistential(type)
}
