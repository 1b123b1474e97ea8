#if canImport(Testing)
    public import LoomCore
    public import LoomKeys
    public import Testing

    /// A Swift Testing trait that runs each test inside ``withTestDependencies(_:_:operation:)``.
    ///
    /// Create it with `.dependencies { container in … }`. On a suite it applies to every test in it, each with its
    /// own scope, so cached instances never pass from one test to the next.
    ///
    /// ```swift
    /// @Test(.dependencies { $0.register { () -> any Clock in FixedClock() } })
    /// func stampsNotes() throws { … }
    /// ```
    public struct TestDependenciesTrait: TestTrait, SuiteTrait, TestScoping {
        let mode: TestDependencyMode
        let configure: @Sendable (Container) throws -> Void

        /// `true`: on a suite, every test gets its own scope.
        public var isRecursive: Bool { true }

        /// Runs `function` inside a new test-dependency scope.
        ///
        /// Swift Testing calls this; you do not.
        ///
        /// ```swift
        /// @Test(.dependencies { $0.register { 42 } }) func answer() throws { … }
        /// ```
        ///
        /// - Parameters:
        ///   - test: The test or suite.
        ///   - testCase: The test case, for a parametrized test.
        ///   - function: The test.
        /// - Throws: What the configuration or the test throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await withTestDependencies(mode, configure) { try await function() }
        }
    }

    /// A Swift Testing trait that runs each test in a run mode (``LoomCore/RunMode``), as
    /// `withRunMode(_:operation:)` does.
    ///
    /// Create it with `.runMode(.preview)`. The mode is the test's own: tests running in parallel in other modes
    /// never see it.
    ///
    /// ```swift
    /// @Test(.runMode(.preview)) func showsTheSampleForecast() throws { … }
    /// ```
    public struct RunModeTrait: TestTrait, SuiteTrait, TestScoping {
        let mode: RunMode

        /// `true`: on a suite, every test runs in the mode.
        public var isRecursive: Bool { true }

        /// Runs `function` in the trait's run mode.
        ///
        /// Swift Testing calls this; you do not.
        ///
        /// ```swift
        /// @Test(.runMode(.live)) func talksToTheRealClock() throws { … }
        /// ```
        ///
        /// - Parameters:
        ///   - test: The test or suite.
        ///   - testCase: The test case, for a parametrized test.
        ///   - function: The test.
        /// - Throws: What the test throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            TestIssueRecorder.install()
            try await withRunMode(mode) { try await function() }
        }
    }

    /// A Swift Testing trait that overrides one configuration key for each test.
    ///
    /// Create it with `.conf(\.key, value)`.
    ///
    /// ```swift
    /// @Test(.conf(\.retryCount, 1)) func retriesOnce() { … }
    /// ```
    public struct ConfValueTrait: TestTrait, SuiteTrait, TestScoping {
        let override: @Sendable (@Sendable () async throws -> Void) async throws -> Void

        /// `true`: on a suite, the key is overridden in every test.
        public var isRecursive: Bool { true }

        /// Runs `function` with the key overridden.
        ///
        /// Swift Testing calls this; you do not.
        ///
        /// ```swift
        /// @Test(.conf(\.retryCount, 1)) func retriesOnce() { … }
        /// ```
        ///
        /// - Parameters:
        ///   - test: The test or suite.
        ///   - testCase: The test case, for a parametrized test.
        ///   - function: The test.
        /// - Throws: What the test throws.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            TestIssueRecorder.install()
            try await override(function)
        }
    }

    extension Trait where Self == TestDependenciesTrait {
        /// Runs the test (or each test of the suite) with overrides registered by `configure`.
        ///
        /// The trait form of ``withTestDependencies(_:_:operation:)``; traits compose, and a test's trait nests
        /// inside its suite's.
        ///
        /// ```swift
        /// @Suite(.dependencies { container in
        ///     container.register { () -> any Clock in FixedClock(.distantPast) }
        /// })
        /// struct ReportTests {
        ///     @Test(.dependencies { $0.register { () -> any Mailer in RecordingMailer() } })
        ///     func sendsTheReport() throws { … }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - mode: How much of the live app the scope lets in; ``TestDependencyMode/isolated`` by default.
        ///   - configure: Registers the overrides (and sets root values) for the scope.
        /// - Returns: The trait.
        public static func dependencies(
            _ mode: TestDependencyMode = .isolated,
            _ configure: @escaping @Sendable (Container) throws -> Void
        ) -> Self {
            TestDependenciesTrait(mode: mode, configure: configure)
        }
    }

    extension Trait where Self == RunModeTrait {
        /// Runs the test (or each test of the suite) in `mode`: registrations with a factory for it resolve to that
        /// factory.
        ///
        /// ```swift
        /// @Suite(.runMode(.preview)) struct PreviewTests {
        ///     @Test func forecastIsSunny() throws { … }
        /// }
        /// ```
        ///
        /// - Parameter mode: The run mode the test runs in.
        /// - Returns: The trait.
        public static func runMode(_ mode: RunMode) -> Self {
            RunModeTrait(mode: mode)
        }
    }

    extension Trait where Self == ConfValueTrait {
        /// Runs the test (or each test of the suite) with a configuration key overridden, as
        /// `Conf.withValue(_:for:operation:)` does.
        ///
        /// ```swift
        /// @Test(.conf(\.retryCount, 1), .conf(\.baseURL, "https://staging.example.com"))
        /// func retriesOnceAgainstStaging() { … }
        /// ```
        ///
        /// - Parameters:
        ///   - keyPath: The key's path in `ConfKeys`.
        ///   - value: The value the key has during the test.
        /// - Returns: The trait.
        public static func conf<K: ConfKey>(_ keyPath: KeyPath<ConfKeys, K.Type>, _ value: K.Value) -> Self {
            conf(K.self, value)
        }

        /// Runs the test (or each test of the suite) with a configuration key, named by its type, overridden.
        ///
        /// ```swift
        /// @Test(.conf(RetryCountKey.self, 1)) func retriesOnce() { … }
        /// ```
        ///
        /// - Parameters:
        ///   - key: The key type.
        ///   - value: The value the key has during the test.
        /// - Returns: The trait.
        public static func conf<K: ConfKey>(_ key: K.Type, _ value: K.Value) -> Self {
            ConfValueTrait { function in
                try await Conf.withValue(value, for: K.self) { try await function() }
            }
        }
    }
#endif
