import Testing

@testable import LoomAutoregistrationCore

/// The generator's lexical scanner: which `@Registerable` types it lists, under which names and conditions.
@Suite struct RegisterableScannerTests {
    func names(in source: String) -> [String] {
        RegisterableScanner.registerableTypes(in: source).map(\.qualifiedName)
    }

    @Test func typesOfEveryKindAreFoundWithTheirModifiersAndArguments() {
        let source = """
            @Registerable
            final class A: Sendable { init() {} }
            @Registerable(by: .name("b"), scope: .singleton) public struct B {}
            @MainActor @Registerable(eagerness: .eager)
            public final class C {}
            @LoomMacros.Registerable enum D { init() {} }
            @Registerable
            actor E {}
            """
        #expect(names(in: source) == ["A", "B", "C", "D", "E"])
    }

    @Test func nestedTypesAreQualifiedAndExtensionsNameTheirType() {
        let source = """
            enum Outer {
                @Registerable struct Inner {}
                struct Middle { @Registerable final class Deep {} }
                func helper() { struct Local {} }
            }
            extension Outer.Middle {
                @Registerable struct Extended {}
            }
            """
        #expect(names(in: source) == ["Outer.Inner", "Outer.Middle.Deep", "Outer.Middle.Extended"])
    }

    @Test func typesTheGeneratedFileCannotNameAreSkipped() {
        let source = """
            @Registerable private final class Hidden {}
            @Registerable fileprivate struct AlsoHidden {}
            private enum Namespace { @Registerable struct InsidePrivate {} }
            private extension Outer { @Registerable struct InPrivateExtension {} }
            @Registerable struct Generic<T> {}
            struct Box<T> { @Registerable struct InGeneric {} }
            func make() { @Registerable struct Local {} }
            @Registerable struct Visible {}
            """
        #expect(names(in: source) == ["Visible"])
    }

    @Test func commentsAndStringLiteralsAreIgnored() {
        let source = #"""
            // @Registerable struct LineComment {}
            /* @Registerable struct Block { /* nested */ @Registerable struct StillComment {} } */
            let a = "@Registerable struct InString {}"
            let b = "\("}")@Registerable struct AfterInterpolation {}"
            let c = """
                @Registerable struct InMultiline {}
                """
            let d = #"@Registerable struct InRaw { "\(x)" }"#
            let e = #/@Registerable struct InRegex/#
            @Registerable struct Real {}
            """#
        #expect(names(in: source) == ["Real"])
    }

    @Test func bracesInsideInterpolationsDoNotConfuseNesting() {
        let source = #"""
            enum Host {
                static let text = "\({ "}" }())"
                @Registerable struct Nested {}
            }
            """#
        #expect(names(in: source) == ["Host.Nested"])
    }

    @Test func classMembersAndActorVariablesAreNotTypes() {
        let source = """
            final class Base {
                class func make() {}
                class var shared: Base { Base() }
                func run() { let actor = 1; _ = actor }
                @Registerable struct Member {}
            }
            """
        #expect(names(in: source) == ["Base.Member"])
    }

    @Test func conditionalCompilationIsCarriedOver() {
        let source = """
            #if DEBUG
            @Registerable struct Debug {}
            #elseif os(Linux) // a comment
            @Registerable struct Linux {}
            #else
            #if canImport(UIKit)
            @Registerable struct Phone {}
            #endif
            #endif
            @Registerable struct Always {}
            """
        let types = RegisterableScanner.registerableTypes(in: source)
        #expect(
            types == [
                RegisterableType(qualifiedName: "Debug", conditions: ["DEBUG"]),
                RegisterableType(qualifiedName: "Linux", conditions: ["!(DEBUG) && (os(Linux))"]),
                RegisterableType(qualifiedName: "Phone", conditions: ["!(DEBUG) && !(os(Linux))", "canImport(UIKit)"]),
                RegisterableType(qualifiedName: "Always", conditions: []),
            ])
    }

    @Test func propertyNamesAreLowerCamelCaseModuleNames() {
        #expect(GroupRenderer.propertyName(forModule: "LoomFixtureCatalog") == "loomFixtureCatalogAutoregistered")
        #expect(GroupRenderer.propertyName(forModule: "HTTPClient") == "httpClientAutoregistered")
        #expect(GroupRenderer.propertyName(forModule: "UI") == "uiAutoregistered")
        #expect(GroupRenderer.propertyName(forModule: "catalog") == "catalogAutoregistered")
    }

    @Test func theRenderedFileWrapsConditionalEntries() {
        let rendered = GroupRenderer.render(
            module: "Shop",
            types: [
                RegisterableType(qualifiedName: "Cart", conditions: []),
                RegisterableType(qualifiedName: "Debug.Menu", conditions: ["DEBUG", "os(Linux)"]),
            ])
        #expect(
            rendered == """
                // Generated by the LoomAutoregistration plugin from the @Registerable types of Shop. Do not edit.
                public import LoomCore

                extension DependencyGroup {
                    /// The registrations of every `@Registerable` type of Shop (2 found).
                    public static var shopAutoregistered: DependencyGroup {
                        DependencyGroup {
                            Cart.dependencyRegistration
                            #if (DEBUG) && (os(Linux))
                            Debug.Menu.dependencyRegistration
                            #endif
                        }
                    }
                }

                """)
    }
}
