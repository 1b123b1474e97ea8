import LoomCore
import Testing

@Suite struct DependencyLocatorTests {
    enum Services: String { case repository }
    enum Upload: Hashable, Sendable { case avatar }
    struct Flag: CustomStringConvertible { var description: String { "search" } }

    @Test func locatorsPrintTheirKind() {
        #expect(DependencyLocator.type(Service.self).description == "Type[Service]")
        #expect(DependencyLocator.name("repository").description == "Name[repository]")
        #expect(DependencyLocator.value(Upload.avatar).description == "Value[avatar]")
    }

    @Test func namesComeFromStringsRawValuesAndDescriptions() {
        #expect(DependencyLocator.name(Services.repository) == .name("repository"))
        #expect(DependencyLocator.name(Flag()) == .name("search"))
        #expect(DependencyLocator.name("Repository") != .name("repository"))
        #expect(DependencyLocator.name(" repository") != .name("repository"))
    }

    /// A value key compared by its class's `==`, not by identity.
    final class Tenant: Hashable, Sendable {
        let id: Int
        init(id: Int) { self.id = id }
        static func == (lhs: Tenant, rhs: Tenant) -> Bool { lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }

    /// Value locators are equal when their values' static types are the same and the values are `==`.
    @Test func valueLocatorsCompareTypeAndValue() {
        #expect(DependencyLocator.value(Upload.avatar) == .value(Upload.avatar))
        #expect(DependencyLocator.value(1) == .value(1))
        #expect(DependencyLocator.value(1) != .value(2))
        #expect(DependencyLocator.value(1) != .value(UInt(1)))
        #expect(DependencyLocator.value(Tenant(id: 1)) == .value(Tenant(id: 1)))  // equal, not identical
        #expect(DependencyLocator.value(Tenant(id: 1)) != .value(Tenant(id: 2)))
    }

    /// A request by value finds the registration of an equal value of the same type, and only that.
    @Test func aRequestByValueMatchesEqualValuesOfTheSameType() throws {
        let container = Container(name: "values", logger: DisabledLogger())
        container.add {
            Dependency(for: Tenant(id: 1)) { "first" }.scope(.singleton)
            Dependency(for: 7) { "seven" }.scope(.singleton)
        }
        #expect(try container.inject(byValue: Tenant(id: 1)) as String == "first")
        #expect(try container.inject(byValue: 7) as String == "seven")
        #expect(throws: InjectionError.self) { try container.inject(byValue: Tenant(id: 2)) as String }
        #expect(throws: InjectionError.self) { try container.inject(byValue: UInt(7)) as String }
    }

    @Test func kindsNeverCompareEqual() {
        #expect(DependencyLocator.name("Service") != .type(Service.self))
        #expect(DependencyLocator.value("Service") != .name("Service"))
        #expect(DependencyLocator.type(Service.self).locatedType == Service.self)
        #expect(DependencyLocator.name("x").locatedType == nil)
    }
}

@Suite struct RegistrationAlternativeTests {
    @Test func literalAndNamedAlternativesWithTheSameNameAreEqual() {
        let literal: RegistrationAlternative = "blue"
        #expect(literal == RegistrationAlternative("blue"))
        #expect(literal.description == "blue")
    }

    @Test func uniqueAlternativesEqualNothingElse() {
        let first = RegistrationAlternative()
        let second = RegistrationAlternative()
        #expect(first != second)
        #expect(first == first)
        #expect(first.description.hasPrefix("#"))
        // Numbered in creation order, and never equal to a name, even one spelled like its description.
        // Other tests make unique alternatives too, in parallel: later ones have larger numbers, not always the next.
        let firstNumber = UInt(String(first.description.dropFirst()))
        let secondNumber = UInt(String(second.description.dropFirst()))
        #expect(firstNumber != nil)
        #expect((secondNumber ?? 0) > (firstNumber ?? .max))
        #expect(first != RegistrationAlternative(first.description))
        #expect(RegistrationAlternative("") != first)
        #expect(Set([first, second, first]).count == 2)
    }
}
