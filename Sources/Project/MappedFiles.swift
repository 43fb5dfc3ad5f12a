import Foundation

/// Files held as a map of project-relative paths to bytes: a published snapshot's, or those sent to the
/// admin API.
package struct MappedFiles: ProjectFiles {
    package var files: [String: [UInt8]]

    package init(_ files: [String: [UInt8]]) {
        self.files = files
    }

    package func names(in folder: String) -> [String] {
        files.keys.filter { ($0 as NSString).deletingLastPathComponent == folder }
            .map { ($0 as NSString).lastPathComponent }
    }

    package func size(of path: String) throws(ProjectFileError) -> Int {
        try contents(of: path).count
    }

    package func contents(of path: String) throws(ProjectFileError) -> [UInt8] {
        guard let bytes = files[path] else { throw ProjectFileError(path: path, errno: ENOENT) }
        return bytes
    }
}
