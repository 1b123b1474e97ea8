extension Container {
    /// Removes every registration and drops every cached instance; later resolves fail until you register again.
    ///
    /// Resolutions already running finish with what they found. Parents are not affected.
    ///
    /// ```swift
    /// container.cleanup()
    /// container.isResolvable(MyService.self)   // false
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public func cleanup(fileID: StaticString = #fileID, line: UInt = #line) {
        let removed = registry.removeAll()
        logTarget.log(
            .debug, "Cleaned up \(description): removed \(removed.count) registration(s)", file: fileID, line: line)
    }

    /// Stops accepting registrations.
    ///
    /// Later `register` calls change nothing and report ``InjectionError/containerLocked(container:)`` at `.error`.
    /// Resolving keeps working.
    ///
    /// ```swift
    /// container.lock()
    /// container.register { Extra() }   // ignored, logged as an error
    /// container.unlock()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public func lock(fileID: StaticString = #fileID, line: UInt = #line) {
        registry.isLocked = true
        logTarget.log(.debug, "Locked \(description)", file: fileID, line: line)
    }

    /// Accepts registrations again after ``lock(fileID:line:)``.
    ///
    /// ```swift
    /// container.unlock()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The calling file, for logs; defaults to the call site.
    ///   - line: The calling line, for logs; defaults to the call site.
    public func unlock(fileID: StaticString = #fileID, line: UInt = #line) {
        registry.isLocked = false
        logTarget.log(.debug, "Unlocked \(description)", file: fileID, line: line)
    }

    /// Whether the container currently refuses registrations.
    ///
    /// ```swift
    /// if !container.isLocked { container.register { Extra() } }
    /// ```
    public var isLocked: Bool { registry.isLocked }

    /// The number of registrations in this container (not counting its parents).
    ///
    /// ```swift
    /// print("\(container.registrationCount) registrations")
    /// ```
    public var registrationCount: Int { registry.count }
}
