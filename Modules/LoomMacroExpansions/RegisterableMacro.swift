import SwiftDiagnostics
public import SwiftSyntax
internal import SwiftSyntaxBuilder
public import SwiftSyntaxMacros

/// `@Registerable(by:scope:eagerness:parameters:isolation:)`: a `RegisterableDependency` conformance whose
/// `dependencyRegistration` builds the type with its preferred initialiser.
///
/// ```swift
/// @Registerable
/// final class Service: Sendable { init() {} }
/// // generates
/// extension Service: RegisterableDependency, AutoregisterableDependency {
///     static let dependencyRegistration = Dependency {
///         Service()
///     }
/// }
/// ```
open class RegisterableMacro: ExtensionMacro {
    /// Expands one use of the macro.
    ///
    /// The compiler calls it for each use of the macro; tests call it through `assertMacroExpansion`:
    ///
    /// ```swift
    /// assertMacroExpansion(source, expandedSource: expected, macroSpecs: ["Registerable": MacroSpec(type: RegisterableMacro.self)])
    /// ```
    ///
    /// - Parameters:
    ///   - node: The attribute.
    ///   - declaration: The type it is attached to.
    ///   - type: The type to extend, as the compiler names it.
    ///   - protocols: The conformances the type does not have yet.
    ///   - context: The expansion context.
    /// - Returns: One extension with the conformance and the registration.
    /// - Throws: A diagnostic at the attribute, the offending argument or the type.
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let registered = try RegisteredType(declaration, attribute: node)
        let configuration = try RegisterableConfiguration.parse(node)
        try registered.validate(configuration.locatorTypes)
        let initializer = try registered.chooseInitializer(attribute: node)
        let isolation = configuration.isolation ?? initializer.isolation ?? registered.isolation
        try initializer.validate(isolation: isolation, parameters: configuration.parameters, attribute: node)

        let typeName = type.trimmedDescription
        let access = registered.memberAccess(lexicalContext: context.lexicalContext)
        // The members of an isolated type's extension would be isolated too; the conformance needs them nonisolated
        // (they are `Sendable` lets).
        let member = access + (registered.isolation != .none || isolation != .none ? "nonisolated " : "") + "static let"
        var members: [String] = []
        var modifiers: [String] = []
        switch configuration.locator {
        case .types(let types):
            for located in types where !registered.isSelf(located) {
                modifiers.append(".conforms(to: \(located.trimmedDescription))")
            }
        case .name(let name):
            if let literal = name.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                literal.segments.first?.is(StringSegmentSyntax.self) == true
            {
                members.append("\(member) dependencyName: String = \(literal.trimmedDescription)")
            } else {
                members.append("\(member) dependencyName = \(name.trimmedDescription)")
            }
            modifiers.append(".named(dependencyName)")
        case .value(let value):
            members.append("\(member) dependencyValue = \(value.trimmedDescription)")
            modifiers.append(".associated(with: dependencyValue)")
        }
        let registration = initializer.registration(
            typeName: typeName, configuration: configuration, isolation: isolation)
        members.append(
            (["\(member) dependencyRegistration = \(registration.expression)"] + modifiers
                + registration.modifiers).joined(separator: "\n"))

        var conformances = protocols.map(\.trimmedDescription)
        if access == "fileprivate " { conformances.removeAll { $0.hasSuffix("AutoregisterableDependency") } }
        let inheritance = conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
        let source = "extension \(typeName)\(inheritance) {\n\(members.joined(separator: "\n\n"))\n}"
        return [DeclSyntax(stringLiteral: source).cast(ExtensionDeclSyntax.self)]
    }
}

/// The arguments of `@Registerable`, read from the attribute.
struct RegisterableConfiguration {
    enum Locator {
        /// Located by the attached type; the listed metatype expressions (`A.self`, `(any P).self`) also answer.
        case types([ExprSyntax])
        case name(ExprSyntax)
        case value(ExprSyntax)
    }

