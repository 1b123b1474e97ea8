import Foundation
import LoomDemoCore
import LoomDemoStorage
import Testing

@Suite struct FileNoteStoreTests {
    @Test func aMissingFileIsAnEmptyStoreAndReadingCreatesNothing() async throws {
        let directory = try TemporaryDirectory()
        let store = FileNoteStore(path: directory.path("data/notes.json"))
        #expect(try await store.notes().isEmpty)
        #expect(try directory.entries().isEmpty)
    }

    @Test func theFirstNoteCreatesTheFileAndItsFolders() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("a/b/notes.json")
        let store = FileNoteStore(path: path)
        let note = try await store.add("Buy milk", createdAt: fixedDate)
        #expect(note.id == 1)
        #expect(contents(of: path) != nil)
        #expect(try await FileNoteStore(path: path).notes() == [note])
    }

    @Test func notesReadBackWithIncreasingIdsAndTimeStampsToTheSecond() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        let store = FileNoteStore(path: path)
        let first = try await store.add("Buy milk", createdAt: fixedDate.addingTimeInterval(0.75))
        let second = try await store.add("Call Ada", createdAt: fixedDate)
        #expect(first.id == 1)
        #expect(second.id == 2)
        #expect(first.createdAt == fixedDate)
        #expect(try await FileNoteStore(path: path).notes() == [first, second])
    }

    @Test func idsAreNeverReusedEvenAfterTheNewestNoteIsRemoved() async throws {
        let directory = try TemporaryDirectory()
        let store = FileNoteStore(path: directory.path("notes.json"))
        _ = try await store.add("one", createdAt: fixedDate)
        let two = try await store.add("two", createdAt: fixedDate)
        #expect(try await store.remove(id: two.id) == two)
        let three = try await store.add("three", createdAt: fixedDate)
        #expect(three.id == 3)
        #expect(try await store.notes().map(\.id) == [1, 3])
    }

    @Test func removingAnUnknownIdThrowsAndLeavesTheFileAsItWas() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        let store = FileNoteStore(path: path)
        _ = try await store.add("keep me", createdAt: fixedDate)
        let before = contents(of: path)
        await #expect(throws: NotesError.unknownNote(id: 42)) { try await store.remove(id: 42) }
        #expect(contents(of: path) == before)
    }

    static let unreadableFiles: [(contents: String, reason: String)] = [
        ("not json at all", "it is not valid JSON"),
        ("", "it is not valid JSON"),
        (#"{"notes": []}"#, #"it is not a loom-demo notes file (it has no "format" field)"#),
        (#"{"format": 1, "nextID": "two", "notes": []}"#, #"unexpected value for "nextID""#),
        (#"{"format": 2, "nextID": 1, "notes": []}"#, "it was written by a newer loom-demo (format 2)"),
        (
            #"{"format": 1, "nextID": 3, "notes": [{"id": 1, "text": "a", "createdAt": "2025-01-01T00:00:00Z"},"#
                + #" {"id": 1, "text": "b", "createdAt": "2025-01-01T00:00:00Z"}]}"#,
            "note id 1 appears twice"
        ),
    ]

    @Test(arguments: unreadableFiles)
    func anUnreadableFileIsReportedAndNeverOverwritten(contents text: String, reason: String) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let store = FileNoteStore(path: path)
        for attempt in 0..<3 {
            let error = await #expect(throws: NotesError.self) {
                switch attempt {
                case 0: _ = try await store.notes()
                case 1: _ = try await store.add("new", createdAt: fixedDate)
                default: try await store.remove(id: 1)
                }
            }
            guard case .unreadableStore(let reportedPath, let reportedReason) = error else {
                Issue.record("expected unreadableStore, got \(String(describing: error))")
                continue
            }
            #expect(reportedPath == path)
            #expect(reportedReason.contains(reason))
        }
        #expect(contents(of: path) == Data(text.utf8))
        #expect(try directory.entries() == ["notes.json"])
    }

    @Test func aFolderInPlaceOfTheFileIsReportedAsUnreadable() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        await #expect(throws: NotesError.unreadableStore(path: path, reason: "it is not a regular file")) {
            try await FileNoteStore(path: path).notes()
        }
    }

    @Test func aFileInPlaceOfTheFolderMakesAddFailWithoutChangingAnything() async throws {
        let directory = try TemporaryDirectory()
        try Data("I am a file".utf8).write(to: directory.url.appendingPathComponent("blocker"))
        let error = await #expect(throws: NotesError.self) {
            try await FileNoteStore(path: directory.path("blocker/notes.json")).add("x", createdAt: fixedDate)
        }
        guard case .unwritableStore = error else {
            Issue.record("expected unwritableStore, got \(String(describing: error))")
            return
        }
        #expect(contents(of: directory.path("blocker")) == Data("I am a file".utf8))
    }

    @Test func writesLeaveNoTemporaryFileBehindAndKeepTheFilesPermissions() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        let store = FileNoteStore(path: path)
        _ = try await store.add("one", createdAt: fixedDate)
        #expect(try permissions(of: path) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        _ = try await store.add("two", createdAt: fixedDate)
        try await store.remove(id: 1)
        #expect(try directory.entries() == ["notes.json"])
        #expect(try permissions(of: path) == 0o640)
    }

    @Test func theFileIsReadableJSONWithTheDocumentedLayout() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        _ = try await FileNoteStore(path: path).add("Buy milk", createdAt: fixedDate)
        let object = try JSONSerialization.jsonObject(with: try #require(contents(of: path))) as? [String: Any]
        let json = try #require(object)
        #expect(json["format"] as? Int == 1)
        #expect(json["nextID"] as? Int == 2)
        let notes = try #require(json["notes"] as? [[String: Any]])
        #expect(notes.first?["text"] as? String == "Buy milk")
        #expect(notes.first?["createdAt"] as? String == "2025-01-02T03:04:05Z")
    }

    @Test func aHandEditedStaleNextIDNeverHandsOutAnIdInUse() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        let file =
            #"{"format": 1, "nextID": 1, "notes": [{"id": 5, "text": "a", "createdAt": "2025-01-01T00:00:00Z"}]}"#
        try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try await FileNoteStore(path: path).add("b", createdAt: fixedDate).id == 6)
    }

    @Test func concurrentAddsThroughSeveralStoresLoseNoNote() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.json")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask { _ = try await FileNoteStore(path: path).add("note \(index)", createdAt: fixedDate) }
            }
            try await group.waitForAll()
        }
        let notes = try await FileNoteStore(path: path).notes()
        #expect(notes.map(\.id).sorted() == Array(1...24))
        #expect(Set(notes.map(\.text)) == Set((0..<24).map { "note \($0)" }))
        #expect(try directory.entries() == ["notes.json"])
    }

    private func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }
}
