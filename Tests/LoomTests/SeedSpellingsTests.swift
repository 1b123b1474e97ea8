import Loom
import LoomMacros
import LoomTestSupport
import Testing

/// The seeds' spellings Loom keeps so their users' code compiles (Documentation/Design/seed-behaviours.md).
///
/// The deprecated ones are exercised in
/// deprecated tests: their call sites are then in a deprecated context and print no warning (the build allows none),
/// while a user's code gets the warning naming Loom's spelling.
/// StitcherMacros' strategy names and parent-kind type, in a deprecated type so they print no warning here.
@available(*, deprecated, message: "exercises StitcherMacros' deprecated spellings")
final class LegacyCounter {
    static let parent: AttachedParentKind = .classParent

    @InjectedParameters(strategy: .stitcherByName)
    func total(of seedSpellingsCount: Int) -> Int { seedSpellingsCount }

    @InjectedParameters(strategy: .stitcherByType)
    func doubled(_ value: SeedSpellingsValue) -> Int { value.number * 2 }
}

/// Registered by type only by ``SeedSpellingsTests``.
struct SeedSpellingsValue: Hashable, Sendable {
    let number: Int
}

@Suite struct SeedSpellingsTests {
    protocol Feed: Sendable { var name: String { get } }
    struct NewsFeed: Feed { var name: String { "news" } }
    enum FeedName: CustomStringConvertible {
        case news
        var description: String { "seed-spellings-news" }
    }

    final class Renderer: @unchecked Sendable {
        // Written once, in init.
        let container: Container
        init(_ container: Container) { self.container = container }
        func render(@Injected feed: any Feed) -> String { feed.name }
    }

    @available(*, deprecated, message: "exercises Macaroni's deprecated spellings")
    @Test func macaronisParameterSourcesLoggersAndPolicyTypeStillCompile() {
        let container = Container(name: "seed-spellings-macaroni", logger: DisabledMacaroniLogger())
        container.register { () -> any Feed in NewsFeed() }
        let renderer = Renderer(container)
        #expect(renderer.render($feed: .container(container)) == "news")
        #expect(renderer.render($feed: .alreadyResolved(NewsFeed())) == "news")
        let viaObject = Container.withLookupPolicy(.singleton(container)) { renderer.render($feed: .object(renderer)) }
        #expect(viaObject == "news")
        let policy: any ContainerLookupPolicy = EnclosingTypeContainer()
        #expect(policy is EnclosingTypeLookupPolicy)
        let logger: any LoomLogger = SimpleMacaroniLogger()
        #expect(logger is PrintLogger)
    }

    @Test func stitchersContainerIdentityEmptinessAndVariadicMergingCompile() throws {
        let feeds = Container(name: "seed-spellings-feeds") { Dependency { () -> any Feed in NewsFeed() } }
        let other = Container(name: "seed-spellings-other") { Dependency(named: "seed-spellings-count") { 3 } }
        let merged = Container(merging: feeds, other)
        #expect(try merged.resolve((any Feed).self).name == "news")
        #expect(try merged.inject(byName: "seed-spellings-count") as Int == 3)
        #expect(feeds == feeds && feeds != other)
        let empty = Container.empty
        #expect(empty.registrationCount == 0 && empty != Container.empty)
    }

    @available(*, deprecated, message: "exercises Stitcher's deprecated registrar spellings")
    @Test func stitchersRegistrarMatchingSpellingsStillCompile() throws {
        let container = Container(name: "seed-spellings-registrar") {
            Dependency(named: "seed-spellings-a") { 1 }
            Dependency(named: "seed-spellings-b") { 2 }.scope(.singleton)
        }
        let registrar = container.verify().registrar
        var seen: [Int] = []
        registrar.withMatches(
            where: { $0.container == container.description }, perform: { seen.append($0.count) })
        registrar.withFirstMatch(
            where: { $0.isLocatedBy(name: "seed-spellings-b") },
            perform: { seen.append($0?.scope.description == "singleton" ? 1 : 0) })
        #expect(seen == [2, 1])
    }

    @available(*, deprecated, message: "exercises StitcherMacros' deprecated spellings")
    @Test func stitcherMacrosStrategyNamesAndParentKindStillCompile() async {
        let container = Container(name: "seed-spellings-macros", logger: DisabledLogger()) {
            Dependency(named: "seedSpellingsCount") { 4 }
            Dependency { SeedSpellingsValue(number: 5) }
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        #expect(LegacyCounter().total() == 4)
        #expect(LegacyCounter().doubled() == 10)
        #expect(LegacyCounter.parent == .classParent)
    }

    @available(*, deprecated, message: "exercises Stitcher's labelled inject(parameters:)")
    @Test func stitchersLabelledParametersStillCompile() async throws {
        struct Repository: Sendable { let context: String }
        enum Entity: Hashable, Sendable { case user }
        let container = Container(name: "seed-spellings-parameters", logger: DisabledLogger()) {
            Dependency { (context: SeedSpellingsValue) in Repository(context: "type \(context.number)") }
            Dependency(named: "seed-spellings-repository") { (context: Int) in Repository(context: "name \(context)") }
            Dependency(for: Entity.user) { (context: Int, suffix: String) in Repository(context: "\(context)\(suffix)")
            }
        }
        await DependencyGraph.activate(container)
        defer { DependencyGraph.deactivate(container) }
        let byType: Repository = try DependencyGraph.inject(parameters: SeedSpellingsValue(number: 1))
        let optional: Repository? = try DependencyGraph.inject(parameters: SeedSpellingsValue(number: 2))
        let byName: Repository = try DependencyGraph.inject(byName: "seed-spellings-repository", parameters: 3)
        let byValue: Repository = try DependencyGraph.inject(byValue: Entity.user, parameters: 4, "!")
        #expect([byType, optional, byName, byValue].map { $0?.context } == ["type 1", "type 2", "name 3", "4!"])
    }

    @Test func aCustomStringConvertibleNameLocatesRegistrationsWithArgumentsAndProperties() throws {
        let container = Container(name: "seed-spellings-names") {
            Dependency(named: FeedName.news) { (prefix: String) in "\(prefix)-news" }
            Dependency(named: FeedName.news) { () -> any Feed in NewsFeed() }
        }
        #expect(try container.inject(byName: FeedName.news.description, "top") as String == "top-news")
        struct Reader {
            @Injected(name: FeedName.news) var feed: any Feed
            init(_ container: Container) {
                _feed = Container.withLookupPolicy(.singleton(container)) { Injected(name: FeedName.news) }
            }
        }
        #expect(Reader(container).feed.name == "news")
    }
}