    enum Parameters: String { case runtime, injected }

    var locator = Locator.types([])
    /// The scope expression to register with, `nil` for the attached type's automatic scope.
    var scope: String?
    var eagerness = ".lazy"
    var parameters = Parameters.runtime
    /// The `isolation:` argument: `nil` when omitted (inferred from the attributes), `.none` for `isolation: nil`.
    var isolation: KeyIsolation?

    /// The `.type(…)` arguments, for validation.
    var locatorTypes: [ExprSyntax] {
        if case .types(let types) = locator { return types }
        return []
    }

    static func parse(_ attribute: AttributeSyntax) throws -> Self {
        var configuration = Self()
        guard case .argumentList(let arguments) = attribute.arguments else { return configuration }
        for argument in arguments {
            switch argument.label?.text {
            case "by": configuration.locator = try locator(argument.expression)
            case "scope": configuration.scope = try scope(argument.expression)
            case "eagerness":
                guard let member = argument.expression.as(MemberAccessExprSyntax.self),
                    ["lazy", "eager"].contains(member.declName.baseName.text)
                else {
                    throw GraphMacroDiagnostic.malformedArgument("'eagerness:' must be '.lazy' or '.eager'.")
                        .error(at: argument.expression)
                }
                configuration.eagerness = ".\(member.declName.baseName.text)"
            case "parameters":
                guard let member = argument.expression.as(MemberAccessExprSyntax.self),
                    let parameters = Parameters(rawValue: member.declName.baseName.text)
                else {
                    throw GraphMacroDiagnostic.malformedArgument("'parameters:' must be '.runtime' or '.injected'.")
                        .error(at: argument.expression)
                }
                configuration.parameters = parameters
            case "isolation":
                if argument.expression.is(NilLiteralExprSyntax.self) {
                    configuration.isolation = KeyIsolation.none
                } else if let actor = argument.expression.metatypeBase {
                    configuration.isolation = KeyIsolation(actorType: actor)
                } else {
                    throw GraphMacroDiagnostic.malformedArgument(
                        "'isolation:' must be a global actor type followed by '.self', like 'MainActor.self', or nil."
                    ).error(at: argument.expression)
                }
            default:
                throw GraphMacroDiagnostic.malformedArgument("Unexpected argument.").error(at: argument)
            }
        }
        return configuration
    }

    private static func locator(_ expression: ExprSyntax) throws -> Locator {
        let malformed = GraphMacroDiagnostic.malformedArgument(
            "'by:' must be '.type(…)', '.name(…)' or '.value(…)', written literally.")
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { throw malformed.error(at: expression) }
        let arguments = call.arguments.map(\.expression)
        switch member.declName.baseName.text {
        case "type":
            for argument in arguments where argument.metatypeBase == nil {
                throw malformed.error(at: argument)
            }
            return .types(arguments)
        case "name" where arguments.count == 1: return .name(arguments[0])
        case "value" where arguments.count == 1: return .value(arguments[0])
        default: throw malformed.error(at: expression)
        }
    }

    /// The scope expression without a `RegisterableScope.` qualifier, `nil` for `.automatic`.
    private static func scope(_ expression: ExprSyntax) throws -> String? {
        let member =
            expression.as(MemberAccessExprSyntax.self)
            ?? expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
        guard let member, member.base.map({ $0.trimmedDescription.hasSuffix("RegisterableScope") }) ?? true else {
            throw GraphMacroDiagnostic.malformedArgument(
                "'scope:' must be a RegisterableScope member, like '.singleton' or '.managed(by: changes)'."
            ).error(at: expression)
        }
        let name = member.declName.baseName.text
        if name == "automatic", expression.is(MemberAccessExprSyntax.self) { return nil }
        let unqualified = expression.trimmedDescription.dropFirst(
            member.base.map { $0.trimmedDescription.count } ?? 0)
        return String(unqualified)
    }
}

