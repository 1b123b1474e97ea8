// The snippets of Loom's landing page (Modules/Loom/Loom.docc/Loom.md), compiled and run. Keep the two in step.
// `print` is shadowed so that the test can read what the snippet prints. The snippet activates a container in the
// process-wide graph, so it runs in a child process (an exit test).
import Loom  // LoomCore, LoomKeys, LoomLookup and LoomInjection
import LoomTestSupport
import Testing

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

// MARK: Getting started

private protocol Greeter: Sendable { func greet(_ name: String) -> String }
private struct EnglishGreeter: Greeter { func greet(_ name: String) -> String { "Hello, \(name)!" } }
private final class Database: Sendable { init(path: String) {} }

private final class WelcomeScreen {
    @Injected var greeter: any Greeter
    func show(_ name: String) { print(greeter.greet(name)) }
}

private enum RetryCountKey: ConfKey {
    typealias Value = Int
    static let defaultValue: Int! = 3
}
extension ConfKeys {
    fileprivate var retryCount: RetryCountKey.Type { RetryCountKey.self }
}

@Suite struct LoomLandingPageTests {
    @Test func oneImportGivesEveryRuntimeModule() {
        let container = Container(name: "umbrella")  // LoomCore
        let policy: any ContainerLookupPolicy = .singleton(container)  // LoomLookup
        let wrapper = Injected<Int>(wrappedValue: 1)  // LoomInjection
        #expect(policy.container(for: nil as AnyObject?, file: #fileID, function: #function, line: #line) === container)
        #expect(wrapper.wrappedValue == 1)
        #expect(Conf[\.retryCount] == 3)  // LoomKeys
    }

    @Test func registerActivateAndInject() async {
        await #expect(processExitsWith: .success) {
            let printed = try PrintCapture.lines {
                // Registrations: how each dependency is built and how long it is kept.
                let app = Container(name: "app") {
                    Dependency { () -> any Greeter in EnglishGreeter() }
                    Dependency { Database(path: "notes.sqlite") }.scope(.singleton)
                }
                DependencyGraph.activate(app)

                // Injection: resolved from the active containers on first read.
                WelcomeScreen().show("Ada")

                // Configuration: a key with a default, overridable globally or per task.
                Conf.withValue(1, for: \.retryCount) {
                    print(Conf[\.retryCount])  // 1, in this task and its child tasks only
                }
                print(Conf[\.retryCount])

                // Resolving directly works too, and throws instead of stopping the program.
                let greeter: any Greeter = try app.resolve()
                #expect(greeter.greet("Bo") == "Hello, Bo!")
                #expect(try app.resolve(Database.self) === app.resolve(Database.self))
                #expect(throws: InjectionError.self) { try app.resolve(Int.self) }
            }
            #expect(printed == ["Hello, Ada!", "1", "3"])
        }
    }
}
