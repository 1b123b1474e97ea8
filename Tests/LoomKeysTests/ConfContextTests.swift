import LoomKeys
import Testing

struct InjectedThingKey: InjectionKey {
    static let defaultValue = "thing"
}

@Suite struct ConfContextTests {
    @Test func aNewContextIsEmpty() {
        let context = ConfContext.new()
        #expect(context[\.context] == nil)
        #expect(context[IntKey<ContextTag>.self] == nil)
        #expect(context[InjectedThingKey.self] == nil)
        #expect(context[autoInjectable: Clock.self] == nil)
    }

    @Test func subscriptsSetAndNilRemoves() {
        var context = ConfContext.new()
        context[\.context] = 1
        #expect(context[IntKey<ContextTag>.self] == 1)
        context[IntKey<ContextTag>.self] = 2
        #expect(context[\.context] == 2)
        context[\.context] = nil
        #expect(context[\.context] == nil)

        context[InjectedThingKey.self] = "other"
        #expect(context[InjectedThingKey.self] == "other")
        context[InjectedThingKey.self] = nil
        #expect(context[InjectedThingKey.self] == nil)

        let clock = Clock()
        context[autoInjectable: Clock.self] = clock
        #expect(context[autoInjectable: Clock.self] === clock)
        #expect(context[ClockKey.self] === clock)
        context[autoInjectable: Clock.self] = nil
        #expect(context[ClockKey.self] == nil)
    }

    @Test func copiesAreIndependent() {
        var original = ConfContext.new()
        original[\.context] = 1
        var copy = original
        copy[\.context] = 2
        #expect(original[\.context] == 1)
        #expect(copy[\.context] == 2)
    }
}