extension ExprSyntax {
    /// `P` for `P.self`, `(any P).self` or `any P.self`; `nil` for anything else.
    var metatypeBase: String? {
        guard let member = self.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            var base = member.base
        else { return nil }
        while let tuple = base.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            base = only.expression
        }
        var text = base.trimmedDescription
        if text.hasPrefix("any ") { text.removeFirst(4) }
        return text
    }
}

/// The attached type declaration.
struct RegisteredType {
    let declaration: any DeclGroupSyntax
    let name: String
    let isClass: Bool
    let isEnum: Bool

    init(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax) throws {
        self.declaration = declaration
        let generics: GenericParameterClauseSyntax?
        if let decl = declaration.as(ClassDeclSyntax.self) {
            (name, generics, isClass, isEnum) = (decl.name.text, decl.genericParameterClause, true, false)
        } else if let decl = declaration.as(StructDeclSyntax.self) {
            (name, generics, isClass, isEnum) = (decl.name.text, decl.genericParameterClause, false, false)
        } else if let decl = declaration.as(EnumDeclSyntax.self) {
            (name, generics, isClass, isEnum) = (decl.name.text, decl.genericParameterClause, false, true)
        } else if let decl = declaration.as(ActorDeclSyntax.self) {
            (name, generics, isClass, isEnum) = (decl.name.text, decl.genericParameterClause, false, false)
        } else {
            throw GraphMacroDiagnostic.notRegisterableDeclaration.error(at: attribute)
        }
        if let generics { throw GraphMacroDiagnostic.genericRegisterable.error(at: generics) }
    }

    /// The isolation the type's attributes give it (see `AttributeListSyntax.globalActorIsolation`); an actor has its
    /// own, so its attributes (such as SwiftData's `@ModelActor`) are not read.
    var isolation: KeyIsolation {
        if declaration.is(ActorDeclSyntax.self) { return .none }
        return declaration.attributes.globalActorIsolation ?? .none
    }

    /// Whether a `.type(…)` argument names the attached type itself.
    func isSelf(_ expression: ExprSyntax) -> Bool {
        let base = expression.metatypeBase
        return base == name || base == "Self"
    }

    /// Checks that every `.type(…)` argument is the type itself or appears in its inheritance clause.
    func validate(_ locatorTypes: [ExprSyntax]) throws {
        let inheritedTypes = declaration.inheritanceClause.map { Array($0.inheritedTypes) } ?? []
        let inherited = Set(
            inheritedTypes.map { inherited -> String in
                let text = inherited.type.trimmedDescription
                return text.hasPrefix("any ") ? String(text.dropFirst(4)) : text
            })
        for located in locatorTypes where !isSelf(located) {
            guard let base = located.metatypeBase, !inherited.contains(base) else { continue }
            throw GraphMacroDiagnostic.unrelatedLocatorType.error(
                at: located, fixIts: [addToInheritanceClause(base)])
        }
    }

    private func addToInheritanceClause(_ typeName: String) -> FixIt {
        let message = GraphMacroFixIt(message: "Add '\(typeName)' to the inheritance clause")
        let newType = InheritedTypeSyntax(type: TypeSyntax(stringLiteral: typeName))
        if let clause = declaration.inheritanceClause {
            var types = Array(clause.inheritedTypes)
            if let last = types.popLast() {
                types.append(last.with(\.trailingTrivia, []).with(\.trailingComma, .commaToken(trailingTrivia: .space)))
            }
            types.append(newType.with(\.trailingTrivia, clause.inheritedTypes.last?.trailingTrivia ?? []))
            let newClause = clause.with(\.inheritedTypes, InheritedTypeListSyntax(types))
            return FixIt(message: message, changes: [.replace(oldNode: Syntax(clause), newNode: Syntax(newClause))])
        }
        let nameToken = declaration.asProtocol((any NamedDeclSyntax).self)?.name ?? .identifier(name)
        return FixIt(
            message: message,
            changes: [
                .replace(
                    oldNode: Syntax(nameToken),
                    newNode: Syntax(
                        nameToken.with(\.trailingTrivia, [])
                            .with(\.tokenKind, .identifier("\(nameToken.text): \(typeName)"))
                            .with(\.trailingTrivia, nameToken.trailingTrivia)))
            ])
    }

