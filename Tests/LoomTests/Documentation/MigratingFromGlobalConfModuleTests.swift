// The snippets of the article "Migrating from GlobalConfModule" (Modules/Loom/Loom.docc/Articles/
// MigratingFromGlobalConfModule.md), compiled and run. Keep the two in step. `print` is shadowed so that the test
// can read what the snippet prints. The public keys need `public import LoomMacros` in this target, which enables
// `InternalImportsByDefault`. Setting a root value changes the whole process, so the snippet runs in a child
// process (an exit test).
public import LoomMacros
import LoomTestSupport
import Testing

private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    PrintCapture.record(items, separator: separator)
}

protocol Analytics: Sendable { func track(_ event: String) -> String }
private struct ConsoleAnalytics: Analytics { func track(_ event: String) -> String { "console: \(event)" } }

extension ConfKeys {
    #declareConfKey("myBool", Bool.self, defaultValue: true)
    #declareServiceKey(visibility: .internal, "analytics", (any Analytics).self, defaultValue: nil)
}
extension Conf {
    #declareConfAccessor(\.myBool, Bool.self)
}

private struct Checkout {
    @InjectedConf(\.analytics) var analytics: any Analytics
}

// "Namespaces".
extension ConfKeys {
    /// The article's namespace.
    public struct AmazingNamespace: Sendable {}
    /// `\.amazingNamespace.<key>`.
    public var amazingNamespace: AmazingNamespace { AmazingNamespace() }
}
extension ConfKeys.AmazingNamespace {
    #declareConfKey("amazingFlag", Bool.self, defaultValue: true)
}

@Suite struct MigratingFromGlobalConfModuleTests {
    @Test func keysAccessorsAndOverrides() async {
        await #expect(processExitsWith: .success) {
            let printed = PrintCapture.lines {
                Conf.setRootValue(ConsoleAnalytics(), for: \.analytics)  // at start-up

                #expect(Checkout().analytics.track("paid") == "console: paid")

                Conf.withValue(false, for: \.myBool) {
                    print(Conf.myBool)  // false, in this task and its child tasks only
                }
                print(Conf.myBool)
            }
            #expect(printed == ["false", "true"])
        }
    }

    @Test func aHandWrittenNamespaceReplacesDeclareNamespaceKey() {
        let printed = PrintCapture.lines {
            print(Conf[\.amazingNamespace.amazingFlag])  // true
        }
        #expect(printed == ["true"])
    }

    @Test func anOverrideScopeHoldsOnlyItsOwnKeys() async {
        await #expect(processExitsWith: .success) {
            let printed = PrintCapture.lines {
                Conf.withValue(false, for: \.myBool) {
                    Conf.setRootValue(ConsoleAnalytics(), for: \.analytics)  // another key's root value…
                    print(Conf[\.analytics].track("seen"))  // …is visible at once: "console: seen"
                    print(Conf.myBool)  // false: the overridden key keeps its override
                }
            }
            #expect(printed == ["console: seen", "false"])
        }
    }
}
