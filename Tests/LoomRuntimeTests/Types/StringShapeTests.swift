import Foundation
import LoomRuntime
import Testing

/// `StringShape` reads the two words Swift's ABI fixes for a 64-bit `String`; these answers pin the layout, so a
/// runtime that changed it would fail here rather than make two names hash apart or compare wrongly.
@Suite struct StringShapeTests {
    /// A string with `text`'s bytes kept out of line (native storage), however short.
    private func storedOutOfLine(_ text: String) -> String {
        var stored = String()
        stored.reserveCapacity(64)
        stored.append(text)
        return stored
    }

    @Test func smallStringsExposeTheirBytesAndCount() throws {
        let samples = ["", "a", "primary", "12345678", "123456789", "fifteen-bytes!!", "caf\u{E9}", "\u{1F600}"]
        for sample in samples {
            let bytes = Array(sample.utf8)
            let inline = try #require(StringShape.inlineBytes(of: sample), "\(sample)")
            #expect(inline.count == bytes.count, "\(sample)")
            var expected: (low: UInt64, high: UInt64) = (0, 0)
            for (index, byte) in bytes.enumerated() {
                if index < 8 {
                    expected.low |= UInt64(byte) << (UInt64(index) * 8)
                } else {
                    expected.high |= UInt64(byte) << (UInt64(index - 8) * 8)
                }
            }
            #expect(inline.low == expected.low, "\(sample)")
            #expect(inline.high == expected.high, "\(sample)")
        }
    }

    @Test func stringsStoredOutOfLineHaveNoInlineBytes() {
        #expect(StringShape.inlineBytes(of: "sixteen bytes!!!") == nil)
        #expect(StringShape.inlineBytes(of: String(repeating: "x", count: 100)) == nil)
        #expect(StringShape.inlineBytes(of: storedOutOfLine("short")) == nil)
        #expect(StringShape.inlineBytes(of: String(NSString(string: "a longer bridged name"))) == nil)
    }

    @Test func identicalWordsMeanTheSameBytesAndDifferentSmallStringsDiffer() {
        let literal = "primary"
        let built = String(decoding: Array("primary".utf8), as: UTF8.self)
        #expect(StringShape.identical(literal, built))
        #expect(StringShape.identical(literal, "pri" + "mary"))
        #expect(!StringShape.identical(literal, "primarz"))
        #expect(!StringShape.identical(literal, "primar"))
        let long = String(repeating: "y", count: 40)
        #expect(StringShape.identical(long, long))
        // Equal bytes stored apart are not identical: the caller then compares bytes.
        #expect(!StringShape.identical(literal, storedOutOfLine(literal)))
    }

    /// The name hash and comparison agree for a small string and the same bytes stored out of line.
    @Test func aNameHashesAndComparesAlikeInlineAndOutOfLine() {
        let names = ["", "a", "primary", "12345678", "123456789", "fifteen-bytes!!", "caf\u{E9}", "\u{1F600}x"]
        for name in names {
            let stored = storedOutOfLine(name)
            #expect(StringShape.inlineBytes(of: stored) == nil)
            #expect(TableHash.name(stored) == TableHash.name(name), "\(name)")
            #expect(TableHash.sameName(stored, name), "\(name)")
            #expect(TableHash.sameName(name, stored), "\(name)")
            #expect(!TableHash.sameName(stored, name + "!"), "\(name)")
        }
    }
}
