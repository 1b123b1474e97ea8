import Foundation
import LoomMacros
import LoomTestSupport
import LoomTesting
import Testing

// Runtime checks of `@InjectedParameters`: generated overloads resolve from the active graph. The graph is
// process-wide and tests run in parallel, so every test registers its own types and deactivates what it activates.

/// A number registered in the graph, distinct from `Int` so no other test's registration can answer for it.
struct InjectedNumber: Hashable, Sendable {
    let value: Int
}

struct Calculator {
    @InjectedParameters
    func stringified(number: InjectedNumber) -> String { "\(number.value)" }

    @InjectedParameters(ignoring: "factor")
    func multiplied(by factor: Int, number: InjectedNumber) -> Int { number.value * factor }

    @InjectedParameters(strategy: .byName, ignoring: "greeting")
    func named(_ greeting: String, separator: InjectedNumber) -> String { "\(greeting)#\(separator.value)" }
}

/// A global function gets a global overload.
@InjectedParameters
func describeInjected(number: InjectedNumber) -> String { "#\(number.value)" }

/// A counter whose mutating and effectful methods are all injected.
struct Tally {
    var total = 0

    @InjectedParameters
    mutating func add(step: TallyStep) { total += step.size }

    @InjectedParameters
    func delayed(step: TallyStep) async -> Int { step.size }

    @InjectedParameters
    func checked(step: TallyStep) throws -> Int {
        guard step.size > 0 else { throw TallyError.empty }
        return step.size
    }

    @InjectedParameters
    static func describe(_ step: TallyStep, optional: MissingTallyPart?) -> String {
        "\(step.size)/\(optional == nil ? "nil" : "set")"
    }
}

struct TallyStep: Sendable { let size: Int }
struct MissingTallyPart: Sendable {}
enum TallyError: Error { case empty }

final class UploadSession: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

final class UploadClient {
    let session: UploadSession
    let label: String

    @InjectedParameters(ignoring: "label")
    init(label: String = "uploads", session: UploadSession) {
        self.label = label
        self.session = session
    }
}

actor UploadQueue {
    let session: UploadSession

    @InjectedParameters
    init(session: UploadSession) { self.session = session }
}

enum UploadMode {
    case fast(Int)

    @InjectedParameters
    init(session: UploadSession) { self = .fast(session.id) }
}

/// A missing dependency is reported at the line of the `@InjectedParameters` attribute.
struct MissingParameterCaller {
    final class Absent: Sendable {}
    static let callLine: UInt = #line + 1
    @InjectedParameters
    static func use(absent: Absent) -> Bool { true }

    static func call() {
        _ = use()
    }

    final class Screen {
        static let initLine: UInt = #line + 1
        @InjectedParameters
        init(absent: Absent) {}
    }

    static func create() {
        _ = Screen()
    }
}

/// StitcherMacros' protocol-requirement pattern: the generated overload is the conformance.
protocol EntityFinding {
    func findAll() -> [InjectedNumber]
}

final class EntityFinder: EntityFinding {
    @InjectedParameters
    func findAll(in repository: InjectedNumber) -> [InjectedNumber] { [repository] }
}

/// Activates `container` for the duration of `body`.
@discardableResult
func withActive<Result>(_ container: Container, _ body: () async throws -> Result) async rethrows -> Result {
    await DependencyGraph.activate(container)
    defer { DependencyGraph.deactivate(container) }
    return try await body()
}

@Suite struct InjectedParametersTests {
    @Test func generatedFunctionsResolveTheirParametersFromTheGraph() async {
        let injected = InjectedNumber(value: 21)
        let container = Container(name: "injected-parameters", logger: DisabledLogger()) {
            Dependency { injected }
            Dependency(named: "separator") { InjectedNumber(value: 7) }
        }
        await withActive(container) {
            let calculator = Calculator()
            #expect(calculator.stringified() == "\(injected.value)")
            for factor in [0, 2, 5] {
                #expect(calculator.multiplied(by: factor) == injected.value * factor)
            }
            #expect(calculator.named("hi") == "hi#7")
            #expect(describeInjected() == "#\(injected.value)")
            // The declared overload still wins when every argument is given.
            #expect(calculator.stringified(number: InjectedNumber(value: 1)) == "1")
        }
    }

    @Test func aGeneratedOverloadSatisfiesAProtocolRequirement() async {
        let container = Container(name: "injected-requirement", logger: DisabledLogger()) {
            Dependency { InjectedNumber(value: 5) }
        }
        await withActive(container) {
            let finder: any EntityFinding = EntityFinder()
            #expect(finder.findAll().map(\.value) == [5])
        }
    }

    @Test func mutatingAsyncThrowingAndStaticOverloadsWork() async throws {
        let container = Container(name: "injected-tally", logger: DisabledLogger()) {
            Dependency { TallyStep(size: 3) }
        }
        try await withActive(container) {
            var tally = Tally()
            tally.add()
            tally.add()
            #expect(tally.total == 6)
            #expect(await tally.delayed() == 3)
            let checked = try tally.checked()
            #expect(checked == 3)
            #expect(Tally.describe() == "3/nil")  // an Optional parameter that nobody registers is nil
        }
    }

    @Test func generatedInitializersDelegateInClassesActorsAndEnums() async {
        let container = Container(name: "injected-inits", logger: DisabledLogger()) {
            Dependency { UploadSession(id: 42) }.scope(.singleton)
        }
        await withActive(container) {
            let client = UploadClient()
            #expect(client.session.id == 42)
            #expect(client.label == "uploads")
            #expect(UploadClient(label: "avatars").label == "avatars")
            #expect(UploadQueue().session.id == 42)
            guard case .fast(let id) = UploadMode() else { return }
            #expect(id == 42)
        }
    }

    @Test func aFailedInjectionStopsAtTheAttributesLine() async {
        let line = MissingParameterCaller.callLine
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            MissingParameterCaller.call()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("die LoomMacrosTests/InjectedParametersTests.swift:\(line) "))
        #expect(output.contains("InjectionError: No registration found for Type[Absent]"))
    }

    @Test func aFailedInitializerInjectionStopsAtTheAttributesLine() async {
        let line = MissingParameterCaller.Screen.initLine
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            LoomConfiguration.logger = CapturingLogger()
            MissingParameterCaller.create()
        }
        let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(output.contains("die LoomMacrosTests/InjectedParametersTests.swift:\(line) "))
    }
}
