import LoomCore
import Testing

private enum UploadSlot: Hashable, Sendable {
    case avatar
    case banner
    case unused
}

private final class UploadTarget: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

private final class MissingTarget: Sendable {}

/// `inject(byValue:) -> T?` and the `load` overloads by value, by name and as an Optional answer `nil` when nothing
/// is registered and the registered value otherwise.
@Suite struct OptionalAndLoadFrontDoorTests {
    @Test func injectByValueAsOptionalIsNilWhenMissingAndTheValueWhenRegistered() throws {
        let container = quietContainer("optional-by-value") {
            Dependency(for: UploadSlot.avatar) { UploadTarget("avatar") }
        }
        let missing: UploadTarget? = try container.inject(byValue: UploadSlot.unused)
        #expect(missing == nil)
        let present: UploadTarget? = try container.inject(byValue: UploadSlot.avatar)
        #expect(present?.label == "avatar")
    }

    @Test func injectByValueAsOptionalPassesFactoryArguments() throws {
        let container = quietContainer("optional-by-value-arguments") {
            Dependency(for: UploadSlot.banner) { (size: Int) in UploadTarget("banner-\(size)") }
        }
        let present: UploadTarget? = try container.inject(byValue: UploadSlot.banner, 3)
        #expect(present?.label == "banner-3")
        let missing: UploadTarget? = try container.inject(byValue: UploadSlot.unused, 3)
        #expect(missing == nil)
    }

    @Test func loadByValueReturnsTheRegisteredValueAndPassesArguments() async throws {
        let container = quietContainer("load-by-value") {
            Dependency(for: UploadSlot.avatar) { UploadTarget("avatar") }
            Dependency(for: UploadSlot.banner) { (size: Int) in UploadTarget("banner-\(size)") }
        }
        let avatar: UploadTarget = try await container.load(byValue: UploadSlot.avatar)
        #expect(avatar.label == "avatar")
        let banner: UploadTarget = try await container.load(byValue: UploadSlot.banner, 7)
        #expect(banner.label == "banner-7")
        await #expect(throws: InjectionError.self) {
            let _: UploadTarget = try await container.load(byValue: UploadSlot.unused)
        }
    }

    @Test func loadByValueAsOptionalIsNilWhenMissing() async throws {
        let container = quietContainer("load-by-value-optional") {
            Dependency(for: UploadSlot.avatar) { UploadTarget("avatar") }
        }
        let missing: UploadTarget? = try await container.load(byValue: UploadSlot.unused)
        #expect(missing == nil)
        let present: UploadTarget? = try await container.load(byValue: UploadSlot.avatar)
        #expect(present?.label == "avatar")
    }

    @Test func loadByNameAsOptionalIsNilWhenMissingAndTheValueWhenRegistered() async throws {
        let container = quietContainer("load-by-name-optional") {
            Dependency(named: "load-by-name-target") { UploadTarget("named") }
            Dependency(named: "load-by-name-sized") { (size: Int) in UploadTarget("sized-\(size)") }
        }
        let missing: UploadTarget? = try await container.load(byName: "load-by-name-absent")
        #expect(missing == nil)
        let present: UploadTarget? = try await container.load(byName: "load-by-name-target")
        #expect(present?.label == "named")
        let sized: UploadTarget = try await container.load(byName: "load-by-name-sized", 4)
        #expect(sized.label == "sized-4")
    }

    @Test func loadAsOptionalIsNilWhenMissingAndTheValueWhenRegistered() async throws {
        let container = quietContainer("load-optional") {
            Dependency { () async throws -> UploadTarget in UploadTarget("async") }
        }
        let missing: MissingTarget? = try await container.load()
        #expect(missing == nil)
        let present: UploadTarget? = try await container.load()
        #expect(present?.label == "async")
        let explicit = try await container.load(UploadTarget?.self)
        #expect(explicit?.label == "async")
    }
}
