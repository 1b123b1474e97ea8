import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@PreferredInitializer` diagnostics (generic, failable, not an initialiser): one specific message per reason, at
/// the offending syntax; `async` and throwing initialisers are accepted.
@Suite struct PreferredInitializerMacroTests {
    @Test func aSupportedInitializerExpandsToNothing() {
        assertExpansion(
            """
            struct Service {
                @PreferredInitializer
                init(repository: Repository) {}
            }
            """,
            expandedSource: """
                struct Service {
                    init(repository: Repository) {}
                }
                """)
    }

    @Test func aGenericInitializerIsRejected() {
        assertDiagnostic(
            """
            struct Service {
                @PreferredInitializer
                init<R: Repository>(repository: R) {}
            }
            """,
            message: "Generic arguments are not supported. A preferred initializer cannot have generic parameters.",
            line: 3, column: 9,
            expandedSource: """
                struct Service {
                    init<R: Repository>(repository: R) {}
                }
                """)
    }

    @Test(arguments: ["async", "throws", "async throws"])
    func asyncAndThrowingInitializersCanBePreferred(effects: String) {
        // `@Registerable` builds the type with an `async` or throwing factory.
        assertExpansion(
            """
            struct Service {
                @PreferredInitializer
                init() \(effects) {}
            }
            """,
            expandedSource: """
                struct Service {
                    init() \(effects) {}
                }
                """)
    }

    @Test func aFailableInitializerIsRejectedWithAFixIt() {
        assertDiagnostic(
            """
            struct Service {
                @PreferredInitializer
                init?() {}
            }
            """,
            message: "Failable initializers are not supported. A preferred initializer must not return nil.",
            line: 3, column: 9, fixIts: ["Remove '?'"],
            fixedSource: """
                struct Service {
                    @PreferredInitializer
                    init() {}
                }
                """,
            expandedSource: """
                struct Service {
                    init?() {}
                }
                """)
    }

    @Test func everyProblemOfOneInitializerIsReported() {
        assertExpansion(
            """
            struct Service {
                @PreferredInitializer
                init?<T>(value: T) async throws {}
            }
            """,
            expandedSource: """
                struct Service {
                    init?<T>(value: T) async throws {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "Generic arguments are not supported. A preferred initializer cannot have generic parameters.",
                    line: 3, column: 10),
                DiagnosticSpec(
                    message: "Failable initializers are not supported. A preferred initializer must not return nil.",
                    line: 3, column: 9, fixIts: [FixItSpec(message: "Remove '?'")]),
            ])
    }

    @Test func onlyInitializersCanBePreferred() {
        assertDiagnostic(
            """
            struct Service {
                @PreferredInitializer
                func make() -> Service { Service() }
            }
            """,
            message: "This macro can only be used on initializer declarations.", line: 2, column: 5,
            fixIts: ["Remove '@PreferredInitializer'"],
            fixedSource: """
                struct Service {
                    func make() -> Service { Service() }
                }
                """,
            expandedSource: """
                struct Service {
                    func make() -> Service { Service() }
                }
                """)
    }
}
