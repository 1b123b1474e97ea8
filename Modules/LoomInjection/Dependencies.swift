public import LoomCore
internal import LoomRuntime

/// Keeps a container active in the `DependencyGraph` for as long as the property lives (Stitcher's managed
/// containers).
///
/// Activates the container when the property is created, swaps activation when you assign another container, and
/// deactivates it when the property — its last copy — is released.
///
/// ```swift
/// @main
/// struct NotesApp {
///     @Dependencies var container = DependencyContainer {
///         AuthenticationService()
///         Dependency { (location: ImageUploadLocation) in ImageUploadService(targeting: location) }
///     }
/// }
/// ```
@propertyWrapper
public struct Dependencies: Sendable {
    private let holder: Holder

    /// Activates `wrappedValue` and keeps it active while this property lives.
    ///
    /// ```swift
    /// @Dependencies var container = Container { Service() }
    /// ```
    /// - Parameters:
    ///   - wrappedValue: The container to activate.
    ///   - fileID: The property's file, for logs; defaults to the declaration.
    ///   - line: The property's line, for logs; defaults to the declaration.
    public init(wrappedValue: Container, fileID: StaticString = #fileID, line: UInt = #line) {
        holder = Holder(wrappedValue, fileID: fileID, line: line)
    }

    /// The managed container; assigning another one deactivates the old and activates the new.
    ///
    /// ```swift
    /// container = loggedInContainer
    /// ```
    public var wrappedValue: Container {
        get { holder.container }
        nonmutating set { holder.replace(with: newValue) }
    }

    /// This wrapper, for ``setContainer(_:)``.
    ///
    /// ```swift
    /// await $container.setContainer(loggedInContainer)
    /// ```
    public var projectedValue: Dependencies { self }

    /// Swaps the managed container and returns once the new one is indexed and its eager instances exist.
    ///
    /// ```swift
    /// await $container.setContainer(loggedInContainer)
    /// ```
    /// - Parameter container: The container to activate instead.
    public func setContainer(_ container: Container) async {
        holder.replace(with: container)
    }

    /// Owns the activation: deactivates the current container when the last copy of the wrapper goes away.
    private final class Holder: Sendable {
        private let current: LoomLock<Container>
        private let fileID: StaticString
        private let line: UInt

        init(_ container: Container, fileID: StaticString, line: UInt) {
            current = LoomLock(container)
            self.fileID = fileID
            self.line = line
            DependencyGraph.activate(container, fileID: fileID, line: line)
        }

        var container: Container { current.withLock { $0 } }

        func replace(with container: Container) {
            let previous = current.withLock { current in
                defer { current = container }
                return current
            }
            guard previous !== container else { return }
            DependencyGraph.deactivate(previous, fileID: fileID, line: line)
            DependencyGraph.activate(container, fileID: fileID, line: line)
        }

        deinit {
            DependencyGraph.deactivate(current.withLock { $0 }, fileID: fileID, line: line)
        }
    }
}
