import Loom
import LoomMacros
import LoomTesting
import Testing

// The overlay answers the paths not covered elsewhere: macro-generated parameter injection and `@InjectedWeakly`.

final class Stamp: Sendable {
    let label: String
    init(label: String) { self.label = label }
}

final class StampPrinter {
    let stamp: Stamp

    @InjectedParameters
    init(stamp: Stamp) {
        self.stamp = stamp
    }
}

final class WeakStampHolder: @unchecked Sendable {
    // The wrapper synchronises itself; its storage is written once, in init.
    @InjectedWeakly var stamp: Stamp?
}

@Suite struct OverlayPathsTests {
    @Test func macroGeneratedInjectionResolvesTheOverride() {
        let label = withTestDependencies { container in
            container.register { Stamp(label: "from the test") }
        } operation: {
            // The generated `init()` resolves `stamp` from the graph, which the overlay answers first.
            StampPrinter().stamp.label
        }
        #expect(label == "from the test")
    }

    @Test func injectedWeaklyResolvesTheOverride() {
        let stamp = Stamp(label: "weak")
        withTestDependencies { container in
            container.register(scope: .shared) { stamp }
        } operation: {
            let holder = WeakStampHolder()
            #expect(holder.stamp === stamp)
        }
    }
}
