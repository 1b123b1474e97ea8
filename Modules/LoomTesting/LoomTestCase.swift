#if canImport(XCTest)
    public import LoomCore
    public import XCTest

    /// An `XCTestCase` whose every test runs inside ``withTestDependencies(_:_:operation:)``: the XCTest
    /// equivalent of the `.dependencies { … }` trait.
    ///
    /// Override ``registerTestDependencies(in:)`` to register overrides and set root values for each test; the
    /// scope, and everything cached in it, ends with the test.
    ///
    /// ```swift
    /// final class CheckoutTests: LoomTestCase {
    ///     override func registerTestDependencies(in container: Container) {
    ///         container.register { () -> any CartStore in InMemoryCartStore(items: 2) }
    ///     }
    ///
    ///     func testCountsItems() throws {
    ///         let checkout = try DependencyGraph.inject(byType: Checkout.self)
    ///         XCTAssertEqual(checkout.itemCount, 2)
    ///     }
    /// }
    /// ```
    open class LoomTestCase: XCTestCase {
        /// How much of the live app each test sees; ``TestDependencyMode/isolated`` unless overridden.
        ///
        /// ```swift
        /// override var testDependencyMode: TestDependencyMode { .strict }
        /// ```
        open var testDependencyMode: TestDependencyMode { .isolated }

        /// Registers the overrides for each test of the class; does nothing unless overridden.
        ///
        /// ```swift
        /// override func registerTestDependencies(in container: Container) {
        ///     container.register { () -> any Clock in FixedClock() }
        /// }
        /// ```
        ///
        /// - Parameter container: The scope's override container.
        open func registerTestDependencies(in container: Container) {}

        /// Runs the test inside its own test-dependency scope.
        ///
        /// ```swift
        /// // XCTest calls it for each test method.
        /// ```
        override open func invokeTest() {
            TestIssueRecorder.$runningTestCase.withValue(true) {
                withTestDependencies(
                    testDependencyMode,
                    { registerTestDependencies(in: $0) },
                    operation: { super.invokeTest() }
                )
            }
        }
    }
#endif
