import Foundation
import LoomCore
import LoomInjection
import LoomLookup
import LoomTestSupport
import LoomTesting
import Testing

/// Fixtures whose injection fails; each records the line of its failing property.
final class MissingServiceScreen {
    final class Missing: Sendable {}
    static let line: UInt = #line + 1
    @Injected var missing: Missing
}

final class AmbiguousOptionalScreen {
    protocol Shape: Sendable {}
    final class Circle: Shape {}
    final class Square: Shape {}
    @Injected var shape: (any Shape)?
}

final class EagerFailures {
    final class Parametrized: Sendable {}
    @Injected var service: Parametrized
    init(from container: Container) { _service = Injected(.resolvingOnInit(from: container)) }
}

/// A registration that claims a conformance its instances lack: every injection of it is a type mismatch.
final class MismatchFixtures {
    protocol Unrelated: Sendable {}
    final class Plain: Sendable {}

    static func container() -> Container {
        Container(logger: DisabledLogger()) {
            Dependency { Plain() }.conforms(to: (any Unrelated).self)
        }
    }

    @Injected var eager: any Unrelated
    static let eagerLine: UInt = #line + 1
    init(from container: Container) { _eager = Injected(.resolvingOnInit(from: container)) }

    static func use(@Injected unrelated: any Unrelated) {}
    static let parameterLine: UInt = #line + 1
    static func callWithInjectedParameter(from container: Container) { use($unrelated: container.resolved()) }
}

/// Fatal paths are observed in child processes (exit tests), with a capturing logger whose `die` prints the
/// report to standard error.
@Suite struct InjectedFailureTests {
    static func stderr(of result: ExitTest.Result?) -> String {
        String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }

    @Test func aMissingDependencyIsReportedAtThePropertysFileAndLineOnFirstRead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            let screen = MissingServiceScreen()  // the default strategy does not fail at creation
            FileHandle.standardError.write(Data("created\n".utf8))
            _ = screen.missing
        }
        let output = Self.stderr(of: result)
        #expect(output.contains("created"))
        #expect(output.contains("die LoomInjectionTests/InjectedFailureTests.swift:\(MissingServiceScreen.line) "))
        #expect(output.contains("InjectionError: No registration found for Type[Missing]."))
        #expect(output.contains(". Recovery: Register Missing"))
    }

    @Test func optionalsStillFailOnAmbiguity() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            let container = Container(logger: DisabledLogger()) {
                Dependency { AmbiguousOptionalScreen.Circle() }.conforms(to: (any AmbiguousOptionalScreen.Shape).self)
                Dependency { AmbiguousOptionalScreen.Square() }.conforms(to: (any AmbiguousOptionalScreen.Shape).self)
            }
            DependencyGraph.activate(container)
            _ = AmbiguousOptionalScreen().shape
        }
        #expect(Self.stderr(of: result).contains("InjectionError: Several registrations match"))
    }

    @Test func eagerInjectionFailsAtCreationWhenOnlyAParametrizedResolverExists() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            let container = Container(logger: DisabledLogger())
            container.register { (_: Any) in EagerFailures.Parametrized() }
            _ = EagerFailures(from: container)
        }
        let output = Self.stderr(of: result)
        #expect(output.contains("No registration found for Type[Parametrized]"))
        #expect(output.contains("resolve(parameter:)"))
    }

    @Test func eagerInjectionOfAMismatchedTypeStopsAtCreationAtItsLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            _ = MismatchFixtures(from: MismatchFixtures.container())
        }
        let output = Self.stderr(of: result)
        #expect(output.contains("die LoomInjectionTests/InjectedFailureTests.swift:\(MismatchFixtures.eagerLine) "))
        #expect(output.contains("cannot be used as"))
    }

    @Test func aFunctionParameterOfAMismatchedTypeStopsAtTheCallsLine() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            MismatchFixtures.callWithInjectedParameter(from: MismatchFixtures.container())
        }
        let output = Self.stderr(of: result)
        #expect(
            output.contains("die LoomInjectionTests/InjectedFailureTests.swift:\(MismatchFixtures.parameterLine) "))
        #expect(output.contains("cannot be used as"))
    }

    @Test func lazilyFailsOnlyOnFirstRead() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            final class Screen { @Injected(.lazily) var missing: MissingServiceScreen.Missing }
            let screen = Screen()
            FileHandle.standardError.write(Data("created\n".utf8))
            _ = screen.missing
        }
        let output = Self.stderr(of: result)
        #expect(output.contains("created"))
        #expect(output.contains("InjectionError:"))
    }
}
