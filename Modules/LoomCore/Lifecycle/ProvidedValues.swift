/// The values a request scope was given when it opened (`withScope(providing:)`), each found by the static type it
/// was passed as.
///
/// A request passes a handful (the request, its id, its logger): a scan of a short array beats hashing.
package struct ProvidedValues: Sendable {
    private var values: [(type: ObjectIdentifier, value: any Sendable)] = []

    /// The values of `withScope(providing:)`'s pack, under their static types; a later value of the same type
    /// replaces an earlier one.
    package init<each Value: Sendable>(_ value: repeat each Value) {
        // One allocation for the array, whatever the number of values.
        var count = 0
        for _ in repeat each value { count += 1 }
        values.reserveCapacity(count)
        repeat add(each value)
    }

    private mutating func add<Value: Sendable>(_ value: Value) {
        let type = ObjectIdentifier(Value.self)
        if let index = values.firstIndex(where: { $0.type == type }) {
            values[index].value = value
        } else {
            values.append((type, value))
        }
    }

    /// The value given as `T`, if any.
    package func value<T>(as type: T.Type) -> T? {
        let type = ObjectIdentifier(T.self)
        for entry in values where entry.type == type { return entry.value as? T }
        return nil
    }
}
