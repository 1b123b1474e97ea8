public import LoomCore
import LoomLookup

/// Injects a dependency and holds it weakly: the property returns `nil` — or resolves again — once nobody else
/// holds the instance.
///
/// Property wrappers cannot be `weak`; use this instead. It takes the same strategies and alternatives as
/// ``Injected``. It returns the same instance on two reads while the instance is alive, resolves again after it
/// was released, and returns `nil` when nothing is registered or the registration produces `nil`. A value type
/// cannot be held weakly: it is returned but not kept, so each read resolves again.
///
/// ```swift
/// final class Screen {
///     @InjectedWeakly var delegate: (any ScreenDelegate)?
///     @InjectedWeakly(.lazily, alternative: .another) var coordinator: Coordinator?
/// }
/// ```
@propertyWrapper
public struct InjectedWeakly<Wrapped> {
    @usableFromInline let state: InjectionState

    /// Injects by type, through `strategy`, optionally from an alternative registration.
    ///
    /// ```swift
    /// @InjectedWeakly var delegate: (any ScreenDelegate)?
    /// ```
    /// - Parameters:
    ///   - strategy: When the container is found and the value resolved.
    ///   - alternative: The alternative registration to inject; `nil` for the default one.
    ///   - fileID: The property's file, for failure reports; defaults to the declaration.
    ///   - function: The property's name, for failure reports; defaults to the declaration.
    ///   - line: The property's line, for failure reports; defaults to the declaration.
    public init(
        _ strategy: InjectionStrategy = .capturingContainerOnInit(),
        alternative: RegistrationAlternative? = nil,
        fileID: StaticString = #fileID,
        function: StaticString = #function,
        line: UInt = #line
    ) {
        let injected = Injected<Wrapped?>(
            strategy: strategy,
            request: InjectionRequest(.type(alternative)),
            holdsWeakly: true,
            wrapperName: "@InjectedWeakly",
            fileID: fileID,
            function: function,
            line: line
        )
        guard case .resolving(let state) = injected.storage else { preconditionFailure("resolving storage expected") }
        self.state = state
    }

    /// The injected instance, or `nil` once nobody else holds it and nothing can be resolved.
    ///
    /// ```swift
    /// Screen().delegate?.screenDidAppear()
    /// ```
    public var wrappedValue: Wrapped? {
        state.value(Wrapped?.self, enclosing: nil)
    }

    /// The injected instance of a property of a class, which passes itself as the enclosing object.
    ///
    /// ```swift
    /// final class Screen: SearchFeature { @InjectedWeakly var index: SearchIndex? }
    /// ```
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: KeyPath<EnclosingSelf, Wrapped?>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, InjectedWeakly<Wrapped>>
    ) -> Wrapped? {
        object[keyPath: storageKeyPath].state.value(Wrapped?.self, enclosing: object)
    }

    /// This wrapper, for ``reload()``.
    ///
    /// ```swift
    /// screen.$delegate.reload()
    /// ```
    public var projectedValue: InjectedWeakly<Wrapped> { self }

    /// Resolves again now and holds the new instance weakly.
    ///
    /// ```swift
    /// screen.$delegate.reload()
    /// ```
    public func reload() {
        state.reload(Wrapped?.self)
    }
}

extension InjectedWeakly: Sendable where Wrapped: Sendable {}
