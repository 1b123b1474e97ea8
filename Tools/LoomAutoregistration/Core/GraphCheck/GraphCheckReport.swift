/// The graph check's account of one run: a one-line summary the tool prints, and a report file listing every need
/// with how it fared (why an unknown one is unknown, which registration meets a met one).
///
/// ```swift
/// let report = GraphCheckReport(result: result, graph: graph, module: "App", fileCount: 12)
/// print(report.summary)   // Loom graph check of App (assembling): 4 needs checked, 1 unknown; 0 errors, 0 warnings
/// try report.text.write(toFile: path, atomically: true, encoding: .utf8)
/// ```
struct GraphCheckReport {
    let result: GraphCheck.Result
    let graph: StaticGraph
    let module: String
    let fileCount: Int

    /// One line: the target, its role, what was checked and found.
    var summary: String {
        let errors = result.diagnostics.filter { $0.severity == .error }.count
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        return "Loom graph check of \(module) (\(result.role.rawValue)): \(result.tally.checked) "
            + "need\(result.tally.checked == 1 ? "" : "s") checked, \(result.tally.unknown) unknown; "
            + "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    }

    /// The whole account, as the report file holds it.
    var text: String {
        let tally = result.tally
        var lines = [
            summary,
            "Scanned: \(graph.modules.joined(separator: ", ")) (\(fileCount) files); "
                + "\(graph.registerables.count) @Registerable types, \(graph.providers.count) registrations, "
                + "\(graph.providers.filter(\.isOpaque).count) of them without a written type.",
            "Needs: \(tally.needs): met \(tally.met), optional or collection without a provider "
                + "\(tally.withoutProvider), unmet \(tally.unmet), unknown \(tally.unknown).",
            "",
        ]
        for outcome in result.outcomes {
            let need = outcome.need
            let what = need.key.map(\.description) ?? "?"
            lines.append(
                "\(need.location.shortDescription): \(need.site) needs \(what): \(describe(outcome.resolution))")
        }
        if !result.diagnostics.isEmpty {
            lines.append("")
            lines += result.diagnostics.map(\.rendered)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func describe(_ resolution: StaticGraph.Resolution) -> String {
        switch resolution {
        case .met(let providers, let isExact):
            let names = providers.map { index in
                let provider = graph.providers[index]
                return "\(provider.keyDescription) in \(provider.location.shortDescription)"
            }
            return (isExact ? "met by " : "met, up to a qualifier, by ") + names.joined(separator: "; ")
        case .optionalWithoutProvider: return "optional, nothing provides it (it receives nil)"
        case .collection: return "a collection (it receives every registration of its element)"
        case .unmet: return "unmet"
        case .unknown(let reason): return "unknown: \(reason)"
        }
    }
}
