/// A measured amount, printed with its unit.
enum Quantity: CustomStringConvertible {
    case nanoseconds(Double)
    case milliseconds(Double)
    case bytes(Double)
    /// A dimensionless factor, such as a throughput ratio.
    case factor(Double)

    var description: String {
        switch self {
        case .nanoseconds(let value): value < 100 ? "\(value.rounded(to: 1)) ns" : "\(Int(value.rounded())) ns"
        case .milliseconds(let value): "\(value.rounded(to: 1)) ms"
        case .bytes(let value): "\(Int(value.rounded())) B"
        case .factor(let value): "\(value.rounded(to: 2))×"
        }
    }
}

/// Whether a row met its DESIGN.md §10 target.
enum Verdict: String {
    case pass = "PASS"
    case fail = "FAIL"
    /// A row with no target of its own, printed for context.
    case info = "—"
}

/// One line of the benchmark table: a Loom figure, what it is compared with, and the verdict.
struct ResultRow {
    var figure: String
    var loom: Quantity
    var comparedWith: String = ""
    var comparedValue: Quantity?
    var ratio: String = ""
    var target: String = ""
    var verdict: Verdict = .info
}

/// Prints rows as a Markdown table, readable in a terminal and pasteable into `Documentation/Performance.md`.
enum ResultTable {
    static let header = ["figure", "Loom", "compared with", "their figure", "ratio", "target", "result"]

    static func render(_ rows: [ResultRow]) -> String {
        let cells = rows.map { row in
            [
                row.figure, row.loom.description, row.comparedWith, row.comparedValue?.description ?? "",
                row.ratio, row.target, row.verdict.rawValue,
            ]
        }
        let widths = header.indices.map { column in
            ([header[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ values: [String]) -> String {
            "| " + zip(values, widths).map { $0.padding(toLength: $1) }.joined(separator: " | ") + " |"
        }
        let separator = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), separator] + cells.map(line)).joined(separator: "\n")
    }
}

extension Double {
    /// The value rounded to `places` decimal places, as text without a trailing `.0` on integers above 100.
    func rounded(to places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (self * scale).rounded() / scale
        let whole = Int(scaled)
        guard places > 0 else { return String(whole) }
        let fraction = Int((abs(scaled - Double(whole)) * scale).rounded())
        let digits = String(fraction)
        return "\(scaled < 0 && whole == 0 ? "-" : "")\(whole)."
            + String(repeating: "0", count: max(0, places - digits.count)) + digits
    }
}

extension String {
    /// The string padded with spaces to `length` characters.
    func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
