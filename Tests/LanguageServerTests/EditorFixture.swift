import Diagnostics
import Foundation
import LanguageServer
import PolicyLoader
import PolicyModel
import PolicyValidation
import TestSupport
import Project

/// Workspaces for the tests: files loaded and validated as `tollgate validate` does.
enum EditorFixture {
    /// One app from a policy and its template files, paths relative to the workspace folder.
    static func workspace(policy: String, at policyPath: String = "Policies/demo.yaml",
                          templates: [String: String] = [:]) -> EditorWorkspace {
        let app = policyPath.split(separator: "/").last.map { String($0.dropLast(5)) } ?? "demo"
        let directory = "Templates/\(app)"
        let loaded = AppLoader.load(
            policy: Array(policy.utf8), file: policyPath,
            templates: templates.keys.sorted().map { path in
                AppLoader.TemplateFile(path: path, bytes: Array(templates[path, default: ""].utf8))
            },
            templateDirectory: directory)
        let diagnostics = loaded.diagnostics + (loaded.value.map { Validator.withICU.validate($0).diagnostics } ?? [])
        var documents = [policyPath: EditorWorkspace.Document(path: policyPath, text: policy)]
        for (path, text) in templates { documents[path] = EditorWorkspace.Document(path: path, text: text) }
        return EditorWorkspace(documents: documents, apps: [EditorWorkspace.App(
            id: app, policyFile: policyPath, templateFiles: templates.keys.sorted(), sources: loaded.value,
            diagnostics: diagnostics)])
    }

    /// The photocollage example from the repository, with `edits` replacing files' text.
    static func photocollage(_ edits: [String: String] = [:]) -> EditorWorkspace {
        let root = Fixtures.repositoryRoot()
        func text(_ path: String) -> String {
            edits[path] ?? (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        }
        let templates = ["en", "ja", "ko"].map { "Templates/photocollage/\($0).yaml" }
        return workspace(policy: text("Policies/photocollage.yaml"), at: "Policies/photocollage.yaml",
                         templates: Dictionary(uniqueKeysWithValues: templates.map { ($0, text($0)) }))
    }

    /// The position of the `offset`th scalar of the `occurrence`th (from 0) `needle` in the document at `path`.
    static func position(of needle: String, in workspace: EditorWorkspace, path: String, occurrence: Int = 0,
                         offset: Int = 0) -> SourcePosition {
        let text = workspace.documents[path]?.text ?? ""
        var searchStart = text.startIndex
        var found = text.startIndex
        for _ in 0...occurrence {
            guard let range = text.range(of: needle, range: searchStart..<text.endIndex) else {
                return SourcePosition(line: 0, column: 0)
            }
            found = range.lowerBound
            searchStart = range.upperBound
        }
        let before = text.unicodeScalars[..<found]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.reversed().prefix { $0 != "\n" }.count + 1
        return SourcePosition(line: line, column: column + offset)
    }
}
