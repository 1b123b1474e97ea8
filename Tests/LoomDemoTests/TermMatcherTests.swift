import LoomDemoSearch
import Testing

@Suite struct TermMatcherTests {
    let matcher = TermMatcher()

    @Test func aQueryIsSplitIntoWordsOnWhiteSpace() {
        #expect(matcher.terms(of: "  buy \t oat\nmilk ") == ["buy", "oat", "milk"])
        #expect(matcher.terms(of: " \n ").isEmpty)
    }

    @Test(arguments: [
        ("Buy milk", "milk", true),
        ("Buy milk", "MILK", true),
        ("Milkshake", "milk", true),
        ("Buy oat milk", "milk buy", true),
        ("Buy bread", "buy milk", false),
        ("Crème brûlée", "CRÈME", true),
        ("Buy milk", "", false),
    ])
    func everyWordMustOccurIgnoringCase(text: String, query: String, matches: Bool) {
        #expect(matcher.matches(text, terms: matcher.terms(of: query)) == matches)
    }
}
