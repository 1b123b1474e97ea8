import Configuration
import Foundation
import Loom
import LoomConfigurationSources
public import LoomKeys
import LoomMacros
import Testing

extension ConfKeys {
    #declareConfKey("standardString", String.self, defaultValue: "")
    #declareConfKey("standardInt", Int.self, defaultValue: 0)
    #declareConfKey("standardDouble", Double.self, defaultValue: 0)
    #declareConfKey("standardBool", Bool.self, defaultValue: false)
    #declareConfKey("standardBytes", [UInt8].self, defaultValue: [])
    #declareConfKey("standardStrings", [String].self, defaultValue: [])
    #declareConfKey("standardInts", [Int].self, defaultValue: [])
    #declareConfKey("standardDoubles", [Double].self, defaultValue: [])
    #declareConfKey("standardBools", [Bool].self, defaultValue: [])
    #declareConfKey("standardChunks", [[UInt8]].self, defaultValue: [])
    #declareConfKey(
        visibility: .internal, "standardUUID", UUID.self,
        defaultValue: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!)
    #declareConfKey(visibility: .internal, "standardDate", Date.self, defaultValue: Date(timeIntervalSince1970: 0))
}

@Suite struct ConfBindableStandardTypesTests {
    @Test func everyTypeSwiftConfigurationReadsIsBindable() throws {
        let id = UUID()
        let sources = ConfSources(
            providers: [
                EnvironmentVariablesProvider(environmentVariables: [
                    "S": "text", "I": "-3", "D": "2.5", "B": "true", "BYTES": "AQID", "STRINGS": "a,b",
                    "INTS": "1,2", "DOUBLES": "0.5,1.5", "BOOLS": "true,false", "CHUNKS": "AQ==,AgM=",
                    "ID": id.uuidString, "DATE": "2025-01-02T03:04:05Z",
                ])
            ],
            bindings: [
                ConfBinding(\.standardString, to: "s"), ConfBinding(\.standardInt, to: "i"),
                ConfBinding(\.standardDouble, to: "d"), ConfBinding(\.standardBool, to: "b"),
                ConfBinding(\.standardBytes, to: "bytes"), ConfBinding(\.standardStrings, to: "strings"),
                ConfBinding(\.standardInts, to: "ints"), ConfBinding(\.standardDoubles, to: "doubles"),
                ConfBinding(\.standardBools, to: "bools"), ConfBinding(\.standardChunks, to: "chunks"),
                ConfBinding(\.standardUUID, to: "id"), ConfBinding(\.standardDate, to: "date"),
            ])
        try sources.apply()

        #expect(Conf[\.standardString] == "text")
        #expect(Conf[\.standardInt] == -3)
        #expect(Conf[\.standardDouble] == 2.5)
        #expect(Conf[\.standardBool])
        #expect(Conf[\.standardBytes] == [1, 2, 3])
        #expect(Conf[\.standardStrings] == ["a", "b"])
        #expect(Conf[\.standardInts] == [1, 2])
        #expect(Conf[\.standardDoubles] == [0.5, 1.5])
        #expect(Conf[\.standardBools] == [true, false])
        #expect(Conf[\.standardChunks] == [[1], [2, 3]])
        #expect(Conf[\.standardUUID] == id)
        #expect(Conf[\.standardDate] == Date(timeIntervalSince1970: 1_735_787_045))
        #expect(sources.values.first { $0.key == "bytes" }?.value == "3 bytes")
    }
}
