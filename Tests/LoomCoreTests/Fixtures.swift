import LoomCore

protocol Greeting: Sendable { var text: String { get } }
final class EnglishGreeting: Greeting { let text = "Hello" }
final class PirateGreeting: Greeting { let text = "Ahoy" }

final class Service: Sendable {
    let id: Int
    init(id: Int = 0) { self.id = id }
}
final class OtherService: Sendable {}
struct ValueService: Sendable, Equatable { var id = 0 }

extension RegistrationAlternative {
    static let another: RegistrationAlternative = "another"
}

/// A container that does not print during tests.
func quietContainer(_ name: String? = nil, parent: Container? = nil) -> Container {
    Container(name: name, parent: parent, logger: DisabledLogger())
}
