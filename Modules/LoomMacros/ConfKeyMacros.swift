public import LoomKeys

// The key macros. Freestanding declaration macros with arbitrary names can only expand inside a type or an
// extension, so each is used inside `extension ConfKeys { }` (or `extension ConfKeys.<Namespace> { }`) for keys,
// and inside `extension Conf { }` for accessors.

/// Declares a configuration key with a default value: a key type `ConfKey_<name>` and an accessor `<name>`.
///
/// Use it inside an extension of `ConfKeys` (or of a namespace struct in it); read the key with `Conf[\.name]` or
/// `@InjectedConf(\.name)`. Pass `nil` as the name to get only the key type (with a unique name unless you give
/// one); pass a custom key type name before `defaultValue:` to name the type yourself, for example to make a
/// service `AutoInjectable`. `unsafeNonIsolated: true` accepts a non-`Sendable` type by storing it in a generated
/// `UncheckedSendableBox` (read it with `.value`).
///
/// ```swift
/// extension ConfKeys {
///     #declareConfKey("myConf", Int.self, defaultValue: 42)
///     #declareConfKey(visibility: .internal, "verbose", Bool.self, "VerboseKey", defaultValue: false)
/// }
/// if Conf[\.myConf] == 42 { … }
/// ```
///
/// > Important: `unsafeNonIsolated: true` turns off the compiler's data-race checking for the value: every task can
/// > reach it at once. Use it only for types that are thread-safe but not yet marked `Sendable`.
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The value type, as `Type.self`.
///   - unsafeNonIsolated: Whether to box a non-`Sendable` value as `@unchecked Sendable`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default, evaluated lazily at most once.
@freestanding(declaration, names: arbitrary)
public macro declareConfKey<T>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, unsafeNonIsolated: Bool = false,
    _ customKeyTypeName: String? = nil, defaultValue: T
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a configuration key isolated to a global actor, with a default value.
///
/// Use it for values that live on one global actor: the key type is isolated to it, its value need not be
/// `Sendable`, and only code isolated to that actor can read or set it — anywhere else the compiler refuses the
/// access. `on: MainActor.self` declares a `ConfKeyMainActor` key; any other global actor a `ConfKeyIsolated` key
/// whose conformance is isolated to that actor.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfKey("myConf", Int.self, on: MainActor.self, defaultValue: 42)
///     #declareConfKey("poolSize", Int.self, on: DatabaseActor.self, defaultValue: 4)
/// }
/// @MainActor func check() -> Bool { Conf[\.myConf] == 42 }
/// @DatabaseActor func connections() -> Int { Conf[\.poolSize] }
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The value type, as `Type.self`.
///   - globalActor: The global actor, as `SomeGlobalActor.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default, evaluated lazily at most once, on the actor.
@freestanding(declaration, names: arbitrary)
public macro declareConfKey<T, A: GlobalActor>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, on globalActor: A.Type,
    _ customKeyTypeName: String? = nil, defaultValue: T
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a configuration key whose value is a factory: reading the key returns `@Sendable () -> T`.
///
/// Use it when each consumer should get a new instance: `@InjectedConf(\.name)` calls the factory on every read.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfFactoryKey("requestID", String.self, defaultValue: { UUID().uuidString })
/// }
/// let id = Conf[\.requestID]()
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The type the factory builds, as `Type.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default factory.
@freestanding(declaration, names: arbitrary)
public macro declareConfFactoryKey<T>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, _ customKeyTypeName: String? = nil,
    defaultValue: @escaping @Sendable () -> T
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a main-actor configuration key whose value is a main-actor factory.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfFactoryKey("makeViewModel", ViewModel.self, on: MainActor.self, defaultValue: { ViewModel() })
/// }
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The type the factory builds, as `Type.self`.
///   - globalActor: `MainActor.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default factory, run on the main actor.
@freestanding(declaration, names: arbitrary)
public macro declareConfFactoryKey<T>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, on globalActor: MainActor.Type,
    _ customKeyTypeName: String? = nil, defaultValue: @escaping @MainActor @Sendable () -> T
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a configuration key isolated to a global actor whose value is a factory run on that actor.
///
/// The key's value is `() -> T`: like every value of the key it never leaves the actor, so it need not be
/// `Sendable`, and `@InjectedConf(\.name)` calls it on every read.
///
/// ```swift
/// extension ConfKeys {
///     #declareConfFactoryKey("makeConnection", Connection.self, on: DatabaseActor.self, defaultValue: { Connection() })
/// }
/// @DatabaseActor func open() -> Connection { Conf[\.makeConnection]() }
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The type the factory builds, as `Type.self`.
///   - globalActor: The global actor, as `SomeGlobalActor.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default factory, run on the actor.
@freestanding(declaration, names: arbitrary)
public macro declareConfFactoryKey<T, A: GlobalActor>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, on globalActor: A.Type,
    _ customKeyTypeName: String? = nil, defaultValue: @escaping () -> T
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a service key; its default may be `nil`, for a service that must be installed before use.
///
/// Reading a service key declared with a `nil` default before a root value or override is set stops the process
/// through `LoomConfiguration.logger.die`, naming the key and the read site.
///
/// ```swift
/// extension ConfKeys {
///     #declareServiceKey("myService", (any MyService).self, defaultValue: DefaultMyService())
///     #declareServiceKey("database", (any Database).self, defaultValue: nil)   // set at start-up
/// }
/// Conf.setRootValue(PostgresDatabase(), for: \.database)
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The service type, as `Type.self`.
///   - unsafeNonIsolated: Whether to box a non-`Sendable` service as `@unchecked Sendable`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default instance, or `nil`.
@freestanding(declaration, names: arbitrary)
public macro declareServiceKey<T>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, unsafeNonIsolated: Bool = false,
    _ customKeyTypeName: String? = nil, defaultValue: T?
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a service key isolated to a global actor; its default may be `nil`.
///
/// `on: MainActor.self` declares a `ConfKeyMainActor` key; any other global actor a `ConfKeyIsolated` key. Either
/// way the service need not be `Sendable` and only code on the actor can read or set it.
///
/// ```swift
/// extension ConfKeys {
///     #declareServiceKey("router", Router.self, on: MainActor.self, "RouterKey", defaultValue: Router())
///     #declareServiceKey("connectionCache", ConnectionCache.self, on: DatabaseActor.self, defaultValue: nil)
/// }
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The service type, as `Type.self`.
///   - globalActor: The global actor, as `SomeGlobalActor.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default instance, or `nil`.
@freestanding(declaration, names: arbitrary)
public macro declareServiceKey<T, A: GlobalActor>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, on globalActor: A.Type,
    _ customKeyTypeName: String? = nil, defaultValue: T?
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a service key whose value is a factory; its default may be `nil`.
///
/// ```swift
/// extension ConfKeys {
///     #declareServiceFactoryKey("myServiceFactory", (any MyService).self, defaultValue: { DefaultMyService() })
/// }
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The type the factory builds, as `Type.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default factory, or `nil`.
@freestanding(declaration, names: arbitrary)
public macro declareServiceFactoryKey<T>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, _ customKeyTypeName: String? = nil,
    defaultValue: (@Sendable () -> T)?
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a main-actor service key whose value is a main-actor factory; its default may be `nil`.
///
/// ```swift
/// extension ConfKeys {
///     #declareServiceFactoryKey("makeScreen", Screen.self, on: MainActor.self, defaultValue: { Screen() })
/// }
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The type the factory builds, as `Type.self`.
///   - globalActor: `MainActor.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default factory, or `nil`.
@freestanding(declaration, names: arbitrary)
public macro declareServiceFactoryKey<T>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, on globalActor: MainActor.Type,
    _ customKeyTypeName: String? = nil, defaultValue: (@MainActor @Sendable () -> T)?
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares a service key isolated to a global actor whose value is a factory run on that actor; its default may
/// be `nil`.
///
/// The key's value is `() -> T`, which need not be `Sendable` because it never leaves the actor.
///
/// ```swift
/// extension ConfKeys {
///     #declareServiceFactoryKey("makeConnection", Connection.self, on: DatabaseActor.self, defaultValue: nil)
/// }
/// ```
///
/// - Parameters:
///   - visibility: The access level of the generated declarations (default `.public`).
///   - name: The accessor's name in `ConfKeys`, or `nil` for none.
///   - type: The type the factory builds, as `Type.self`.
///   - globalActor: The global actor, as `SomeGlobalActor.self`.
///   - customKeyTypeName: The key type's name (default `ConfKey_<name>`).
///   - defaultValue: The default factory, or `nil`.
@freestanding(declaration, names: arbitrary)
public macro declareServiceFactoryKey<T, A: GlobalActor>(
    visibility: DeclarationVisibility = .public, _ name: String?, _ type: T.Type, on globalActor: A.Type,
    _ customKeyTypeName: String? = nil, defaultValue: (() -> T)?
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfKeyMacro")

/// Declares an internal static accessor on `Conf` for a key, named after the key path's last component.
///
/// Use it inside `extension Conf { }` for shorter reads in a module's own code. A custom name may follow the type.
///
/// ```swift
/// extension Conf {
///     #declareConfAccessor(\.myLib.verbose, Bool.self)
///     #declareConfAccessor(\.myConf, Int.self, "answer")
/// }
/// if Conf.verbose { print(Conf.answer) }
/// ```
///
/// - Parameters:
///   - keyPath: The key's path in `ConfKeys`.
///   - type: The key's value type, as `Type.self`.
///   - name: The accessor's name (default: the key path's last component).
@freestanding(declaration, names: arbitrary)
public macro declareConfAccessor<K: ConfKey>(
    _ keyPath: KeyPath<ConfKeys, K.Type>, _ type: K.Value.Type, _ name: String? = nil
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfAccessorMacro")

/// Declares a main-actor static accessor on `Conf` for a main-actor key.
///
/// ```swift
/// extension Conf {
///     #declareConfAccessor(\.router, Router.self, on: MainActor.self)
/// }
/// ```
///
/// - Parameters:
///   - keyPath: The key's path in `ConfKeys`.
///   - type: The key's value type, as `Type.self`.
///   - globalActor: `MainActor.self`.
///   - name: The accessor's name (default: the key path's last component).
@freestanding(declaration, names: arbitrary)
public macro declareConfAccessor<K: ConfKeyMainActor>(
    _ keyPath: KeyPath<ConfKeys, K.Type>, _ type: K.Value.Type, on globalActor: MainActor.Type, _ name: String? = nil
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfAccessorMacro")

/// Declares a static accessor on `Conf`, isolated to a global actor, for a key isolated to that actor.
///
/// ```swift
/// extension Conf {
///     #declareConfAccessor(\.connectionCache, ConnectionCache.self, on: DatabaseActor.self)
/// }
/// @DatabaseActor func connect() { Conf.connectionCache.open.append("primary") }
/// ```
///
/// - Parameters:
///   - keyPath: The key's path in `ConfKeys`.
///   - type: The key's value type, as `Type.self`.
///   - globalActor: The key's global actor, as `SomeGlobalActor.self`.
///   - name: The accessor's name (default: the key path's last component).
@freestanding(declaration, names: arbitrary)
public macro declareConfAccessor<K: ConfKeyIsolated, A: GlobalActor>(
    _ keyPath: KeyPath<ConfKeys, K.Type>, _ type: K.Value.Type, on globalActor: A.Type, _ name: String? = nil
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfAccessorMacro") where K.Isolation == A

/// Declares an internal static accessor on `Conf` that calls a factory key's factory on each read.
///
/// ```swift
/// extension Conf {
///     #declareConfFactoryAccessor(\.requestID, String.self)
/// }
/// let first = Conf.requestID, second = Conf.requestID   // two calls of the factory
/// ```
///
/// - Parameters:
///   - keyPath: The factory key's path in `ConfKeys`.
///   - type: The type the factory builds, as `Type.self`.
///   - name: The accessor's name (default: the key path's last component).
@freestanding(declaration, names: arbitrary)
public macro declareConfFactoryAccessor<K: ConfKey, T>(
    _ keyPath: KeyPath<ConfKeys, K.Type>, _ type: T.Type, _ name: String? = nil
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfAccessorMacro") where K.Value == @Sendable () -> T

/// Declares a main-actor static accessor on `Conf` that calls a main-actor factory key's factory on each read.
///
/// ```swift
/// extension Conf {
///     #declareConfFactoryAccessor(\.makeViewModel, ViewModel.self, on: MainActor.self)
/// }
/// ```
///
/// - Parameters:
///   - keyPath: The factory key's path in `ConfKeys`.
///   - type: The type the factory builds, as `Type.self`.
///   - globalActor: `MainActor.self`.
///   - name: The accessor's name (default: the key path's last component).
@freestanding(declaration, names: arbitrary)
public macro declareConfFactoryAccessor<K: ConfKeyMainActor, T>(
    _ keyPath: KeyPath<ConfKeys, K.Type>, _ type: T.Type, on globalActor: MainActor.Type, _ name: String? = nil
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfAccessorMacro")
where K.Value == @MainActor @Sendable () -> T

/// Declares a static accessor on `Conf`, isolated to a global actor, that calls an actor-isolated factory key's
/// factory on each read.
///
/// ```swift
/// extension Conf {
///     #declareConfFactoryAccessor(\.makeConnection, Connection.self, on: DatabaseActor.self, "newConnection")
/// }
/// @DatabaseActor func open() -> Connection { Conf.newConnection }
/// ```
///
/// - Parameters:
///   - keyPath: The factory key's path in `ConfKeys`.
///   - type: The type the factory builds, as `Type.self`.
///   - globalActor: The key's global actor, as `SomeGlobalActor.self`.
///   - name: The accessor's name (default: the key path's last component).
@freestanding(declaration, names: arbitrary)
public macro declareConfFactoryAccessor<K: ConfKeyIsolated, T, A: GlobalActor>(
    _ keyPath: KeyPath<ConfKeys, K.Type>, _ type: T.Type, on globalActor: A.Type, _ name: String? = nil
) = #externalMacro(module: "LoomMacrosPlugin", type: "DeclareConfAccessorMacro")
where K.Isolation == A, K.Value == () -> T
