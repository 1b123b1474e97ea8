import LoomCore
import LoomTesting
import Testing

private protocol Tool: Sendable { var name: String { get } }
private struct OverlayHammer: Tool { let name: String }
private struct OverlayChisel: Tool { let name = "live chisel" }

/// Inside `withTestDependencies`, a `[T]` load and an Optional request by name go through the overlay: overrides come
/// first and shadow the live registration with the same key, and a missing name is `nil`.
@Suite struct OverlayGeneralPathTests {
    @Test func loadingAnArrayInsideAnOverlayListsOverridesFirstAndShadowsTheirKeys() async throws {
        let container = quietContainer("overlay-load-all") {
            Dependency(conformingTo: (any Tool).self) { OverlayHammer(name: "live hammer") }
            Dependency(conformingTo: (any Tool).self) { OverlayChisel() }
        }
        let live: [any Tool] = try await container.load()
        #expect(live.map(\.name) == ["live hammer", "live chisel"])
        let names = try await withTestDependencies { overrides in
            overrides.add {
                Dependency(conformingTo: (any Tool).self) { OverlayHammer(name: "test hammer") }
            }
        } operation: {
            let tools: [any Tool] = try await container.load()
            return tools.map(\.name)
        }
        #expect(names == ["test hammer", "live chisel"])
    }

    @Test func anOptionalRequestByNameInsideAnOverlayFindsTheOverrideOrNil() throws {
        let container = quietContainer("overlay-optional-name") {
            Dependency(named: "overlay-optional-tool") { () -> any Tool in OverlayHammer(name: "live") }
        }
        let (overridden, missing) = try withTestDependencies { overrides in
            overrides.add {
                Dependency(named: "overlay-optional-tool") { () -> any Tool in OverlayHammer(name: "test") }
            }
        } operation: {
            let overridden: (any Tool)? = try container.inject(byName: "overlay-optional-tool")
            let missing: (any Tool)? = try container.inject(byName: "overlay-optional-absent")
            return (overridden?.name, missing?.name)
        }
        #expect(overridden == "test")
        #expect(missing == nil)
    }
}
