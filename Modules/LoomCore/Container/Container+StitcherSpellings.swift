// Stitcher's spellings of a container's identity, emptiness and merging, kept so its code compiles.

extension Container: Equatable {
    /// Whether two references are the same container (containers are compared by identity, as in Stitcher).
    ///
    /// Use it where code compares or looks up containers, such as `activeContainers.contains(container)`.
    ///
    /// ```swift
    /// DependencyGraph.activeContainers.contains(container)
    /// ```
    /// - Parameters:
    ///   - lhs: A container.
    ///   - rhs: Another container.
    /// - Returns: `lhs === rhs`.
    public static func == (lhs: Container, rhs: Container) -> Bool {
        lhs === rhs
    }
}

extension Container {
    /// A new container with no registrations (Stitcher's `DependencyContainer.empty`).
    ///
    /// Each access creates a new container, so registering in one never affects another. Use it as a placeholder,
    /// for example the initial value of an `@Dependencies` property that a later login replaces.
    ///
    /// ```swift
    /// @Dependencies var container = Container.empty
    /// ```
    public static var empty: Container {
        Container()
    }

    /// Creates a container exposing the union of the given containers' registrations (Stitcher's variadic form).
    ///
    /// The same as ``init(merging:name:fileID:line:)`` with an array.
    ///
    /// ```swift
    /// let app = Container(merging: storage, search)
    /// ```
    /// - Parameters:
    ///   - first: The first container, of lowest precedence.
    ///   - rest: The other containers, in increasing precedence.
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public convenience init(
        merging first: Container, _ rest: Container..., fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(merging: [first] + rest, fileID: fileID, line: line)
    }
}
