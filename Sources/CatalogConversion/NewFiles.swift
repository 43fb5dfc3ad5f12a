import Foundation

/// Writes new files under a folder, all or none: it refuses when any of them exists, writes each to a temporary
/// file beside its target, and renames them into place only once all are written.
package enum NewFiles {
    /// Why nothing was written; paths are relative to the folder.
    package enum Failure: Error, Hashable, Sendable {
        case exists([String])
        case cannotWrite(path: String, reason: String)
    }

    /// Writes `files` (paths relative to `root`) under `root`, creating the folders they need.
    package static func write(_ files: [CatalogImporter.File], under root: String) throws(Failure) {
        let manager = FileManager.default
        func target(_ path: String) -> String { (root as NSString).appendingPathComponent(path) }
        let existing = files.map(\.path).filter { manager.fileExists(atPath: target($0)) }
        guard existing.isEmpty else { throw .exists(existing) }
        var created: [String] = []
        var temporaries: [String] = []
        var renamed: [String] = []
        func undo() {
            for path in temporaries + renamed { unlink(path) }
            for folder in created.reversed() { rmdir(folder) }
        }
        for file in files {
            let folder = (target(file.path) as NSString).deletingLastPathComponent
            let temporary = (folder as NSString).appendingPathComponent(
                ".\((file.path as NSString).lastPathComponent).\(getpid()).tmp")
            do {
                created += try makeFolders(folder)
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
            } catch {
                undo()
                throw .cannotWrite(path: file.path, reason: reason(error))
            }
            temporaries.append(temporary)
        }
        for (file, temporary) in zip(files, temporaries) {
            guard rename(temporary, target(file.path)) == 0 else {
                let reason = describe(errno: errno)
                undo()
                throw .cannotWrite(path: file.path, reason: reason)
            }
            renamed.append(target(file.path))
        }
    }

    /// Creates `folder` and the missing folders above it; returns those it created, outermost first.
    private static func makeFolders(_ folder: String) throws -> [String] {
        var missing: [String] = []
        var current = folder
        while !FileManager.default.fileExists(atPath: current), current != "/", !current.isEmpty {
            missing.insert(current, at: 0)
            current = (current as NSString).deletingLastPathComponent
        }
        for path in missing {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        }
        return missing
    }

    /// The system's words for a failed file operation.
    private static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return describe(errno: Int32(underlying.code))
        }
        return error.localizedDescription
    }

    /// The system's words for `code`, lowercased the way messages start: `permission denied`.
    private static func describe(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
