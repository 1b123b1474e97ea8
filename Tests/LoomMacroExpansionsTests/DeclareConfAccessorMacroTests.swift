import Testing

@Suite struct DeclareConfAccessorMacroTests {
    @Test func accessorIsNamedAfterTheLastKeyPathComponent() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfAccessor(\.myBool, Bool.self)
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    internal static var myBool: Bool {
                        Conf[\.myBool]
                    }
                }
                """#)
    }

    @Test func aFullyQualifiedKeyPathIsKept() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfAccessor(\ConfKeys.myBool, Bool.self)
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    internal static var myBool: Bool {
                        Conf[\ConfKeys.myBool]
                    }
                }
                """#)
    }

    @Test func aNestedKeyPathUsesItsLastComponent() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfAccessor(\.amazingNamespace.myBool, Bool.self)
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    internal static var myBool: Bool {
                        Conf[\.amazingNamespace.myBool]
                    }
                }
                """#)
    }

    @Test func aCustomNameNamesTheAccessor() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfAccessor(\.amazingNamespace.myBool, Bool.self, "bestAccessor")
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    internal static var bestAccessor: Bool {
                        Conf[\.amazingNamespace.myBool]
                    }
                }
                """#)
    }

    @Test func onMainActorIsolatesTheAccessor() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfAccessor(\.amazingNamespace.myBool, Bool.self, on: MainActor.self, "bestAccessor")
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    @MainActor internal static var bestAccessor: Bool {
                        Conf[\.amazingNamespace.myBool]
                    }
                }
                """#)
    }

    @Test func theFactoryAccessorCallsTheFactory() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfFactoryAccessor(\.randomInt, Int.self)
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    internal static var randomInt: Int {
                        Conf[\.randomInt]()
                    }
                }
                """#)
    }

    @Test func theMainActorFactoryAccessorCallsTheFactory() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfFactoryAccessor(\.makeScreen, Screen.self, on: MainActor.self, "screen")
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    @MainActor internal static var screen: Screen {
                        Conf[\.makeScreen]()
                    }
                }
                """#)
    }

    // MARK: Misuse

    @Test func onAnotherGlobalActorIsolatesTheAccessorToIt() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfAccessor(\.connectionCache, ConnectionCache.self, on: DatabaseActor.self)
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    @DatabaseActor internal static var connectionCache: ConnectionCache {
                        Conf[\.connectionCache]
                    }
                }
                """#)
    }

    @Test func theGlobalActorFactoryAccessorCallsTheFactory() {
        assertExpansion(
            #"""
            extension Conf {
                #declareConfFactoryAccessor(\.makeConnection, Connection.self, on: Storage.DatabaseActor.self, "newConnection")
            }
            """#,
            expandedSource: #"""
                extension Conf {
                    @Storage.DatabaseActor internal static var newConnection: Connection {
                        Conf[\.makeConnection]()
                    }
                }
                """#)
    }

    @Test func aNonKeyPathIsRejected() {
        assertDiagnostic(
            #"""
            extension Conf {
                #declareConfAccessor(myKeyPath, Bool.self)
            }
            """#,
            message: #"the first argument must be a key path literal into ConfKeys, like '\.myKey' or '\.myLib.myKey'"#,
            line: 2, column: 26)
    }

    @Test func aLabelledKeyPathIsRejected() {
        assertDiagnostic(
            #"""
            extension Conf {
                #declareConfAccessor(keyPath: \.myBool, Bool.self)
            }
            """#,
            message: #"the key path is a positional argument; remove the label 'keyPath:'"#, line: 2, column: 26)
    }

    @Test func anAccessorTypeWithoutSelfIsRejected() {
        assertDiagnostic(
            #"""
            extension Conf {
                #declareConfAccessor(\.myBool, Bool)
            }
            """#,
            message: #"the value type must be written as a type followed by '.self', like 'Int.self'"#, line: 2,
            column: 36)
    }

    @Test func aNonLiteralAccessorNameIsRejected() {
        assertDiagnostic(
            #"""
            extension Conf {
                #declareConfAccessor(\.myBool, Bool.self, accessorName)
            }
            """#,
            message: #"the accessor name must be a string literal (or nil) so the macro can read it at compile time"#,
            line: 2, column: 47)
    }

    @Test func aLabelledAccessorNameIsRejected() {
        assertDiagnostic(
            #"""
            extension Conf {
                #declareConfAccessor(\.myBool, Bool.self, name: "flag")
            }
            """#,
            message: #"the accessor name is a positional argument; remove the label 'name:'"#, line: 2, column: 47)
    }

    @Test func tooManyAccessorArgumentsAreRejected() {
        assertDiagnostic(
            #"""
            extension Conf {
                #declareConfAccessor(\.myBool, Bool.self, "flag", "extra")
            }
            """#,
            message: #"too many arguments: remove the extra arguments after the ones this macro takes"#, line: 2,
            column: 55)
    }

    @Test func anAccessorOnAnActorInstanceIsRejected() {
        assertDiagnostic(
            #"""
            extension Conf {
                #declareConfAccessor(\.myBool, Bool.self, on: DatabaseActor.shared)
            }
            """#,
            message: #"the global actor must be written as a type followed by '.self', like 'MainActor.self'"#, line: 2,
            column: 51)
    }
}
