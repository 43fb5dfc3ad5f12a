/// The files of a folder as an editor sees them: the open documents' unsaved text in place of the disk's.
package struct EditorFiles: ProjectFiles {
    package var disk: DiskFiles
    /// The open documents' text, by path relative to the folder.
    package var open: [String: String]

    package init(disk: DiskFiles, open: [String: String]) {
        self.disk = disk
        self.open = open
    }

    /// The names on disk and those of the documents open directly in `folder`, each once.
    package func names(in folder: String) -> [String] {
        let opened = open.keys.compactMap { path -> String? in
            guard path.hasPrefix(folder + "/") else { return nil }
            let name = String(path.dropFirst(folder.count + 1))
            return name.contains("/") ? nil : name
        }
        return Array(Set(disk.names(in: folder) + opened))
    }

    package func size(of path: String) throws(ProjectFileError) -> Int {
        if let text = open[path] { return text.utf8.count }
        return try disk.size(of: path)
    }

    package func contents(of path: String) throws(ProjectFileError) -> [UInt8] {
        if let text = open[path] { return Array(text.utf8) }
        return try disk.contents(of: path)
    }
}
