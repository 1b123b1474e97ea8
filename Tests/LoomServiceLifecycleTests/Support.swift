import Loom
import LoomTestSupport
import ServiceLifecycle

/// A service that notes when its `run()` starts and when it returns: at a graceful shutdown (or a cancellation).
final class Step: Service, CustomStringConvertible {
    let name: String
    let events: Collected<String>
    /// What its factory resolved, so that the dependency is recorded.
    let needs: [any Sendable]

    init(_ name: String, events: Collected<String>, needs: [any Sendable] = []) {
        self.name = name
        self.events = events
        self.needs = needs
    }

    func run() async throws {
        events.append("start \(name)")
        try? await gracefulShutdown()
        events.append("stop \(name)")
    }

    var description: String { name }
}

/// A dependency that is not a service.
final class Plain: Sendable {
    let needs: [any Sendable]
    init(needs: [any Sendable] = []) { self.needs = needs }
}

extension Container {
    /// Registers a ``Step`` named `name` (its alternative) whose factory resolves the steps named in `needs` and the
    /// plain dependencies named in `plain`, and whose release hook notes `release <name>`.
    func registerStep(
        _ name: String, events: Collected<String>, needs: [String] = [], plain: [String] = [],
        scope: DependencyScope = .singleton
    ) {
        register(Step.self, alternative: RegistrationAlternative(name), scope: scope) { [unowned self] in
            let steps = try needs.map { try self.resolve(Step.self, alternative: RegistrationAlternative($0)) }
            let plains = try plain.map { try self.resolve(Plain.self, alternative: RegistrationAlternative($0)) }
            return Step(name, events: events, needs: steps + plains)
        } onRelease: { step in
            events.append("release \(step.name)")
        }
    }

    /// Registers a ``Plain`` named `name` whose factory resolves the steps named in `needs`.
    func registerPlain(_ name: String, needs: [String] = []) {
        register(Plain.self, alternative: RegistrationAlternative(name), scope: .singleton) { [unowned self] in
            Plain(needs: try needs.map { try self.resolve(Step.self, alternative: RegistrationAlternative($0)) })
        }
    }
}

extension Collected<String> {
    /// The events whose text starts with `prefix`, in order.
    func with(prefix: String) -> [String] { all.filter { $0.hasPrefix(prefix) } }
}
