import Loom
import LoomTesting
import XCTest

/// The XCTest equivalent of the `.dependencies` trait.
final class LoomTestCaseTests: LoomTestCase {
    override func registerTestDependencies(in container: Container) {
        container.register { () -> any Greeter in IndexedGreeter(index: 77) }
        Conf.setRootValue("xctest", for: \.greeting)
    }

    func testOverridesApplyToTheTest() throws {
        XCTAssertEqual(try DependencyGraph.inject(byType: (any Greeter).self).index, 77)
        XCTAssertEqual(Conf[\.greeting], "xctest")
    }

    func testAsyncTestsSeeTheOverridesToo() async throws {
        await Task.yield()
        XCTAssertEqual(try liveContainer.resolve((any Greeter).self).index, 77)
    }
}

/// A subclass that sees only its overrides.
final class OverridesOnlyTestCaseTests: LoomTestCase {
    override var testDependencyMode: TestDependencyMode { .overridesOnly }

    func testLiveRegistrationsAreHidden() {
        XCTAssertFalse(liveContainer.isResolvable(Session.self))
    }
}
