// loom-benchmarks: Loom against Swinject and swift-dependencies, one table, PASS/FAIL against DESIGN.md §10.
//
//     swift run -c release --package-path Tools/Benchmarks loom-benchmarks [--quick] [--strict]
//
// --quick   fewer, shorter rounds and 10 000 instead of 100 000 activations (a smoke run; figures are noisier)
// --strict  exit with status 1 when any row fails
// --stage NAME   run only that stage (repeatable): singletons, resolution, reads, registration, threads, activation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let argumentList = Array(CommandLine.arguments.dropFirst())
let arguments = Set(argumentList)
let isQuick = arguments.contains("--quick")
var suite = BenchmarkSuite(runner: isQuick ? .quick : .standard, activationSize: isQuick ? 10_000 : 100_000)
for (index, argument) in argumentList.enumerated() where argument == "--stage" && index + 1 < argumentList.count {
    let stage = argumentList[index + 1]
    guard BenchmarkSuite.stages.contains(where: { $0.name == stage }) else {
        print("unknown stage \(stage); stages: \(BenchmarkSuite.stages.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    suite.onlyStages.insert(stage)
}

print(MachineDescription.current)
#if DEBUG
    print("warning: a debug build; run with `-c release` for meaningful figures")
#endif
let rows = suite.run { stage in
    print("… \(stage)")
}
print("")
print(ResultTable.render(rows))
let failures = rows.filter { $0.verdict == .fail }.count
print("")
print(failures == 0 ? "All targets met." : "\(failures) target(s) missed.")
if failures > 0 && arguments.contains("--strict") {
    exit(1)
}
