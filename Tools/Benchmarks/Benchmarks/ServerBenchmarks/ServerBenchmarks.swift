// LoomHummingbird's figure: one request through `RequestScopeMiddleware` against the same router without it, in
// process (the router's responder called directly, its body written to a writer that drops it: no sockets, no TLS).
// The handler is empty; with the middleware it runs in a request scope that ends when the body has been written.
// The overhead is `request-through-scope-middleware` minus `request-without-middleware`, from one run.
//
// Each benchmark's name is the key `Scripts/benchmark-report` reads it by.
import Benchmark
import Hummingbird
import Logging
import Loom
import LoomHummingbird

let benchmarks: @Sendable () -> Void = {
    Benchmark("request-without-middleware", configuration: .request) { benchmark in
        let responder = ServerFixtures.plain
        for _ in benchmark.scaledIterations { blackHole(try await ServerFixtures.respond(with: responder)) }
    }
    Benchmark("request-through-scope-middleware", configuration: .request) { benchmark in
        let responder = ServerFixtures.scoped
        for _ in benchmark.scaledIterations { blackHole(try await ServerFixtures.respond(with: responder)) }
    }
}

extension Benchmark.Configuration {
    /// A microsecond-scale request, run 1 000 times per sample.
    static var request: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 100, scalingFactor: .kilo,
            maxDuration: .seconds(2), maxIterations: 10_000)
    }
}
