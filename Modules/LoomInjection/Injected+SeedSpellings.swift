public import LoomCore

// The seeds' spellings of a function parameter's injection source, kept so their code compiles; each is deprecated in
// favour of Loom's form, which the compiler's warning names.

extension Injected {
    /// Macaroni's `$parameter: .object(self)`: resolves now, through the lookup policy for `object`.
    ///
    /// ```swift
    /// render($theme: .object(self))   // write `.resolved(for: self)`
    /// ```
    /// - Parameters:
    ///   - object: The object whose lookup policy applies.
    ///   - fileID: The call's file, for failure reports; defaults to the call site.
    ///   - function: The calling function, for failure reports; defaults to the call site.
    ///   - line: The call's line, for failure reports; defaults to the call site.
    /// - Returns: A source holding the resolved value.
    @available(*, deprecated, message: "use .resolved(for:)")
    public static func object(
        _ object: AnyObject, fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line
    ) -> Injected<Value> {
        resolved(for: object, fileID: fileID, function: function, line: line)
    }

    /// Macaroni's `$parameter: .container(c)`: resolves now, from `container`.
    ///
    /// ```swift
    /// render($theme: .container(container))   // write `container.resolved()`
    /// ```
    /// - Parameters:
    ///   - container: The container to resolve from.
    ///   - fileID: The call's file, for failure reports; defaults to the call site.
    ///   - function: The calling function, for failure reports; defaults to the call site.
    ///   - line: The call's line, for failure reports; defaults to the call site.
    /// - Returns: A source holding the resolved value.
    @available(*, deprecated, message: "use container.resolved()")
    public static func container(
        _ container: Container, fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line
    ) -> Injected<Value> {
        container.resolved(Value.self, fileID: fileID, function: function, line: line)
    }

    /// Macaroni's `$parameter: .alreadyResolved(value)`: the value itself, no container.
    ///
    /// ```swift
    /// render($theme: .alreadyResolved(theme))   // write `render(theme: theme)`
    /// ```
    /// - Parameter value: The value to pass.
    /// - Returns: A source holding `value`.
    @available(*, deprecated, message: "pass the value as the parameter itself, or use Injected(wrappedValue:)")
    public static func alreadyResolved(_ value: Value) -> Injected<Value> {
        Injected(wrappedValue: value)
    }

    /// Injects the registration named by a value's `description` (Stitcher's `CustomStringConvertible` names),
    /// passing factory arguments.
    ///
    /// Disfavoured so that `String` and string-backed names pick their dedicated initialisers.
    ///
    /// ```swift
    /// @Injected(name: Feature.search) var index: SearchIndex   // Feature: CustomStringConvertible
    /// ```
    /// - Parameters:
    ///   - name: A value whose `description` is the registration's name.
    ///   - parameters: The factory arguments.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    @_disfavoredOverload
    public init<each Parameter: Hashable & Sendable>(
        name: some CustomStringConvertible,
        _ parameters: repeat each Parameter,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        self.init(name: name.description, repeat each parameters, fileID: fileID, function: function, line: line)
    }
}
