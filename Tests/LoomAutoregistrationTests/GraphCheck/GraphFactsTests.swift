import Testing

@testable import LoomAutoregistrationCore

/// The facts' own small rules: places as messages name them, scopes, and which registrations are opaque.
@Suite struct GraphFactsTests {
    func provider(type: String?, locator: Provider.Locator = .type, modified: Bool = false) -> Provider {
        Provider(
            type: type.map(TypeSpelling.init), aliases: [], locator: locator, hasAlternative: false,
            takesArguments: false, argumentTypes: [], scope: .automatic, registerable: nil,
            hasUnknownModifier: modified,
            location: SourceLocation(path: "/src/Sources/App/App.swift", module: "App", line: 3, column: 5),
            isConditional: false)
    }

    @Test func aPlaceIsNamedByModuleFileAndLine() {
        #expect(provider(type: "Clock").location.shortDescription == "App/App.swift:3")
    }

    @Test func singletonsAndManagedScopesHoldLongAndTheRestAreShortLived() {
        #expect(StaticScope.singleton.holdsInstanceLong && StaticScope.managed.holdsInstanceLong)
        #expect([StaticScope.instance, .shared, .scoped].allSatisfy { $0.isShortLived })
        #expect(!StaticScope.automatic.isShortLived && !StaticScope.unknown.holdsInstanceLong)
    }

    @Test func aRegistrationIsOpaqueWhenItsTypeOrAModifierIsUnknownToTheCheck() {
        #expect(!provider(type: "Clock").isOpaque)
        #expect(provider(type: nil).isOpaque)
        #expect(provider(type: "Clock", modified: true).isOpaque)
        #expect(!provider(type: nil, locator: .name("clock")).isOpaque)  // only answers by name
        #expect(provider(type: "Clock").keyDescription == "Type[Clock]")
    }
}