    /// The access modifier (with a trailing space) the generated members take: the type's own, `fileprivate` for a
    /// private type or one nested in a private type, none for internal.
    func memberAccess(lexicalContext: [Syntax]) -> String {
        let enclosing =
            [declaration.modifiers]
            + lexicalContext.compactMap { $0.asProtocol((any WithModifiersSyntax).self)?.modifiers }
        if enclosing.contains(where: { $0.contains { ["private", "fileprivate"].contains($0.name.text) } }) {
            return "fileprivate "
        }
        for modifier in declaration.modifiers {
            switch modifier.name.text {
            case "public", "open": return "public "
            case "package": return "package "
            default: continue
            }
        }
        return ""
    }

    /// The marked initialiser with the fewest parameters, else the only synchronous non-throwing one, else the only
    /// `async` or throwing one, else the implicit `init()` of a type that declares none and whose stored properties
    /// all have defaults.
    ///
    /// The rule and its reasons: `Documentation/Design/graph-macros.md#choosing-the-initializer`.
    func chooseInitializer(attribute: AttributeSyntax) throws -> RegistrationInitializer {
        let initializers = declaration.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        var marked: [RegistrationInitializer] = []
        var unmarked: [(InitializerDeclSyntax, RegistrationInitializer)] = []
        for initializer in initializers where initializer.isSupportedForRegistration {
            let parameters = Array(initializer.signature.parameterClause.parameters)
            if let injected = initializer.attributes.first(named: "InjectedParameters"),
                let configuration = try? InjectedParametersConfiguration.parse(injected),
                parameters.contains(where: { !configuration.isIgnored($0) })
            {
                // The overload @InjectedParameters generates is marked @PreferredInitializer; peers are invisible here.
                marked.append(
                    RegistrationInitializer(initializer, parameters: parameters.filter(configuration.isIgnored)))
            }
            let candidate = RegistrationInitializer(initializer, parameters: parameters)
            if initializer.attributes.contains(named: "PreferredInitializer") {
                marked.append(candidate)
            } else if !initializer.attributes.contains(named: "_disfavoredOverload") {
                unmarked.append((initializer, candidate))
            }
        }
        if let preferred = marked.min(by: { $0.parameters.count < $1.parameters.count }) { return preferred }
        // A synchronous, non-throwing initialiser is taken before `async` or throwing ones, so a type that had one
        // before those were supported keeps its registration.
        let plain = unmarked.filter { !$0.1.isAsync && !$0.1.isThrowing }
        for tier in [plain, unmarked.filter { $0.1.isAsync || $0.1.isThrowing }] where !tier.isEmpty {
            if tier.count == 1 { return tier[0].1 }
            throw GraphMacroDiagnostic.multipleInitializers.error(
                at: attribute, fixIts: tier.map { markPreferred($0.0) })
        }
        if initializers.isEmpty, !isEnum, storedPropertiesHaveDefaults {
            return RegistrationInitializer(nil, parameters: [])
        }
        throw GraphMacroDiagnostic.missingPreferredInitializer.error(at: attribute)
    }

    private func markPreferred(_ initializer: InitializerDeclSyntax) -> FixIt {
        let leading = initializer.leadingTrivia
        let indentation = Trivia(pieces: leading.pieces.reversed().prefix { !$0.isNewline }.reversed())
        let attribute = AttributeSyntax(
            atSign: .atSignToken(leadingTrivia: leading),
            attributeName: IdentifierTypeSyntax(name: .identifier("PreferredInitializer")),
            trailingTrivia: .newline + indentation)
        let marked = initializer.with(\.leadingTrivia, [])
            .with(
                \.attributes,
                AttributeListSyntax([.attribute(attribute)] + Array(initializer.with(\.leadingTrivia, []).attributes)))
        return FixIt(
            message: GraphMacroFixIt(message: "Mark '\(initializer.displayName)' with '@PreferredInitializer'"),
            changes: [.replace(oldNode: Syntax(initializer), newNode: Syntax(marked))])
    }

