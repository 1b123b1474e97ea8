/// What one successful ``ConfSources`` update (``ConfSources/apply()``, ``ConfSources/reload()``) changed.
///
/// ```swift
/// let result = try sources.apply()
/// print(result.changedKeys)   // ["http.timeout"]
/// ```
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct ConfLoadResult: Sendable, Equatable {
    /// The configuration keys whose values changed, in binding order; empty when nothing changed.
    ///
    /// ```swift
    /// if try sources.apply().changedKeys.isEmpty { print("up to date") }
    /// ```
    public let changedKeys: [String]

    /// How many cached instances were dropped because their factories read a changed key; each is built again on
    /// its next resolve.
    ///
    /// ```swift
    /// print(try sources.apply().rebuiltInstances)   // 1
    /// ```
    public let rebuiltInstances: Int

    /// The containers that held those instances, as they print (`Container(app)`).
    ///
    /// ```swift
    /// print(try sources.apply().containers)   // ["Container(app)"]
    /// ```
    public let containers: [String]

    /// Creates a result.
    ///
    /// ```swift
    /// let unchanged = ConfLoadResult(changedKeys: [], rebuiltInstances: 0, containers: [])
    /// ```
    ///
    /// - Parameters:
    ///   - changedKeys: The configuration keys whose values changed.
    ///   - rebuiltInstances: How many cached instances were dropped.
    ///   - containers: The containers that held them.
    public init(changedKeys: [String], rebuiltInstances: Int, containers: [String]) {
        self.changedKeys = changedKeys
        self.rebuiltInstances = rebuiltInstances
        self.containers = containers
    }
}
