import Foundation
public import Hummingbird
public import Logging
public import Loom
import LoomDemoCore
import LoomDemoSearch
import LoomDemoStorage
public import LoomHummingbird

/// What one request of `loom-demo serve` does: one instance per request (`.scoped`), built from the request's
/// logger and id, so every line it logs names the request.
///
/// Bad input — JSON that does not decode, an empty note, an id that is not a number or names no note — gets a 4xx
/// with `{"error": "…"}` and never reaches the store.
public final class NotesEndpoint: Sendable {
    private let container: Container
    private let logger: Logger
    private let id: ServerRequestID

    /// An endpoint for the request whose `logger` and `id` these are.
    public init(container: Container, logger: Logger, id: ServerRequestID) {
        self.container = container
        self.logger = logger
        self.id = id
    }

    /// `GET /health`.
    public func health() throws -> Response {
        try json(.ok, ["status": "ok"])
    }

    /// `GET /notes`.
    public func list() async throws -> Response {
        let notes = try await answering { try await Notebook().notes() }
        logger.info("Listed \(notes.count) notes", metadata: ["request": "\(id)"])
        return try json(.ok, notes)
    }

    /// `POST /notes` with `{"text": "…"}`.
    public func add(_ request: Request, context: some RequestContext) async throws -> Response {
        let new: NewNote
        do {
            new = try await request.decode(as: NewNote.self, context: context)
        } catch {
            logger.notice("Refused a note: the body is not {\"text\": \"…\"}", metadata: ["request": "\(id)"])
            return try failure(.badRequest, "The body must be JSON like {\"text\": \"Buy milk\"}.")
        }
        let note = try await answering { try await Notebook().add(new.text) }
        logger.info("Added note \(note.id)", metadata: ["request": "\(id)"])
        return try json(.created, note)
    }

    /// `GET /notes/search?q=…`.
    public func search(_ query: String) async throws -> Response {
        let result = try await answering { try await NoteSearch().search(query) }
        logger.info("Searched \"\(query)\": \(result.totalMatches) matches", metadata: ["request": "\(id)"])
        return try json(.ok, SearchAnswer(query: query, matches: result.matches, total: result.totalMatches))
    }

    /// `DELETE /notes/{id}`.
    public func remove(_ noteID: String) async throws -> Response {
        guard let number = Int(noteID) else { return try failure(.badRequest, "A note id is a number.") }
        let note = try await answering { try await Notebook().remove(id: number) }
        logger.info("Removed note \(note.id)", metadata: ["request": "\(id)"])
        return try json(.ok, note)
    }

    /// `GET /graph`: the app's containers and edges as a Mermaid flowchart.
    public func graph(_ mermaid: String) throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: mermaid + "\n")))
    }

    /// Runs `work`, turning the notes' own errors into their HTTP answers.
    private func answering<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as NotesError {
            let status: HTTPResponse.Status =
                switch error {
                case .emptyText, .emptyQuery: .badRequest
                case .unknownNote: .notFound
                default: .internalServerError
                }
            logger.notice("Refused: \(error)", metadata: ["request": "\(id)"])
            throw EndpointFailure(answer: try failure(status, error.description))
        }
    }

    private func failure(_ status: HTTPResponse.Status, _ message: String) throws -> Response {
        try json(status, ["error": message])
    }

    private func json(_ status: HTTPResponse.Status, _ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}

/// `POST /notes`'s body.
private struct NewNote: Decodable {
    let text: String
}

/// `GET /notes/search`'s answer.
private struct SearchAnswer: Encodable {
    let query: String
    let matches: [Note]
    let total: Int
}

/// A refusal with its ready response: the router writes it as the answer.
struct EndpointFailure: HTTPResponseError {
    let answer: Response

    var status: HTTPResponse.Status { answer.status }

    func response(from request: Request, context: some RequestContext) throws -> Response { answer }
}
