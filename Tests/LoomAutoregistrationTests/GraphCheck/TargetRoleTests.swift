import Testing

@testable import LoomAutoregistrationCore

/// Which targets assemble an app, where an unmet need is an error.
@Suite struct TargetRoleTests {
    @Test func executablesAndTestsAssembleAndOtherTargetsAreLibraries() {
        #expect(TargetRole(kind: "executable", markers: []) == .assembling)
        #expect(TargetRole(kind: "test", markers: []) == .assembling)
        #expect(TargetRole(kind: "generic", markers: []) == .library)
    }

    @Test func aLoomGraphCommentOverridesTheKind() {
        #expect(TargetRole(kind: "generic", markers: ["assembling"]) == .assembling)
        #expect(TargetRole(kind: "test", markers: ["library"]) == .library)
        #expect(TargetRole(kind: "generic", markers: ["something else"]) == .library)
    }
}
