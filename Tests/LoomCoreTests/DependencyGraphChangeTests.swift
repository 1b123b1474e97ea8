import LoomCore
import Testing

@Suite struct DependencyGraphChangeTests {
    @Test func aConfigurationChangeNamesItsKeysAndTheContainersRebuilding() {
        let change = DependencyGraphChange(
            kind: .configurationChanged, containers: ["Container(app)"], keys: ["http.timeout", "db.host"])
        #expect(change.description == "configuration changed: http.timeout, db.host; rebuilding in Container(app)")
        let nothingCached = DependencyGraphChange(kind: .configurationChanged, containers: [], keys: ["log.level"])
        #expect(nothingCached.description == "configuration changed: log.level")
    }

    @Test func otherChangesHaveNoKeys() {
        let change = DependencyGraphChange(kind: .activated, containers: ["Container(app)"])
        #expect(change.keys.isEmpty)
        #expect(change.description == "activated Container(app)")
    }
}
