import Foundation
import LoomMacros
import Testing

@testable import LoomAutoregistrationCore

// The article "Catching graph errors at build time" (Modules/LoomMacros/LoomMacros.docc/Articles/
// CatchingGraphErrorsAtBuildTime.md). Its Swift snippets are the files of a small package; each test writes them
// to a folder, runs the plugin's tool over them as the plugin would, and checks that the article (and the README,
// for the first diagnostic) quotes exactly what the tool prints (paths relative to the package). The snippets are also compiled below, with a `BuildTime` prefix
// (this target has other `Clock`s and `Editor`s in scope), and run: the run-time errors and `verify()` agree with
// the build-time findings. Keep the three in step.

// MARK: The snippets, compiled

private protocol BuildTimeClock: Sendable {
    func now() -> Int
}

@Registerable(parameters: .injected)
private final class BuildTimeEditor: Sendable {
    let clock: any BuildTimeClock

    init(clock: any BuildTimeClock) {
        self.clock = clock
    }
}

private struct BuildTimeSystemClock: BuildTimeClock {
    func now() -> Int { 0 }
}

@Registerable(parameters: .injected)
private final class BuildTimeAccounts: Sendable {
    init(sessions: BuildTimeSessions) {}
}

@Registerable(parameters: .injected)
private final class BuildTimeSessions: Sendable {
    init(accounts: BuildTimeAccounts) {}
}

@Registerable(scope: .scoped)
private final class BuildTimeRequestContext: Sendable {
    init() {}
}

@Registerable(scope: .singleton, parameters: .injected)
private final class BuildTimeCache: Sendable {
    init(context: BuildTimeRequestContext) {}
}

// MARK: The snippets, as the article shows them

private enum Article {
    static let editor = """
        public import LoomMacros

        public protocol Clock: Sendable {
            func now() -> Int
        }

        @Registerable(parameters: .injected)
        public final class Editor: Sendable {
            private let clock: any Clock

            public init(clock: any Clock) {
                self.clock = clock
            }
        }
        """

    static let systemClock = """
        public struct SystemClock: Clock {
            public init() {}
            public func now() -> Int { 0 }
        }
        """

    static let concreteApp = """
        import Feature
        import Loom

        let app = Container(name: "app") {
            DependencyGroup.featureAutoregistered
            Dependency { () -> SystemClock in SystemClock() }
        }
        """

    /// The fix the article describes: the clock registered as what the editor needs.
    static let fixedApp = concreteApp.replacing("() -> SystemClock in", with: "() -> any Clock in")

    static let accounts = """
        @Registerable(parameters: .injected)
        public final class Accounts: Sendable {
            public init(sessions: Sessions) {}
        }

        @Registerable(parameters: .injected)
        public final class Sessions: Sendable {
            public init(accounts: Accounts) {}
        }
        """

    static let cache = """
        @Registerable(scope: .scoped)
        public final class RequestContext: Sendable {
            public init() {}
        }

        @Registerable(scope: .singleton, parameters: .injected)
        public final class Cache: Sendable {
            public init(context: RequestContext) {}
        }
        """

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var text: String {
        get throws {
            try String(
                contentsOf: root.appendingPathComponent(
                    "Modules/LoomMacros/LoomMacros.docc/Articles/CatchingGraphErrorsAtBuildTime.md"),
                encoding: .utf8)
        }
    }

    /// The README, which quotes the same diagnostic.
    static var readme: String {
        get throws { try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8) }
    }

    /// The tool's output for a package of `feature` and `app` files, with the folder's path cut from each line.
    static func check(feature: [String: String], app: String) throws -> AutoregistrationTool.Run {
        let folder = try SourceFolder()
        var featurePaths: [String] = []
        for (name, contents) in feature { featurePaths.append(try folder.write("Sources/Feature/\(name)", contents)) }
        let main = try folder.write("Sources/App/main.swift", app)
        let run = try AutoregistrationTool.run(
            ["App", folder.path("App+Autoregistered.swift"), "--kind", "executable", main, "--dependency", "Feature"]
                + featurePaths)
        let prefix = folder.url.path + "/"
        return AutoregistrationTool.Run(
            lines: run.lines.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }, failed: run.failed)
    }
}

