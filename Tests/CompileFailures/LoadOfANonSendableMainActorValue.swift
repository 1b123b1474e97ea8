// The snippet of "Async and actor-isolated dependencies" that must not compile: a value that is not `Sendable` cannot
// leave the main actor, so `load` refuses it. Checked by Scripts/check-compile-failures.
import LoomCore

final class Draft { var text = "" }  // not Sendable
let drafts = Container(name: "drafts")

func register() {
    drafts.register(on: MainActor.self) { Draft() }
}

func edit() async throws {
    let draft: Draft = try await drafts.load()
    // expected-error: type 'Draft' does not conform to the 'Sendable' protocol
    _ = draft
}
