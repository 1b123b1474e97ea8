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

#if os(Linux)
    /// A strict subclass: a live registration a test reaches fails it through `XCTFail`, at the resolving line.
    ///
    /// On Linux, XCTest has no expected-failure API; the test case captures Loom's failures instead of recording them.
    final class StrictTestCaseTests: LoomTestCase {
        override var testDependencyMode: TestDependencyMode { .strict }

        private var captured: [(description: String, line: Int)] = []

        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard description.contains("Strict test dependencies") else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            captured.append((description, lineNumber))
        }

        func testALiveRegistrationFailsTheTestAtTheResolvingLine() throws {
            let line = #line + 1
            let session = try liveContainer.resolve(Session.self)
            XCTAssertEqual(session.index, -1)
            XCTAssertEqual(captured.first?.line, line)
            XCTAssertTrue(captured.first?.description.contains("Type[Session]") ?? false)
        }
    }
#endif