    /// Whether every stored instance property has a default (an initial value, an optional `var`, or a property
    /// wrapper), so the compiler provides `init()`.
    private var storedPropertiesHaveDefaults: Bool {
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { continue }
            if !variable.attributes.isEmpty { continue }
            for binding in variable.bindings {
                if case .accessors(let list) = binding.accessorBlock?.accessors,
                    list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
                {
                    // Observed: still stored.
                } else if binding.accessorBlock != nil {
                    continue  // computed
                }
                if binding.initializer != nil { continue }
                if variable.bindingSpecifier.text == "var", binding.typeAnnotation?.type.isOptional == true {
                    continue
                }
                return false
            }
        }
        return true
    }
}

extension TypeSyntax {
    var isOptional: Bool {
        self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || trimmedDescription.hasPrefix("Optional<")
    }
}

/// The initialiser a registration's factory calls.
struct RegistrationInitializer {
    let parameters: [FunctionParameterSyntax]
    let isAsync: Bool
    let isThrowing: Bool
    /// The initialiser's own isolation: `nil` when it has none (it takes the type's), `.none` when `nonisolated`.
    let isolation: KeyIsolation?

    /// The initialiser `declaration` (`nil` for the implicit `init()`), called with `parameters`.
    init(_ declaration: InitializerDeclSyntax?, parameters: [FunctionParameterSyntax]) {
        self.parameters = parameters
        let effects = declaration?.signature.effectSpecifiers
        isAsync = effects?.asyncSpecifier != nil
        isThrowing = effects?.throwsClause != nil
        if declaration?.modifiers.contains(where: { $0.name.tokenKind == .keyword(.nonisolated) }) == true {
            isolation = KeyIsolation.none
        } else {
            isolation = declaration?.attributes.globalActorIsolation
        }
    }

    /// `init(a:b:)`, as messages name it.
    var displayName: String { "init(\(parameters.labelList))" }

    /// Rejects factory arguments on an actor-isolated registration, which Loom does not offer (an `async` one
    /// hops to the actor instead, so it may take them).
    func validate(
        isolation: KeyIsolation, parameters mode: RegisterableConfiguration.Parameters, attribute: AttributeSyntax
    ) throws {
        guard !isAsync, mode == .runtime, !parameters.isEmpty else { return }
        let actor: String
        switch isolation {
        case .none: return
        case .mainActor: actor = "MainActor"
        case .globalActor(let name): actor = name
        }
        throw GraphMacroDiagnostic.isolatedFactoryArguments(displayName, actor: actor).error(
            at: attribute, fixIts: [.injectParameters(in: attribute)])
    }

    /// The `Dependency` expression that calls this initialiser, and the scope and eagerness modifiers after it.
    ///
    /// The defaults are `Dependency`'s own (automatic scope, lazy), so they are not repeated: the modifiers exist
    /// only for `Sendable` values, and a non-`Sendable` type is registrable with the defaults (built per resolve). A
    /// synchronous main-actor registration takes its scope as an argument, which needs no `Sendable` value.
    func registration(typeName: String, configuration: RegisterableConfiguration, isolation: KeyIsolation)
        -> (expression: String, modifiers: [String])
    {
        var head = "Dependency"
        var modifiers: [String] = []
        if !isAsync, isolation == .mainActor {
            head += "(isolation: MainActor.self\(configuration.scope.map { ", scope: \($0)" } ?? ""))"
        } else {
            if !isAsync, case .globalActor(let actor) = isolation { head += "(isolation: \(actor).self)" }
            if let scope = configuration.scope { modifiers.append(".scope(\(scope))") }
        }
        if configuration.eagerness != ".lazy" { modifiers.append(".eagerness(\(configuration.eagerness))") }
        let factory = factory(typeName: typeName, parameters: configuration.parameters, isolation: isolation)
        return ("\(head) \(factory)", modifiers)
    }

