/// Where a project's files are read from: a folder on disk, an editor's unsaved text over it, or a map of
/// paths to bytes (a published snapshot, the files sent to the admin API).
///
/// Paths are as findings name them: relative to the project (`Policies/demo.yaml`), or absolute on disk.
package protocol ProjectFiles: Sendable {
    /// The names of the entries directly in `folder`, in no particular order; none when it does not exist.
    func names(in folder: String) -> [String]

    /// The size in bytes of the regular file at `path`; anything else cannot be read.
    func size(of path: String) throws(ProjectFileError) -> Int

    /// The bytes of the regular file at `path`.
    func contents(of path: String) throws(ProjectFileError) -> [UInt8]
}
