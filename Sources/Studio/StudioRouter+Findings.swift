import Diagnostics
import JSON
import Project
import Server

/// Findings for text not saved yet: the app loaded with that text in place of its file and validated as
/// `tollgate validate` validates it.
extension StudioRouter {
    func findings(_ request: HTTPRequest, app: String) throws(Problem) -> HTTPResponse {
        let members = try JSONBody.object(request.body)
        guard case .string(let file)? = members["file"], case .string(let text)? = members["text"] else {
            throw Problem.invalidInput("send {\"file\": \"policy\", \"text\": \"…\"}")
        }
        let id: StudioFiles.FileID
        let known: [StudioFiles.FileID]
        do {
            id = try files.checked(StudioFiles.FileID(app: app, file: file))
            known = try files.files(of: app)
        } catch {
            throw Self.problem(error)
        }
        let overlay = EditorFiles(disk: DiskFiles(folder: configuration.folder), open: [id.path: text])
        let loaded: [LoadedApp]
        do {
            loaded = try Project.load(policies: [ProjectLayout.policyPath(app: app)], from: overlay)
        } catch {
            throw Problem(.storeFailed, status: 500, title: "Unreadable project", detail: error.description)
        }
        let diagnostics = loaded.flatMap { Project.validate($0, validator: configuration.validator()).diagnostics }
        let ids = Dictionary(known.map { ($0.path, $0.file) }) { first, _ in first }
        return JSONBody.response(JSONBody.write(capacity: 256 + 256 * diagnostics.count) { writer in
            writer.object { body in
                body.member("findings") { list in
                    list.array(diagnostics) { item, diagnostic in
                        item.object { fields in
                            fields.member("file") { writer in
                                if let file = ids[diagnostic.span.file] { writer.string(file) } else { writer.null() }
                            }
                            fields.member("path") { $0.string(diagnostic.span.file) }
                            fields.member("line") { $0.integer(diagnostic.span.start.line) }
                            fields.member("column") { $0.integer(diagnostic.span.start.column) }
                            fields.member("end_line") { $0.integer(diagnostic.span.end.line) }
                            fields.member("end_column") { $0.integer(diagnostic.span.end.column) }
                            fields.member("severity") { $0.string(diagnostic.severity.rawValue) }
                            fields.member("rule") { $0.string(diagnostic.rule) }
                            fields.member("message") { $0.string(diagnostic.message) }
                            fields.member("help") { writer in
                                if let help = diagnostic.help { writer.string(help) } else { writer.null() }
                            }
                        }
                    }
                }
                body.member("errors") { $0.integer(diagnostics.count { $0.severity == .error }) }
                body.member("warnings") { $0.integer(diagnostics.count { $0.severity == .warning }) }
            }
        })
    }
}
