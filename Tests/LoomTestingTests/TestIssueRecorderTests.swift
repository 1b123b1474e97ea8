import Loom
import LoomTesting
import Testing

/// Unimplemented dependencies and strict scopes: what they record against the running test, and where.
@Suite struct TestIssueRecorderTests {
    static let fileID = "LoomTestingTests/TestIssueRecorderTests.swift"

    @Test func resolvingAnUnimplementedDependencyRecordsAnIssueAtTheCallSiteAndThrows() throws {
        let container = Container(name: "unimplemented") { Dependency.unimplemented((any Greeter).self) }
        var thrown: InjectionError?
        let line = #line + 5  // the resolve below
        withKnownIssue {
            withTestDependencies { _ in
            } operation: {
                do {
                    _ = try container.resolve((any Greeter).self)
                } catch let error as InjectionError {
                    thrown = error
                } catch {}
            }
        } matching: { issue in
            issue.sourceLocation?.fileID == Self.fileID && issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("Type[Greeter] is unimplemented") }
        }
        guard case .unimplementedDependency(let context, let calledFrom) = try #require(thrown) else {
            Issue.record("expected .unimplementedDependency, got \(String(describing: thrown))")
            return
        }
        #expect(context.requestedType == "Greeter")
        #expect(calledFrom == "\(Self.fileID):\(line)")
    }

    @Test func outsideAnyTestOnlyTheTypedErrorIsThrown() async throws {
        let container = Container(name: "unimplemented-detached") { Dependency.unimplemented((any Greeter).self) }
        // A detached task runs outside the test: nothing is recorded against it (an issue would fail this test).
        let error = await Task.detached {
            do {
                _ = try container.resolve((any Greeter).self)
                return nil as InjectionError?
            } catch {
                return error as? InjectionError
            }
        }.value
        guard case .unimplementedDependency? = error else {
            Issue.record("expected .unimplementedDependency, got \(String(describing: error))")
            return
        }
    }

    @Test func anOverrideReplacesTheUnimplementedDependency() throws {
        let container = Container(name: "unimplemented-overridden") { Dependency.unimplemented((any Greeter).self) }
        let index = try withTestDependencies {
            $0.register { () -> any Greeter in IndexedGreeter(index: 4) }
        } operation: {
            try container.resolve((any Greeter).self).index
        }
        #expect(index == 4)
    }

    @Test func aWrapperReadReturnsThePlaceholderAfterRecordingTheIssue() throws {
        let container = Container(name: "unimplemented-placeholder") {
            Dependency.unimplemented((any Greeter).self, placeholder: { IndexedGreeter(index: 99) })
        }
        withKnownIssue {
            withTestDependencies { _ in
            } operation: {
                let client = PlaceholderClient(container: container)
                #expect(client.greeter.index == 99)
            }
        } matching: { issue in
            issue.sourceLocation?.fileID == "LoomTestingTests/TestIssueRecorderTests.swift"
                && issue.sourceLocation?.line == PlaceholderClient.greeterLine
        }
    }

    @Test func aStrictScopeRecordsEachLiveRegistrationItReachesAndReturnsItsValue() throws {
        let container = Container(name: "strict") {
            Dependency { Session(index: 3) }
            Dependency { () -> any Greeter in IndexedGreeter(index: 0) }
        }
        let line = #line + 7  // the resolve of Session below
        withKnownIssue {
            do {
                try withTestDependencies(.strict) { container in
                    container.register { () -> any Greeter in IndexedGreeter(index: 5) }
                } operation: { () throws in
                    #expect(try container.resolve((any Greeter).self).index == 5)
                    #expect(try container.resolve(Session.self).index == 3)
                }
            } catch {
                Issue.record(error)
            }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("Type[Session] was resolved") }
        }
    }
}

/// Reads an unimplemented greeter through `@Injected`.
private final class PlaceholderClient: @unchecked Sendable {
    // Wrapper storage is written once, in init; the wrapper locks its own state.
    @Injected var greeter: any Greeter

    static let greeterLine = #line + 2
    init(container: Container) {
        _greeter = Injected(.capturingContainerOnInit(container))
    }
}
