import Loom

// A small tour of the LoomCore engine; the sample CLI replaces this example.
protocol Greeter: Sendable { func greet(_ name: String) -> String }
struct EnglishGreeter: Greeter { func greet(_ name: String) -> String { "Hello, \(name)!" } }
struct PirateGreeter: Greeter { func greet(_ name: String) -> String { "Ahoy, \(name)!" } }

final class Clock: Sendable {
    let createdAt = ContinuousClock.now
}

extension RegistrationAlternative {
    static let pirate: RegistrationAlternative = "pirate"
}

LoomConfiguration.logger = PrintLogger(minimumLevel: .info)

let app = Container(name: "app")
app.register { () -> any Greeter in EnglishGreeter() }
app.register(alternative: .pirate) { () -> any Greeter in PirateGreeter() }
app.register(scope: .singleton) { Clock() }

let feature = Container(name: "feature", parent: app)
feature.register { enclosing -> String in "made for \(enclosing)" }

let greeter: any Greeter = try app.resolve()
let pirate: any Greeter = try app.resolve(alternative: .pirate)
print(greeter.greet("Loom"))
print(pirate.greet("Loom"))

let first: Clock = try feature.resolve()
let second: Clock = try feature.resolve()
print("singleton from the parent, resolved twice, same instance: \(first === second)")

let label: String = try feature.resolve(parameter: "the demo")
print("parametrized resolver: \(label)")

do {
    let _: Int = try feature.resolve()
} catch {
    print("a missing dependency is a typed error:\n\(error)")
}
