import ArgumentParser
import Loom
import LoomDemoApp
import LoomDemoCore

/// `loom-demo graph`: prints every container of the app, its registrations, and the dependency edges `verify()` saw.
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Show the app's containers, their registrations and the edges between them.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, mermaid
    }

    @OptionGroup var options: StoreOptions

    @Option(help: "text, or mermaid for a flowchart you can paste into Markdown.")
    var format: Format = .text

    func run() async throws {
        try await options.startApp()
        let report = NotesApp.verify()
        let console = Conf[\.notesConsole]
        let lines =
            switch format {
            case .text: GraphRendering.text(NotesApp.containers, report)
            case .mermaid: GraphRendering.mermaid(NotesApp.containers, report)
            }
        for line in lines { console.write(line) }
    }
}

/// Turns the app's containers and a verification report into lines of text or Mermaid.
enum GraphRendering {
    static func text(_ containers: [Container], _ report: VerificationReport) -> [String] {
        var lines: [String] = []
        for container in containers {
            let parent = container.parent.map { " (parent: \($0.description))" } ?? ""
            lines.append("\(container.description)\(parent)")
            let registrations = report.registrations.filter { $0.container == container.description }
            if registrations.isEmpty { lines.append("  (no registrations)") }
            for registration in registrations {
                lines.append("  \(registration.key) → \(registration.valueType) [\(registration.scopeAndModes)]")
            }
        }
        lines.append("Edges seen by verify():")
        if report.edges.isEmpty { lines.append("  (none)") }
        for edge in report.edges {
            lines.append(
                "  \(edge.dependent.key) (\(edge.dependent.container)) → \(edge.dependency.key) (\(edge.dependency.container))"
            )
        }
        return lines
    }

    static func mermaid(_ containers: [Container], _ report: VerificationReport) -> [String] {
        var lines = ["flowchart TD"]
        var identifiers: [RegistrationSummary: String] = [:]
        for (index, registration) in report.registrations.enumerated() { identifiers[registration] = "r\(index)" }
        for (index, container) in containers.enumerated() {
            lines.append("  subgraph c\(index)[\"\(escaped(container.description))\"]")
            for registration in report.registrations where registration.container == container.description {
                let label = "\(registration.key)<br/>\(registration.scopeAndModes)"
                lines.append("    \(identifiers[registration]!)[\"\(escaped(label))\"]")
            }
            lines.append("  end")
        }
        // Configuration keys read by `@InjectedConf` properties: edges end there, outside every container.
        let keys = report.edges.map(\.dependency).filter { identifiers[$0] == nil && $0.container == "Conf" }
        if !keys.isEmpty {
            lines.append("  subgraph conf[\"Conf\"]")
            for key in keys where identifiers[key] == nil {
                identifiers[key] = "k\(identifiers.count)"
                lines.append("    \(identifiers[key]!)[\"\(escaped(key.key))\"]")
            }
            lines.append("  end")
        }
        for (index, container) in containers.enumerated() {
            guard let parent = container.parent, let parentIndex = containers.firstIndex(where: { $0 === parent })
            else { continue }
            lines.append("  c\(index) -. parent .-> c\(parentIndex)")
        }
        for edge in report.edges {
            guard let from = identifiers[edge.dependent], let to = identifiers[edge.dependency] else { continue }
            lines.append("  \(from) --> \(to)")
        }
        return lines
    }

    /// Mermaid labels are quoted; a quote inside one becomes its HTML entity.
    private static func escaped(_ text: String) -> String {
        text.replacing("\"", with: "#quot;")
    }
}
