/// The graph every scanned file describes together: which registrations can answer each need of a `@Registerable`
/// type.
///
/// It over-approximates what is registered — every registration written anywhere in the scanned modules counts,
/// whatever container or `#if` branch holds it — so when it finds no provider for a need, none exists in source.
/// Whenever that conclusion could be wrong, the need is unknown instead: a registration whose type is not written
/// may provide anything; a need inside `#if` may not exist in this build; a type declared outside the scanned
/// modules may be a type alias of something registered under another spelling.
///
/// ```swift
/// let graph = StaticGraph(facts: [featureFacts, appFacts], modules: ["Feature", "App"])
/// for node in graph.registerables {
///     for need in node.needs { print(need.site, graph.resolve(need)) }
/// }
/// ```
struct StaticGraph {
    /// How a need fares.
    enum Resolution: Equatable {
        /// These providers (indices into ``providers``) answer it; `isExact` unless only a qualifier differs.
        case met(providers: [Int], isExact: Bool)
        /// An optional need nothing provides: it receives `nil`.
        case optionalWithoutProvider
        /// A collection need: it receives every registration of its element, possibly none.
        case collection
        /// Nothing provides it; the "did you mean" lines, most likely first.
        case unmet(suggestions: [String])
        /// The check cannot tell, for this reason.
        case unknown(reason: String)
    }

