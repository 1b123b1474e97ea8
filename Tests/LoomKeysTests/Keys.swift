import LoomKeys
import LoomTestSupport

// Keys used by the LoomKeys tests, declared by hand (LoomMacrosTests covers the macro spellings). Root values are
// process-wide and suites run in parallel, so every test owns the keys it writes.

/// A Sendable service with an identity, for `===` checks.
final class Service: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// Declares an `Int` key with a default, readable by key path as `\.<name>`.
enum IntKey<Tag>: ConfKey {
    typealias Value = Int
    static var defaultValue: Int! { 42 }
}

enum ReadsTag {}
enum RootTag {}
enum RootSubscriptTag {}
enum VisibleTag {}
enum OverrideTag {}
enum OverrideAsyncTag {}
enum ChildTag {}
enum NestedOuterTag {}
enum NestedInnerTag {}
enum MultiATag {}
enum MultiBTag {}
enum SnapshotOverriddenTag {}
enum SnapshotOtherTag {}
enum ParallelTag {}
enum EscapingTag {}
enum IsolationTag {}
enum InjectedTag {}
enum ContextTag {}
enum CustomContextTag {}
enum ExplicitInitTag {}

extension ConfKeys {
    var reads: IntKey<ReadsTag>.Type { IntKey<ReadsTag>.self }
    var root: IntKey<RootTag>.Type { IntKey<RootTag>.self }
    var rootSubscript: IntKey<RootSubscriptTag>.Type { IntKey<RootSubscriptTag>.self }
    var visible: IntKey<VisibleTag>.Type { IntKey<VisibleTag>.self }
    var override: IntKey<OverrideTag>.Type { IntKey<OverrideTag>.self }
    var overrideAsync: IntKey<OverrideAsyncTag>.Type { IntKey<OverrideAsyncTag>.self }
    var child: IntKey<ChildTag>.Type { IntKey<ChildTag>.self }
    var nestedOuter: IntKey<NestedOuterTag>.Type { IntKey<NestedOuterTag>.self }
    var nestedInner: IntKey<NestedInnerTag>.Type { IntKey<NestedInnerTag>.self }
    var multiA: IntKey<MultiATag>.Type { IntKey<MultiATag>.self }
    var multiB: IntKey<MultiBTag>.Type { IntKey<MultiBTag>.self }
    var snapshotOverridden: IntKey<SnapshotOverriddenTag>.Type { IntKey<SnapshotOverriddenTag>.self }
    var snapshotOther: IntKey<SnapshotOtherTag>.Type { IntKey<SnapshotOtherTag>.self }
    var parallel: IntKey<ParallelTag>.Type { IntKey<ParallelTag>.self }
    var escaping: IntKey<EscapingTag>.Type { IntKey<EscapingTag>.self }
    var isolation: IntKey<IsolationTag>.Type { IntKey<IsolationTag>.self }
    var injected: IntKey<InjectedTag>.Type { IntKey<InjectedTag>.self }
    var context: IntKey<ContextTag>.Type { IntKey<ContextTag>.self }
    var customContext: IntKey<CustomContextTag>.Type { IntKey<CustomContextTag>.self }
    var explicitInit: IntKey<ExplicitInitTag>.Type { IntKey<ExplicitInitTag>.self }
}

/// Counts how often each tagged key's default is built.
enum DefaultBuilds {
    static let lazyRoot = Counter()
    static let lazyOverride = Counter()
    static let concurrent = Counter()
    static let injection = Counter()
    static let reset = Counter()
}

/// A key whose default counts its constructions; the `Tag` picks the counter.
enum CountingKey<Tag: CounterTag>: ConfKey {
    typealias Value = Service
    static var defaultValue: Service! {
        Tag.counter.increment()
        return Service("default")
    }
}

protocol CounterTag: Sendable { static var counter: Counter { get } }
enum LazyRootTag: CounterTag { static var counter: Counter { DefaultBuilds.lazyRoot } }
enum LazyOverrideTag: CounterTag { static var counter: Counter { DefaultBuilds.lazyOverride } }
enum ConcurrentTag: CounterTag { static var counter: Counter { DefaultBuilds.concurrent } }