    /// The trailing closure after `Dependency`: `{ Type() }`, `{ (a: A) in Type(a: a) }`, `{ @Actor in Type() }`,
    /// `{ @Actor () async throws -> Type in try await Type() }`, with `try DependencyGraph.inject(byType:)` (or, in
    /// an `async` factory, `DependencyGraph.load`) for each injected argument.
    private func factory(
        typeName: String, parameters mode: RegisterableConfiguration.Parameters, isolation: KeyIsolation
    ) -> String {
        var closureParameters: [String] = []
        var arguments: [String] = []
        for (index, parameter) in parameters.enumerated() {
            let argument: String
            switch mode {
            case .runtime:
                argument = parameter.internalName ?? "parameter\(index)"
                var type = parameter.type
                if let attributed = type.as(AttributedTypeSyntax.self), attributed.specifiers.isEmpty {
                    type = attributed.baseType
                }
                closureParameters.append("\(argument): \(type.trimmedDescription)")
            case .injected:
                // `load(_:)` picks its `Optional` and array overloads as `inject(byType:)` does.
                argument =
                    isAsync
                    ? "DependencyGraph.load(\(parameter.metatypeExpression))"
                    : "DependencyGraph.inject(byType: \(parameter.metatypeExpression))"
            }
            arguments.append(parameter.label.map { "\($0): \(argument)" } ?? argument)
        }
        let throwing = isThrowing || (mode == .injected && !parameters.isEmpty)
        let call =
            (throwing ? "try " : "") + (isAsync ? "await " : "") + "\(typeName)(\(arguments.joined(separator: ", ")))"
        let signature: String
        if isAsync {
            // Written out so the `async` overload is the only candidate; an isolated factory awaits the initialiser
            // on its actor.
            let effects = throwing ? "async throws" : "async"
            signature =
                " \(isolation.attribute)(\(closureParameters.joined(separator: ", "))) \(effects) -> \(typeName) in"
        } else if case .globalActor = isolation {
            signature = " \(isolation.attribute)in"
        } else if !closureParameters.isEmpty {
            signature = " (\(closureParameters.joined(separator: ", "))) in"
        } else {
            signature = ""
        }
        return "{\(signature)\n    \(call)\n}"
    }
}

extension AttributeListSyntax {
    /// The global actor these attributes isolate a declaration to, `nil` for none.
    ///
    /// `@MainActor` (however qualified), or an attribute without arguments whose name ends in `Actor`, the naming
    /// convention of global actors (`@DatabaseActor`); `@Registerable(isolation:)` names any other actor.
    var globalActorIsolation: KeyIsolation? {
        for element in self {
            guard let attribute = element.as(AttributeSyntax.self), attribute.arguments == nil,
                attribute.simpleName.count > "Actor".count, attribute.simpleName.hasSuffix("Actor")
            else { continue }
            return KeyIsolation(actorType: attribute.attributeName.trimmedDescription)
        }
        return nil
    }
}

extension FixIt {
    /// Sets `parameters: .injected` in a `@Registerable` attribute, in the declaration's argument order.
    static func injectParameters(in attribute: AttributeSyntax) -> FixIt {
        var arguments = attribute.argumentArray
        let injected = LabeledExprSyntax(label: "parameters", expression: ExprSyntax(stringLiteral: ".injected"))
        if let index = arguments.firstIndex(where: { $0.label?.text == "parameters" }) {
            arguments[index] = injected
        } else {
            arguments.insert(injected, at: arguments.firstIndex { $0.label?.text == "isolation" } ?? arguments.endIndex)
        }
        return .replaceArguments(
            of: attribute, with: arguments,
            message: "Resolve the parameters from the graph with 'parameters: .injected'")
    }
}