@Suite(.serialized) struct CatchingGraphErrorsAtBuildTimeTests {
    @Test func theArticleShowsTheSnippetsItsDiagnosticsComeFrom() throws {
        let text = try Article.text
        for snippet in [Article.editor, Article.systemClock, Article.concreteApp, Article.accounts, Article.cache] {
            #expect(text.contains(snippet), "\(snippet)")
        }
    }

    @Test func aNeedRegisteredUnderItsConcreteTypeFailsTheBuildWithADidYouMean() throws {
        let run = try Article.check(
            feature: ["Editor.swift": Article.editor, "SystemClock.swift": Article.systemClock],
            app: Article.concreteApp)
        #expect(run.failed)
        let text = try Article.text
        #expect(run.lines.count == 2)
        for line in run.lines { #expect(text.contains(line), "\(line)") }
        #expect(try Article.readme.contains(run.lines[0]))
    }

    @Test func registeringTheClockAsWhatTheEditorNeedsMakesItBuild() async throws {
        let run = try Article.check(
            feature: ["Editor.swift": Article.editor, "SystemClock.swift": Article.systemClock], app: Article.fixedApp)
        #expect(!run.failed)
        #expect(run.lines == ["Loom graph check of App (assembling): 1 need checked, 0 unknown; 0 errors, 0 warnings"])

        let app = Container(name: "app") {
            BuildTimeEditor.dependencyRegistration
            Dependency { () -> any BuildTimeClock in BuildTimeSystemClock() }
        }
        await DependencyGraph.activate(app)
        defer { DependencyGraph.deactivate(app) }
        let editor: BuildTimeEditor = try app.resolve()
        #expect(editor.clock.now() == 0)
    }

    @Test func twoTypesNeedingEachOtherFailTheBuildAndTheirResolution() async throws {
        let run = try Article.check(
            feature: [
                "Editor.swift": Article.editor, "SystemClock.swift": Article.systemClock,
                "Accounts.swift": Article.accounts,
            ],
            app: Article.fixedApp)
        #expect(run.failed)
        let text = try Article.text
        #expect(run.lines.count == 3)
        for line in run.lines.dropLast() { #expect(text.contains(line), "\(line)") }

        let app = Container(name: "cycle") {
            BuildTimeAccounts.dependencyRegistration
            BuildTimeSessions.dependencyRegistration
        }
        await DependencyGraph.activate(app)
        defer { DependencyGraph.deactivate(app) }
        let error = #expect(throws: InjectionError.self) { try app.resolve(BuildTimeAccounts.self) }
        guard case .cyclicDependencyReference? = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
    }

    @Test func aSingletonHoldingAScopedClassWarnsAndVerifyAgrees() async throws {
        let run = try Article.check(
            feature: [
                "Editor.swift": Article.editor, "SystemClock.swift": Article.systemClock, "Cache.swift": Article.cache,
            ],
            app: Article.fixedApp)
        #expect(!run.failed)
        let text = try Article.text
        #expect(run.lines.count == 2)
        #expect(text.contains(run.lines[0]), "\(run.lines[0])")

        let app = Container(name: "captive") {
            BuildTimeCache.dependencyRegistration
            BuildTimeRequestContext.dependencyRegistration
        }
        await DependencyGraph.activate(app)
        defer { DependencyGraph.deactivate(app) }
        let report = app.verify()
        #expect(
            report.defects.contains {
                if case .captiveDependency = $0 { return true }
                return false
            }, "\(report)")
    }

    @Test func theSummaryLineTheArticleQuotesIsTheToolsFirstRunsSummary() throws {
        let run = try Article.check(
            feature: ["Editor.swift": Article.editor, "SystemClock.swift": Article.systemClock],
            app: Article.concreteApp)
        #expect(
            run.lines.last == "Loom graph check of App (assembling): 1 need checked, 0 unknown; 1 error, 0 warnings")
        #expect(try Article.text.contains(run.lines.last ?? "-"))
    }
}
