extension EditorWorkspace {
    /// The path relative to the workspace folder of the document `uri` names; nil for a document outside it.
    package func path(forURI uri: String) -> String? {
        guard let absolute = DocumentURI.path(of: uri) else { return nil }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard absolute.hasPrefix(prefix), absolute.count > prefix.count else { return nil }
        return String(absolute.dropFirst(prefix.count))
    }

    /// The URI of a path relative to the workspace folder: the one the editor opened it by, or its `file://` URI.
    package func uri(forPath path: String) -> String {
        openURIs[path] ?? DocumentURI.uri(ofPath: folder.hasSuffix("/") ? folder + path : "\(folder)/\(path)")
    }
}
