import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@PreferredInitializer` diagnostics (SMAC-11): one specific message per reason, at the offending syntax.
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

    @Test func anAsyncInitializerIsRejectedWithAFixIt() {
        assertDiagnostic(
            """
            struct Service {
                @PreferredInitializer
                init() async {}
            }
            """,
            message: "Asynchronous initializers are not supported. A preferred initializer must be synchronous.",
            line: 3, column: 12, fixIts: ["Remove 'async'"],
            fixedSource: """
                struct Service {
                    @PreferredInitializer
                    init() {}
                }
                """,
            expandedSource: """
                struct Service {
                    init() async {}
                }
                """)
    }

    @Test func aThrowingInitializerIsRejectedWithAFixIt() {
        assertDiagnostic(
            """
            struct Service {
                @PreferredInitializer
                init() throws {}
            }
            """,
            message: "Throwing initializers are not supported. A preferred initializer must not throw.",
            line: 3, column: 12, fixIts: ["Remove 'throws'"],
            fixedSource: """
                struct Service {
                    @PreferredInitializer
                    init() {}
                }
                """,
            expandedSource: """
                struct Service {
                    init() throws {}
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
                    message:
                        "Asynchronous initializers are not supported. A preferred initializer must be synchronous.",
                    line: 3, column: 24, fixIts: [FixItSpec(message: "Remove 'async'")]),
                DiagnosticSpec(
                    message: "Throwing initializers are not supported. A preferred initializer must not throw.",
                    line: 3, column: 30, fixIts: [FixItSpec(message: "Remove 'throws'")]),
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
