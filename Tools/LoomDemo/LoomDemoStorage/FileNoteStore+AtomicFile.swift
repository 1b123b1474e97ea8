import Foundation
import LoomDemoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The POSIX side of the file store: reading the file, replacing it atomically, and the writers' lock.
extension FileNoteStore {
    /// The folder holding the notes file (absolute, even for a relative path).
    var directory: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// The file's bytes, or `nil` if it does not exist.
    func readContents() throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw unreadable(Self.describe(errno: code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(Self.describe(errno: errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw unreadable("it is not a regular file") }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(Self.describe(errno: errno))
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Replaces the file with `data` so that a crash at any point leaves either the old file or the new one.
    ///
    /// Writes a temporary file in the same folder (a rename is atomic only within one file system), flushes it to
    /// disk, renames it over the old file and flushes the folder. The new file keeps the old one's permissions; a
    /// new file is readable by its owner only.
    func replaceContents(with data: Data) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw unwritable(Self.describe(errno: errno)) }
        let temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var isOpen = true
        var isRenamed = false
        defer {
            if isOpen { close(descriptor) }
            if !isRenamed { unlink(temporaryPath) }
        }
        var existing = stat()
        if stat(path, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw unwritable(Self.describe(errno: errno))
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw unwritable(Self.describe(errno: errno)) }
        isOpen = false
        guard close(descriptor) == 0 else { throw unwritable(Self.describe(errno: errno)) }
        guard rename(temporaryPath, path) == 0 else { throw unwritable(Self.describe(errno: errno)) }
        isRenamed = true
        // Makes the rename itself durable. Best effort: some file systems cannot sync a folder, and the new file
        // is already complete on disk.
        let folder = open(directory, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    /// Runs `body` holding an exclusive `flock` on the file's folder, creating the folder first if needed.
    ///
    /// The lock is on the folder, not the file, because each write replaces the file: a lock on the old file would
    /// not stop a writer that opened the new one. Readers take no lock: a rename is atomic, so they always see a
    /// whole file.
    func withWriterLock<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw unwritable("cannot create the folder \(directory)")
        }
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unwritable(Self.describe(errno: errno)) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw unwritable(Self.describe(errno: errno)) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// The system's text for an `errno` value, such as `Permission denied`.
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}
