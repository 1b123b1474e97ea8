import Foundation
import LoomDemoCore
import LoomDemoStorage
import Testing

@Suite struct MemoryNoteStoreTests {
    @Test func addsListsAndRemovesWithStableIds() async throws {
        let store = MemoryNoteStore()
        #expect(store.location == "memory")
        let first = await store.add("one", createdAt: fixedDate)
        let second = await store.add("two", createdAt: fixedDate)
        #expect(await store.notes() == [first, second])
        #expect(try await store.remove(id: second.id) == second)
        #expect(await store.add("three", createdAt: fixedDate).id == 3)
        #expect(await store.notes().map(\.text) == ["one", "three"])
    }

    @Test func removingAnUnknownIdThrowsAndKeepsTheNotes() async throws {
        let store = MemoryNoteStore()
        _ = await store.add("keep me", createdAt: fixedDate)
        await #expect(throws: NotesError.unknownNote(id: 9)) { try await store.remove(id: 9) }
        #expect(await store.notes().map(\.text) == ["keep me"])
    }
}
