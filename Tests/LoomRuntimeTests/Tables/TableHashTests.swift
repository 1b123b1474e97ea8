import Foundation
import LoomRuntime
import Testing

/// The tables' hash function: never zero (an empty slot's mark), equal for equal names however they are spelled or
/// stored, and spreading distinct inputs apart.
@Suite struct TableHashTests {
    @Test func wordAndCombineNeverReturnZero() {
        #expect(TableHash.nonZero(0) == 1)
        #expect(TableHash.nonZero(5) == 5)
        // The finaliser maps 0 to 0: that is the input `word` must rescue.
        #expect(TableHash.word(0) != 0)
        let inputs: [UInt] = [0, 1, 2, .max, .max - 1, 0x8000_0000_0000_0000] + (0..<1_000).map { $0 &* 0x9E37_79B9 }
        #expect(inputs.allSatisfy { TableHash.word($0) != 0 })
        for hash in inputs.prefix(50) {
            // The part that cancels the multiplied hash exactly is where `combine` would produce 0.
            #expect(TableHash.combine(hash, hash &* 0x9E37_79B9_7F4A_7C15) != 0)
            #expect(TableHash.combine(hash, 0) != 0)
        }
    }

    /// The finaliser is a bijection, so distinct words (type identities, aligned addresses) get distinct hashes.
    @Test func distinctWordsGetDistinctHashes() {
        let aligned = (1...10_000).map { UInt($0) << 4 }
        #expect(Set(aligned.map(TableHash.word)).count == aligned.count)
        #expect(Set((0..<10_000).map { TableHash.word(UInt($0)) }).count == 10_000)
    }

    /// An object's identity hash is one per object and never zero; a hash value's part keeps every bit.
    @Test func identitiesAndHashValuePartsHashAsTheirWords() {
        let first = Marker(1)
        let second = Marker(2)
        #expect(TableHash.identity(ObjectIdentifier(first)) == TableHash.identity(ObjectIdentifier(first)))
        #expect(TableHash.identity(ObjectIdentifier(first)) != TableHash.identity(ObjectIdentifier(second)))
        #expect(TableHash.identity(ObjectIdentifier(first)) != 0)
        #expect(TableHash.part(-1) == UInt.max)
        #expect(TableHash.part(42) == 42)
        #expect(TableHash.combine(7, TableHash.part(1)) != TableHash.combine(7, TableHash.part(2)))
    }

    @Test func combineDependsOnTheOrderOfItsParts() {
        let (a, b) = (TableHash.word(1), TableHash.word(2))
        #expect(TableHash.combine(a, b) != TableHash.combine(b, a))
        #expect(TableHash.combine(a, b) == TableHash.combine(a, b))
    }

    /// Byte-equal ASCII names hash alike however the string was made or stored.
    @Test func equalASCIINamesHashAlikeWhateverTheirStorage() {
        let name = "network.client"
        let spellings = [
            "network" + "." + "client",
            String("xnetwork.clientx".dropFirst().dropLast()),
            String(decoding: Array(name.utf8), as: UTF8.self),
            String(name.reversed().reversed()),
            String(NSString(string: name)),
            "\(name.prefix(7))\(name.dropFirst(7))",
        ]
        for spelling in spellings {
            #expect(TableHash.name(spelling) == TableHash.name(name), "\(spelling)")
        }
    }

    @Test func differentNamesGetDifferentHashes() {
        let names =
            ["", "a", "b", "ab", "ba", "network.client", "network.clienT", "network.client ", "é", "e"]
            + (0..<1_000).map { "key-\($0)" }
        #expect(Set(names.map(TableHash.name)).count == names.count)
    }

    /// Names are identities compared byte for byte, so two spellings `String` calls equal — precomposed and
    /// decomposed accents, the Kelvin sign and `K` — are different names, with hashes that agree with that.
    @Test func namesAreComparedAndHashedByteForByte() {
        let pairs = [
            ("\u{E9}", "e\u{301}"),  // é precomposed and decomposed
            ("\u{C5}", "\u{212B}"),  // Å and the angstrom sign
            ("\u{212A}elvin", "Kelvin"),  // the Kelvin sign decomposes to K
            ("a\u{37E}b", "a;b"),  // the Greek question mark decomposes to ;
        ]
        for (left, right) in pairs {
            #expect(left == right)
            #expect(!TableHash.sameName(left, right), "\(left.unicodeScalars) \(right.unicodeScalars)")
            #expect(TableHash.name(left) != TableHash.name(right), "\(left.unicodeScalars) \(right.unicodeScalars)")
        }
        // The same bytes, however the strings were made, are the same name with the same hash.
        let built = String(decoding: Array("caf\u{E9}".utf8), as: UTF8.self)
        #expect(TableHash.sameName(built, "caf\u{E9}"))
        #expect(TableHash.name(built) == TableHash.name("caf\u{E9}"))
    }

    @Test func namesNeverHashToZero() {
        let names = ["", " ", "\u{0}", "é", "\u{1F600}"] + (0..<5_000).map { "n\($0)" }
        #expect(names.allSatisfy { TableHash.name($0) != 0 })
    }
}

extension TableHashTests {
    /// Names longer than a word and longer than a small string, with every tail length, hash by all their bytes.
    @Test func everyByteOfALongNameCounts() {
        let base = String(repeating: "n", count: 40)
        for length in 1...40 {
            let name = String(base.prefix(length))
            var changed = Array(name.utf8)
            changed[length - 1] = UInt8(ascii: "m")
            let other = String(decoding: changed, as: UTF8.self)
            #expect(TableHash.name(name) != TableHash.name(other), "length \(length)")
            #expect(!TableHash.sameName(name, other), "length \(length)")
            // A trailing zero byte is part of the name: the count is hashed too.
            #expect(TableHash.name(name) != TableHash.name(name + "\u{0}"), "length \(length)")
        }
    }
}

extension TableHashTests {
    /// A unique alternative is identified by its mixed number and prints the number back.
    @Test func unmixingAMixedWordGivesTheWordBack() {
        let words: [UInt] = [1, 2, 3, 255, 1 << 32, .max, .max - 1] + (1...1_000).map { $0 &* 0x9E37_79B9 }
        for word in words {
            #expect(TableHash.unmixedWord(TableHash.word(word)) == word, "\(word)")
        }
    }
}
