internal import LoomRuntime

/// A property wrapper whose dependency `verify()` checks on each instance it builds: `@Injected` and
/// `@InjectedWeakly` (LoomInjection), `@InjectedConf` (LoomKeys).
///
/// Such properties resolve lazily, at their first read, so a factory that only creates the instance never touches
/// them. The verifier finds them with a `Mirror` over every instance it builds (the wrappers' backing storage) and
/// asks each one to do, in the sandbox, what its first read would: the registrations it resolves are recorded as
/// edges from the registration that built the instance, and a failure becomes a defect naming the property's file
/// and line.
package protocol VerifiableProperty {
    /// Where the property is declared and how reports name it; `nil` for a property that injects nothing (a plain
    /// value, an `InjectedValues` key path).
    var propertySite: PropertySite? { get }

    /// Does what the property's first read would, as a property of `enclosing`, without keeping the value.
    ///
    /// - Returns: A dependency that is not a registration (a configuration key), for the report's edges.
    /// - Throws: What the read would report through the logger's `die`.
    func verifyDependency(enclosing: AnyObject?) throws -> PropertyDependency?
}

/// Where an injected property is declared: `@Injected var store` at `Notes/Notebook.swift:24`.
package struct PropertySite: Sendable {
    /// `@Injected`.
    package let wrapper: String
    /// The property's name as the wrapper knows it (`#function` at its declaration); the inspector replaces it with
    /// the name the instance's `Mirror` shows.
    package var name: String
    package let fileID: StaticString
    package let line: UInt

    package init(wrapper: String, name: String, fileID: StaticString, line: UInt) {
        self.wrapper = wrapper
        self.name = name
        self.fileID = fileID
        self.line = line
    }

    /// `@Injected var store`.
    package var declaration: String { "\(wrapper) var \(name)" }

    /// `Notes/Notebook.swift:24`.
    package var location: String { "\(fileID):\(line)" }
}

/// A dependency of a property that is not a registration, such as a configuration key.
package struct PropertyDependency: Sendable {
    /// How the report names it: `Conf[notesSearchLimit]`.
    package let key: String
    package let valueType: String

    package init(key: String, valueType: String) {
        self.key = key
        self.valueType = valueType
    }

    /// The dependency as the report's edges name their ends (scope `configuration`, container `Conf`).
    package var summary: RegistrationSummary {
        RegistrationSummary(key: key, valueType: valueType, scope: "configuration", container: "Conf", origin: "")
    }
}

/// A property's dependency that cannot be read (a configuration key with no value).
package struct PropertyVerificationFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// Finds the injected properties of built instances.
enum PropertyInspector {
    /// The object the properties belong to (`nil` for a value type) and its verifiable properties, superclasses'
    /// included; an Optional is looked through.
    static func properties(of value: Any) -> (
        enclosing: AnyObject?, properties: [(property: any VerifiableProperty, site: PropertySite)]
    ) {
        var subject = value
        if let optional = value as? any OptionalType {
            guard let wrapped = optional.wrappedAny else { return (nil, []) }
            subject = wrapped
        }
        let enclosing: AnyObject? = type(of: subject) is AnyClass ? subject as AnyObject : nil
        var properties: [(property: any VerifiableProperty, site: PropertySite)] = []
        var mirror: Mirror? = Mirror(reflecting: subject)
        while let current = mirror {
            for child in current.children {
                guard let property = child.value as? any VerifiableProperty, var site = property.propertySite else {
                    continue
                }
                // A wrapped property's storage is `_name`.
                if let label = child.label, label.hasPrefix("_"), label.count > 1 {
                    site.name = String(label.dropFirst())
                }
                properties.append((property, site))
            }
            mirror = current.superclassMirror
        }
        return (enclosing, properties)
    }

    /// Calls `body` with each injected property of `instance` (and the object they belong to) inside a resolution
    /// frame of `entry`, as their first reads would run: what they resolve is attributed to `entry`.
    static func forEachProperty(
        of instance: Any, builtBy entry: RegistrationEntry,
        _ body: (_ property: any VerifiableProperty, _ site: PropertySite, _ enclosing: AnyObject?) -> Void
    ) {
        let (enclosing, properties) = properties(of: instance)
        guard !properties.isEmpty else { return }
        let frames = ResolutionFrames.current
        let isOutermost = frames.beginResolution()
        defer { frames.endResolution(isOutermost) }
        frames.push(entry)
        defer { frames.pop() }
        for (property, site) in properties { body(property, site, enclosing) }
    }
}
