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

    /// Non-ASCII names hash as `String` compares them: canonically equivalent spellings alike.
    @Test func canonicallyEquivalentSpellingsHashAlike() {
        let pairs = [
            ("\u{E9}", "e\u{301}"),  // é precomposed and decomposed
            ("caf\u{E9}", "cafe\u{301}"),
            ("\u{C5}", "\u{212B}"),  // Å and the angstrom sign
            ("\u{C5}", "A\u{30A}"),
            ("\u{1E69}", "s\u{323}\u{307}"),  // ṩ, combining marks in either order
            ("\u{1E69}", "s\u{307}\u{323}"),
        ]
        for (left, right) in pairs {
            #expect(left == right)
            #expect(TableHash.name(left) == TableHash.name(right), "\(left.unicodeScalars) \(right.unicodeScalars)")
        }
    }

    /// A non-ASCII spelling that `String` calls equal to an ASCII name must hash like it.
    ///
    /// The Kelvin sign U+212A decomposes canonically to `K`, the Greek question mark U+037E to `;`. A different hash
    /// for an equal name means a lookup by one spelling misses the node stored under the other.
    @Test func aNonASCIISpellingOfAnASCIINameHashesLikeIt() {
        let pairs = [("\u{212A}elvin", "Kelvin"), ("a\u{37E}b", "a;b")]
        for (nonASCII, ascii) in pairs {
            #expect(nonASCII == ascii)
            withKnownIssue(
                "bug: ASCII names are hashed with FNV-1a and all others with Hasher, so equal spellings differ"
            ) {
                #expect(TableHash.name(nonASCII) == TableHash.name(ascii), "\(nonASCII.unicodeScalars)")
            }
        }
    }

    @Test func namesNeverHashToZero() {
        let names = ["", " ", "\u{0}", "é", "\u{1F600}"] + (0..<5_000).map { "n\($0)" }
        #expect(names.allSatisfy { TableHash.name($0) != 0 })
    }
}
