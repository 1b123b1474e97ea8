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
    }
}
