import Foundation

/// The files of a folder on disk; relative paths are taken from `folder`, absolute ones as they are.
package struct DiskFiles: ProjectFiles {
    /// The folder relative paths start from: the current directory, or a workspace folder.
    package var folder: String

    package init(folder: String) {
        self.folder = folder
    }

    package func names(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: absolute(folder))) ?? []
    }

    /// The size of a regular file, following symbolic links; a folder, a FIFO or a device cannot be read.
    package func size(of path: String) throws(ProjectFileError) -> Int {
        var status = stat()
        guard stat(absolute(path), &status) == 0 else { throw ProjectFileError(path: path, errno: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return Int(status.st_size)
        case S_IFDIR: throw ProjectFileError(path: path, errno: EISDIR)
        default: throw ProjectFileError(path: path, reason: "not a regular file")
        }
    }

    /// The bytes of a regular file; a special file (a FIFO that would block) is refused before it is opened.
    package func contents(of path: String) throws(ProjectFileError) -> [UInt8] {
        _ = try size(of: path)
        let descriptor = open(absolute(path), O_RDONLY)
        guard descriptor >= 0 else { throw ProjectFileError(path: path, errno: errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw ProjectFileError(path: path, reason: ProjectFileError.reason(error))
        }
    }

    /// `path` from `folder` when it is relative.
    package func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (folder as NSString).appendingPathComponent(path)
    }
}