    /// Names that the standard library declares and that are never aliases of a registered type.
    static let standardNames: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "String", "Character", "Substring", "Sendable", "AnyObject", "Any", "Error", "Hashable", "Equatable",
        "Identifiable", "Optional", "Array", "Set", "Dictionary", "Swift", "Type", "Protocol",
    ]

    let modules: [String]
    let providers: [Provider]
    let registerables: [RegisterableNode]
    let types: [DeclaredType]
    private let inherited: [String: [TypeSpelling]]
    private let aliases: [String: [TypeSpelling?]]
    private let providersByKey: [String: [Int]]
    private let providersByLooseKey: [String: [Int]]
    private let providersByName: [String: [Int]]
    private let declaredNames: Set<String>
    private let rescoped: Set<String>
    private let listedTypes: Set<String>
    private let listedGroups: Set<String>
    /// The first registration whose type source does not write, if any.
    let opaqueProvider: Provider?

    /// Joins the facts of every scanned file; `modules` names the scanned modules.
    init(facts: [SourceFacts], modules: [String]) {
        self.modules = modules
        providers = facts.flatMap(\.providers)
        registerables = facts.flatMap(\.registerables)
        types = facts.flatMap(\.types)
        var inherited: [String: [TypeSpelling]] = [:]
        for type in types { inherited[Self.lastComponent(type.qualifiedName), default: []] += type.inherited }
        for conformance in facts.flatMap(\.conformances) {
            inherited[Self.lastComponent(conformance.typeName), default: []] += conformance.inherited
        }
        self.inherited = inherited
        var aliases: [String: [TypeSpelling?]] = [:]
        for alias in facts.flatMap(\.aliases) {
            aliases[alias.qualifiedName, default: []].append(alias.target)
            let last = Self.lastComponent(alias.qualifiedName)
            if last != alias.qualifiedName { aliases[last, default: []].append(alias.target) }
        }
        self.aliases = aliases
        declaredNames = Set(types.map { Self.lastComponent($0.qualifiedName) })
            .union(aliases.keys.map(Self.lastComponent)).union(modules)
        rescoped = Set(facts.flatMap(\.rescopedRegisterables).map(Self.lastComponent))
        listedTypes = Set(facts.flatMap(\.listedTypes).map(Self.lastComponent))
        listedGroups = Set(facts.flatMap(\.listedGroups))
        opaqueProvider = providers.first(where: \.isOpaque)

        var byKey: [String: [Int]] = [:]
        var byLooseKey: [String: [Int]] = [:]
        var byName: [String: [Int]] = [:]
        for (index, provider) in providers.enumerated() {
            if case .name(let name?) = provider.locator, !provider.hasAlternative {
                byName[name, default: []].append(index)
            }
            guard provider.answersPlainTypeRequests else { continue }
            for type in [provider.type].compactMap({ $0 }) + provider.aliases {
                let expanded = Self.expanding(type, aliases: aliases)
                byKey[expanded.matchKey, default: []].append(index)
                byLooseKey[expanded.looseKey, default: []].append(index)
            }
        }
        providersByKey = byKey
        providersByLooseKey = byLooseKey
        providersByName = byName
    }

    // MARK: Needs

    /// How `need` fares against every scanned registration.
    func resolve(_ need: Need) -> Resolution {
        guard let key = need.key else { return .unknown(reason: need.unreadableReason ?? "the check cannot read it") }
        switch key {
        case .type(let written):
            return resolve(type: written, need: need)
        case .name(let name):
            if let found = providersByName[name] { return .met(providers: found, isExact: true) }
            if need.declaredType.map(expanded)?.optionalWrapped != nil { return .optionalWithoutProvider }
            if need.isConditional { return .unknown(reason: "it is declared inside #if") }
            if let unreadable = providers.first(where: { $0.locator == .name(nil) }) {
                return .unknown(
                    reason: "the registration at \(unreadable.location.shortDescription) is named by an expression")
            }
            return .unmet(suggestions: nameSuggestions(for: name, type: need.declaredType))
        }
    }

    private func resolve(type written: TypeSpelling, need: Need) -> Resolution {
        let type = expanded(written)
        if let found = providersByKey[type.matchKey] { return .met(providers: found, isExact: true) }
        if expanded(type.unwrappingOptional).collectionElement != nil { return .collection }
        let base = expanded(type.unwrappingOptional)
        if let found = providersByKey[base.matchKey] { return .met(providers: found, isExact: true) }
        if let found = providersByLooseKey[base.looseKey] { return .met(providers: found, isExact: false) }
        if type.optionalWrapped != nil { return .optionalWithoutProvider }
        if need.isConditional { return .unknown(reason: "it is declared inside #if") }
        if let opaqueProvider {
            return .unknown(
                reason: "the registration at \(opaqueProvider.location.shortDescription) does not write its type")
        }
        if base.isCompound { return .unknown(reason: "the check does not compare function types and compositions") }
        // The written spelling counts too: `Other.Clock` of an unscanned `Other` is not the scanned `Clock`.
        if let reason = (written.identifiers + base.identifiers).lazy.compactMap(undeclaredReason).first {
            return .unknown(reason: reason)
        }
        return .unmet(suggestions: typeSuggestions(for: base))
    }

    /// `type` with the type aliases declared in the scanned files expanded.
    func expanded(_ type: TypeSpelling) -> TypeSpelling {
        Self.expanding(type, aliases: aliases)
    }

    private static func expanding(_ type: TypeSpelling, aliases: [String: [TypeSpelling?]]) -> TypeSpelling {
        var type = type
        // A qualified name (`Feature.AppClock`) is looked up as written, then by its last component.
        func target(of name: TypeSpelling) -> TypeSpelling? {
            guard let targets = aliases[name.description] ?? aliases[name.looseKey], targets.count == 1 else {
                return nil
            }
            return targets[0]
        }
        for _ in 0..<8 {
            let key = TypeSpelling(type.matchKey)
            if let target = target(of: key) {
                type = target
            } else if let wrapped = key.optionalWrapped, let target = target(of: wrapped) {
                type = TypeSpelling(parts: ["("] + target.parts + [")", "?"])
            } else {
                break
            }
        }
        return type
    }

    /// Why an identifier of a need's type does not name something the check can see — a type or alias of a scanned
    /// module (which cannot secretly be another type), a scanned module, or a standard type — or `nil` if it does.
    private func undeclaredReason(_ identifier: String) -> String? {
        // A generic alias, or one name aliased differently in several places, may stand for anything.
        if let targets = aliases[identifier], targets.count != 1 || targets[0] == nil {
            return "'\(identifier)' is a type alias the check cannot expand"
        }
        if declaredNames.contains(identifier) || Self.standardNames.contains(identifier) { return nil }
        return "'\(identifier)' is declared outside the scanned modules"
    }

    // MARK: Facts about registrations and types

    /// Whether something lists the `@Registerable` type's registration: `Type.dependencyRegistration`, or its
    /// module's autoregistered group (for a type the generated file can name).
    func isListed(_ node: RegisterableNode) -> Bool {
        if listedTypes.contains(Self.lastComponent(node.qualifiedName)) { return true }
        return listedGroups.contains(GroupRenderer.propertyName(forModule: node.location.module))
    }

    /// Whether a listing gives the `@Registerable` type another scope than its attribute.
    func isRescoped(_ node: RegisterableNode) -> Bool {
        rescoped.contains(Self.lastComponent(node.qualifiedName))
    }

    /// The declared kind of the type a spelling names, when a scanned file declares it; existentials are protocols.
    func kind(of type: TypeSpelling) -> TypeKind? {
        let expanded = expanded(type)
        if expanded.parts.first == "any" { return .protocolType }
        let name = TypeSpelling(expanded.looseKey).description
        let kinds = Set(types.filter { Self.lastComponent($0.qualifiedName) == name }.map(\.kind))
        return kinds.count == 1 ? kinds.first : nil
    }

    /// The scope a registration's instances really get: `.automatic` is `.shared` for classes and `.instance` for
    /// value and protocol types; `.unknown` when the check cannot tell.
    func effectiveScope(of provider: Provider) -> StaticScope {
        if let name = provider.registerable,
            registerables.contains(where: { $0.qualifiedName == name && isRescoped($0) })
        {
            return .unknown
        }
        guard provider.scope == .automatic else { return provider.scope }
        guard let type = provider.type, let kind = kind(of: type) else { return .unknown }
        return kind == .classType || kind == .actorType ? .shared : .instance
    }

    /// The `@Registerable` node a provider comes from.
    func node(of provider: Provider) -> RegisterableNode? {
        provider.registerable.flatMap { name in registerables.first { $0.qualifiedName == name } }
    }

    // MARK: Did you mean

    private func typeSuggestions(for need: TypeSpelling) -> [String] {
        var result: [String] = []
        let needKey = need.looseKey
        let needName = TypeSpelling(needKey).description
        for provider in providers {
            guard let type = provider.type.map(expanded) else { continue }
            let place = "in \(provider.location.shortDescription)"
            if type.looseKey == needKey {
                // The same type, registered so that a plain request does not find it.
                if case .name(let name) = provider.locator {
                    result.append("Name[\(name ?? "…")] \(place) — resolve it by name")
                } else if provider.locator == .value {
                    result.append("Type[\(type)] located by a value \(place) — resolve it by its value")
                } else if provider.hasAlternative {
                    result.append("Type[\(type)] \(place) — pass its alternative")
                } else if provider.takesArguments == true {
                    let arguments = provider.argumentTypes.map(\.description).joined(separator: ", ")
                    result.append("Type[\(type)] \(place) — pass (\(arguments))")
                }
            } else if provider.answersPlainTypeRequests {
                let providedName = TypeSpelling(type.looseKey).description
                if conforms(providedName, to: needName) {
                    // A concrete type registered as itself, needed as a protocol it adopts.
                    result.append(
                        "Type[\(type)] \(place) — \(providedName) conforms to \(needName): register it as "
                            + "'\(need)' or add .conforms(to: (any \(needName)).self)")
                } else if conforms(needName, to: providedName) {
                    result.append("Type[\(type)] \(place) — \(needName) conforms to it: inject '\(type)' instead")
                }
            }
        }
        return Array(result.prefix(5))
    }

    private func nameSuggestions(for name: String, type: TypeSpelling?) -> [String] {
        var result: [String] = []
        let folded = name.lowercased().trimmingSpaces
        for provider in providers {
            let place = "in \(provider.location.shortDescription)"
            if case .name(let other?) = provider.locator, other.lowercased().trimmingSpaces == folded {
                result.append("Name[\(other)] \(place)")
            } else if provider.answersPlainTypeRequests, let type, let provided = provider.type,
                expanded(provided).looseKey == expanded(type).unwrappingOptional.looseKey
            {
                result.append("Type[\(provided)] \(place) — inject it by type")
            }
        }
        return Array(result.prefix(5))
    }

    /// Whether the declarations of `type` (or its extensions) list `protocolName`, directly or through other
    /// scanned declarations.
    private func conforms(_ type: String, to protocolName: String, depth: Int = 0) -> Bool {
        guard depth < 8, let parents = inherited[type] else { return false }
        for parent in parents {
            let name = TypeSpelling(parent.looseKey).description
            if name == protocolName || conforms(name, to: protocolName, depth: depth + 1) { return true }
        }
        return false
    }

    static func lastComponent(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}
