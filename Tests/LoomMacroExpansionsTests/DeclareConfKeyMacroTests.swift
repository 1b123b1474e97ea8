import Testing

@Suite struct DeclareConfKeyMacroTests {
    @Test func confKeyExpandsToAKeyTypeAndAnAccessor() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, defaultValue: true)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_myBool: ConfKey {
                        public typealias Value = Bool
                        public static let defaultValue: Value! = .some(true)
                    }
                    public var myBool: ConfKey_myBool.Type {
                        ConfKey_myBool.self
                    }
                }
                """#)
    }

    @Test func aCustomKeyTypeNameNamesTheKeyType() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, "MyBoolConfKey", defaultValue: true)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum MyBoolConfKey: ConfKey {
                        public typealias Value = Bool
                        public static let defaultValue: Value! = .some(true)
                    }
                    public var myBool: MyBoolConfKey.Type {
                        MyBoolConfKey.self
                    }
                }
                """#)
    }

    @Test func internalVisibilityAppliesToEveryDeclaration() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey(visibility: .internal, "myBool", Bool.self, defaultValue: true)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    internal enum ConfKey_myBool: ConfKey {
                        internal typealias Value = Bool
                        internal static let defaultValue: Value! = .some(true)
                    }
                    internal var myBool: ConfKey_myBool.Type {
                        ConfKey_myBool.self
                    }
                }
                """#)
    }

    @Test func fullyQualifiedVisibilityIsAccepted() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey(visibility: DeclarationVisibility.internal, "myBool", Bool.self, defaultValue: true)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    internal enum ConfKey_myBool: ConfKey {
                        internal typealias Value = Bool
                        internal static let defaultValue: Value! = .some(true)
                    }
                    internal var myBool: ConfKey_myBool.Type {
                        ConfKey_myBool.self
                    }
                }
                """#)
    }

    @Test func moduleQualifiedVisibilityIsAccepted() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey(visibility: LoomKeys.DeclarationVisibility.public, "myBool", Bool.self, defaultValue: true)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_myBool: ConfKey {
                        public typealias Value = Bool
                        public static let defaultValue: Value! = .some(true)
                    }
                    public var myBool: ConfKey_myBool.Type {
                        ConfKey_myBool.self
                    }
                }
                """#)
    }

    @Test func aNilKeyNameWithCustomTypeNameDeclaresOnlyTheKeyType() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceKey(nil, MyService.self, "MyServiceKey", defaultValue: .init())
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum MyServiceKey: ConfKey {
                        public typealias Value = MyService
                        public static let defaultValue: Value! = .init()
                    }
                }
                """#)
    }

    @Test func aNilKeyNameAloneDeclaresAUniquelyNamedKeyType() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceKey(nil, MyService.self, defaultValue: .init())
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum __macro_local_7ConfKeyfMu_: ConfKey {
                        public typealias Value = MyService
                        public static let defaultValue: Value! = .init()
                    }
                }
                """#)
    }

    @Test func onMainActorDeclaresAMainActorKey() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey("myConf", Int.self, on: MainActor.self, defaultValue: 42)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @MainActor public enum ConfKey_myConf: ConfKeyMainActor {
                        public typealias Value = Int
                        public static let defaultValue: Value! = .some(42)
                    }
                    public var myConf: ConfKey_myConf.Type {
                        ConfKey_myConf.self
                    }
                }
                """#)
    }

    @Test func onAnotherGlobalActorDeclaresAKeyWithAConformanceIsolatedToIt() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey("poolSize", Int.self, on: DatabaseActor.self, defaultValue: 4)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @DatabaseActor public enum ConfKey_poolSize: @DatabaseActor ConfKeyIsolated {
                        public typealias Isolation = DatabaseActor
                        public typealias Value = Int
                        public static let defaultValue: Value! = .some(4)
                    }
                    public var poolSize: ConfKey_poolSize.Type {
                        ConfKey_poolSize.self
                    }
                }
                """#)
    }

    @Test func aModuleQualifiedGlobalActorIsKeptAsWritten() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey(visibility: .internal, "cache", Cache.self, on: Storage.DatabaseActor.self, "CacheKey", defaultValue: Cache())
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @Storage.DatabaseActor internal enum CacheKey: @Storage.DatabaseActor ConfKeyIsolated {
                        internal typealias Isolation = Storage.DatabaseActor
                        internal typealias Value = Cache
                        internal static let defaultValue: Value! = .some(Cache())
                    }
                    internal var cache: CacheKey.Type {
                        CacheKey.self
                    }
                }
                """#)
    }

    @Test func theMainActorKeepsItsOwnFormHoweverItIsSpelled() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey(nil, Int.self, on: _Concurrency.MainActor.self, "QualifiedMainKey", defaultValue: 1)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @MainActor public enum QualifiedMainKey: ConfKeyMainActor {
                        public typealias Value = Int
                        public static let defaultValue: Value! = .some(1)
                    }
                }
                """#)
    }

    @Test func unsafeNonIsolatedBoxesTheValue() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey("fileManager", FileManager.self, unsafeNonIsolated: true, defaultValue: .default)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_fileManager: ConfKey {
                        public struct UncheckedSendableBox: @unchecked Sendable {
                            public let value: FileManager
                            public init(_ value: FileManager) {
                                self.value = value
                            }
                        }
                        public typealias Value = UncheckedSendableBox
                        public static let defaultValue: Value! = .some(UncheckedSendableBox(.default))
                    }
                    public var fileManager: ConfKey_fileManager.Type {
                        ConfKey_fileManager.self
                    }
                }
                """#)
    }

    @Test func unsafeNonIsolatedFalseDoesNotBox() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfKey("count", Int.self, unsafeNonIsolated: false, defaultValue: 1)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_count: ConfKey {
                        public typealias Value = Int
                        public static let defaultValue: Value! = .some(1)
                    }
                    public var count: ConfKey_count.Type {
                        ConfKey_count.self
                    }
                }
                """#)
    }

    @Test func confFactoryKeyStoresASendableFactory() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfFactoryKey("randomInt", Int.self, defaultValue: { .random(in: 0..<42) })
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_randomInt: ConfKey {
                        public typealias Value = @Sendable () -> Int
                        public static let defaultValue: Value! = .some({
                                .random(in: 0 ..< 42)
                            })
                    }
                    public var randomInt: ConfKey_randomInt.Type {
                        ConfKey_randomInt.self
                    }
                }
                """#)
    }

    @Test func serviceKeyKeepsTheDefaultAsWritten() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceKey("myService", (any MyService).self, defaultValue: DefaultMyService())
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_myService: ConfKey {
                        public typealias Value = any MyService
                        public static let defaultValue: Value! = DefaultMyService()
                    }
                    public var myService: ConfKey_myService.Type {
                        ConfKey_myService.self
                    }
                }
                """#)
    }

    @Test func serviceKeyAcceptsANilDefault() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceKey("database", (any Database).self, defaultValue: nil)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_database: ConfKey {
                        public typealias Value = any Database
                        public static let defaultValue: Value! = nil
                    }
                    public var database: ConfKey_database.Type {
                        ConfKey_database.self
                    }
                }
                """#)
    }

    @Test func unsafeServiceKeyWithANilDefaultStaysNil() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceKey("log", Logger.self, unsafeNonIsolated: true, defaultValue: nil)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_log: ConfKey {
                        public struct UncheckedSendableBox: @unchecked Sendable {
                            public let value: Logger
                            public init(_ value: Logger) {
                                self.value = value
                            }
                        }
                        public typealias Value = UncheckedSendableBox
                        public static let defaultValue: Value! = nil
                    }
                    public var log: ConfKey_log.Type {
                        ConfKey_log.self
                    }
                }
                """#)
    }

    @Test func serviceFactoryKeyStoresASendableFactory() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceFactoryKey("amazingBool", Bool.self, defaultValue: { true })
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    public enum ConfKey_amazingBool: ConfKey {
                        public typealias Value = @Sendable () -> Bool
                        public static let defaultValue: Value! = {
                            true
                        }
                    }
                    public var amazingBool: ConfKey_amazingBool.Type {
                        ConfKey_amazingBool.self
                    }
                }
                """#)
    }

    @Test func mainActorFactoryKeyStoresAMainActorFactory() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfFactoryKey("makeScreen", Screen.self, on: MainActor.self, "ScreenFactoryKey", defaultValue: { Screen() })
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @MainActor public enum ScreenFactoryKey: ConfKeyMainActor {
                        public typealias Value = @MainActor @Sendable () -> Screen
                        public static let defaultValue: Value! = .some({
                                Screen()
                            })
                    }
                    public var makeScreen: ScreenFactoryKey.Type {
                        ScreenFactoryKey.self
                    }
                }
                """#)
    }

    @Test func globalActorFactoryKeyStoresAFactoryThatNeverLeavesTheActor() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareConfFactoryKey("makeConnection", Connection.self, on: DatabaseActor.self, defaultValue: { Connection() })
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @DatabaseActor public enum ConfKey_makeConnection: @DatabaseActor ConfKeyIsolated {
                        public typealias Isolation = DatabaseActor
                        public typealias Value = () -> Connection
                        public static let defaultValue: Value! = .some({
                                Connection()
                            })
                    }
                    public var makeConnection: ConfKey_makeConnection.Type {
                        ConfKey_makeConnection.self
                    }
                }
                """#)
    }

    @Test func globalActorServiceKeyAcceptsANilDefault() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceKey("connectionCache", ConnectionCache.self, on: DatabaseActor.self, "CacheKey", defaultValue: nil)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @DatabaseActor public enum CacheKey: @DatabaseActor ConfKeyIsolated {
                        public typealias Isolation = DatabaseActor
                        public typealias Value = ConnectionCache
                        public static let defaultValue: Value! = nil
                    }
                    public var connectionCache: CacheKey.Type {
                        CacheKey.self
                    }
                }
                """#)
    }

    @Test func globalActorServiceFactoryKeyKeepsTheDefaultAsWritten() {
        assertExpansion(
            #"""
            extension ConfKeys {
                #declareServiceFactoryKey(visibility: .internal, "makeConnection", Connection.self, on: DatabaseActor.self, defaultValue: { Connection() })
            }
            """#,
            expandedSource: #"""
                extension ConfKeys {
                    @DatabaseActor internal enum ConfKey_makeConnection: @DatabaseActor ConfKeyIsolated {
                        internal typealias Isolation = DatabaseActor
                        internal typealias Value = () -> Connection
                        internal static let defaultValue: Value! = {
                            Connection()
                        }
                    }
                    internal var makeConnection: ConfKey_makeConnection.Type {
                        ConfKey_makeConnection.self
                    }
                }
                """#)
    }

    @Test func keysExpandInsideANestedNamespace() {
        assertExpansion(
            #"""
            extension ConfKeys.MyLib {
                #declareConfKey("myBool", Bool.self, defaultValue: true)
            }
            """#,
            expandedSource: #"""
                extension ConfKeys.MyLib {
                    public enum ConfKey_myBool: ConfKey {
                        public typealias Value = Bool
                        public static let defaultValue: Value! = .some(true)
                    }
                    public var myBool: ConfKey_myBool.Type {
                        ConfKey_myBool.self
                    }
                }
                """#)
    }

    // MARK: Misuse: each error sits on the offending argument.

    @Test func aLabelledKeyNameIsRejectedAtTheArgument() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey(name: "myBool", Bool.self, defaultValue: true)
            }
            """#,
            message: #"the key name is a positional argument; remove the label 'name:'"#, line: 2, column: 21)
    }

    @Test func aLabelledValueTypeIsRejectedAtTheArgument() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", type: Bool.self, defaultValue: true)
            }
            """#,
            message: #"the value type is a positional argument; remove the label 'type:'"#, line: 2, column: 31)
    }

    @Test func aWronglyLabelledDefaultValueIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, default: true)
            }
            """#,
            message: #"the default value must be the last argument, labelled 'defaultValue:'"#, line: 2, column: 42)
    }

    @Test func anUnlabelledDefaultValueIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, true)
            }
            """#,
            message: #"the default value must be the last argument, labelled 'defaultValue:'"#, line: 2, column: 42)
    }

    @Test func aNonLiteralKeyNameIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey(keyName, Bool.self, defaultValue: true)
            }
            """#,
            message: #"the key name must be a string literal (or nil) so the macro can read it at compile time"#,
            line: 2, column: 21)
    }

    @Test func anInterpolatedKeyNameIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("my\(suffix)", Bool.self, defaultValue: true)
            }
            """#,
            message: #"the key name must be a string literal (or nil) so the macro can read it at compile time"#,
            line: 2, column: 21)
    }

    @Test func aNonLiteralCustomKeyTypeNameIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, typeName, defaultValue: true)
            }
            """#,
            message:
                #"the custom key type name must be a string literal (or nil) so the macro can read it at compile time"#,
            line: 2, column: 42)
    }

    @Test func aTypeWithoutSelfIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool, defaultValue: true)
            }
            """#,
            message: #"the value type must be written as a type followed by '.self', like 'Int.self'"#, line: 2,
            column: 31)
    }

    @Test func aMetatypeValueIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", boolType, defaultValue: true)
            }
            """#,
            message: #"the value type must be written as a type followed by '.self', like 'Int.self'"#, line: 2,
            column: 31)
    }

    @Test func tooManyArgumentsAreRejectedAtTheFirstExtraOne() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, defaultValue: true, false)
            }
            """#,
            message: #"too many arguments: remove the extra arguments after the ones this macro takes"#, line: 2,
            column: 62)
    }

    @Test func anActorInstanceInsteadOfItsTypeIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, on: DatabaseActor.shared, defaultValue: true)
            }
            """#,
            message: #"the global actor must be written as a type followed by '.self', like 'MainActor.self'"#, line: 2,
            column: 46)
    }

    @Test func anUnknownVisibilityIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey(visibility: .private, "myBool", Bool.self, defaultValue: true)
            }
            """#,
            message:
                #"'visibility:' must be '.public' or '.internal' (or 'DeclarationVisibility.public' / '.internal')"#,
            line: 2, column: 33)
    }

    @Test func aNonLiteralUnsafeNonIsolatedIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("myBool", Bool.self, unsafeNonIsolated: isUnsafe, defaultValue: true)
            }
            """#,
            message: #"'unsafeNonIsolated:' must be the literal 'true' or 'false'"#, line: 2, column: 61)
    }

    @Test func aKeyNameThatIsNotAnIdentifierIsRejected() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey("my bool", Bool.self, defaultValue: true)
            }
            """#,
            message: #"the name must be a valid Swift identifier"#, line: 2, column: 21)
    }

    @Test func missingArgumentsAreReportedAtTheMacro() {
        assertDiagnostic(
            #"""
            extension ConfKeys {
                #declareConfKey()
            }
            """#,
            message: #"missing the key name argument"#, line: 2, column: 5)
    }
}
