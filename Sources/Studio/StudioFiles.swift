import Foundation
import Project
import Synchronization
import TollgateEvaluation

/// The files the studio reads and writes: an app's policy (`policy`) and its templates (by locale), named by
/// ids, never by paths, so nothing outside `Policies/` and `Templates/` can be reached. Saves are atomic and
/// refused when the file changed on disk since it was read (its ETag, the SHA-256 of its bytes).
package final class StudioFiles: Sendable {
    /// The project folder.
    package let folder: String
    /// Saves take turns, so two saves of one file cannot both pass the ETag check.
    private let saving = Mutex(())

    /// The largest file the studio saves, as the policy loader reads at most.
    package static let maxFileBytes = 8 * 1024 * 1024

    package init(folder: String) {
        self.folder = folder
    }

    /// One file of an app, as the API names it.
    package struct FileID: Hashable, Sendable {
        package var app: String
        /// `policy`, or a template's locale.
        package var file: String

        /// The file's path in the project, `Policies/<app>.yaml` or `Templates/<app>/<locale>.yaml`.
        package var path: String {
            file == Self.policy ? ProjectLayout.policyPath(app: app)
                : ProjectLayout.templateFolder(app: app) + "/" + file + ".yaml"
        }

        package static let policy = "policy"
    }

    /// A file's text and ETag.
    package struct Contents: Hashable, Sendable {
        package var text: String
        package var etag: String
    }

    /// Why a file cannot be read or saved.
    package enum Failure: Error, Hashable, Sendable {
        /// No such app or file, or an id that names none (a path, `..`, a link out of the project).
        case notFound(String)
        /// The file changed on disk since `etag` was read; nothing was written.
        case conflict(current: String)
        /// The file system refused.
        case unreadable(String)
        /// The text is larger than a policy file may be.
        case tooLarge(Int)
    }

    /// The apps: the stems of `Policies/*.yaml`, sorted.
    package var apps: [String] {
        ProjectLayout.policyFiles(of: DiskFiles(folder: folder)).compactMap(ProjectLayout.app(of:)).sorted()
    }

    /// The files of `app`: its policy, then its templates by locale.
    package func files(of app: String) throws(Failure) -> [FileID] {
        guard Self.isID(app), apps.contains(app) else { throw .notFound("no app '\(app.prefix(64))' in Policies/") }
        let templates = ProjectLayout.yamlFiles(in: ProjectLayout.templateFolder(app: app), of: DiskFiles(folder: folder))
            .map { ProjectLayout.stem($0) }.filter(Self.isID).sorted()
        return [FileID(app: app, file: FileID.policy)] + templates.map { FileID(app: app, file: $0) }
    }

    /// `id` when it names an existing file of the project reached through no symbolic link.
    package func checked(_ id: FileID) throws(Failure) -> FileID {
        guard Self.isID(id.file), try files(of: id.app).contains(id) else {
            throw .notFound("app '\(id.app.prefix(64))' has no file '\(id.file.prefix(64))'; files are 'policy' "
                + "and its template locales")
        }
        let url = URL(fileURLWithPath: folder).appendingPathComponent(id.path)
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard url.resolvingSymlinksInPath().path == root + "/" + id.path else {
            throw .notFound("\(id.path) is a link; the studio edits only files inside the project")
        }
        return id
    }

    package func read(_ id: FileID) throws(Failure) -> Contents {
        let id = try checked(id)
        let bytes: [UInt8]
        do {
            bytes = try DiskFiles(folder: folder).contents(of: id.path)
        } catch {
            throw .unreadable(error.description)
        }
        return Contents(text: String(decoding: bytes, as: UTF8.self), etag: Self.etag(bytes))
    }

    /// Writes `text` to the file if it is still the version `etag` names: to a temporary file beside it, then
    /// renamed over it, so a reader sees the old file or the new one, never half of one. Answers the new ETag.
    package func save(_ id: FileID, text: String, etag: String) throws(Failure) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maxFileBytes else { throw .tooLarge(bytes.count) }
        return try saving.withLock { _ throws(Failure) -> String in
            let current = try read(id)
            guard current.etag == etag else { throw .conflict(current: current.etag) }
            let path = folder + "/" + id.path
            let temporary = path + ".studio-\(UUID().uuidString).tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
                throw .unreadable("cannot write beside \(id.path)")
            }
            guard rename(temporary, path) == 0 else {
                let reason = ProjectFileError.reason(errno: errno)
                unlink(temporary)
                throw .unreadable("cannot replace \(id.path): \(reason)")
            }
            return Self.etag(bytes)
        }
    }

    /// An id: letters, digits, `-`, `_` and `.`, not starting with a dot, at most 128 characters; so never a
    /// path, never `..`.
    static func isID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 128 && text.first != "." && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// The ETag of `bytes`: their SHA-256, quoted as HTTP writes entity tags.
    static func etag(_ bytes: [UInt8]) -> String {
        "\"" + SHA256.hex(bytes) + "\""
    }
}
