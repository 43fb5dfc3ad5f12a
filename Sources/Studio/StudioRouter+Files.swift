import Diagnostics
import Foundation
import JSON
import PolicyModel
import Project
import Server

/// The page, its assets, CodeMirror's files, the apps and reading and saving their files.
extension StudioRouter {
    /// The page's files, by name, with their types.
    static let assets = ["index.html": "text/html; charset=utf-8", "studio.css": "text/css; charset=utf-8",
                         "studio.js": "text/javascript; charset=utf-8"]

    func asset(_ name: String) throws(Problem) -> HTTPResponse {
        guard let type = Self.assets[name],
              let url = Bundle.module.url(forResource: (name as NSString).deletingPathExtension,
                                          withExtension: (name as NSString).pathExtension, subdirectory: "Resources"),
              let data = FileManager.default.contents(atPath: url.path) else {
            throw Problem.notFound("the studio has no asset '\(name.prefix(64))'")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-cache")],
                            body: Array(data))
    }

    /// A file of Debian's `libjs-codemirror`, by a path of plain names (no `..`, no hidden files); 404 when the
    /// package is not installed, and the page falls back to a text area.
    func codeMirror(_ path: String) throws(Problem) -> HTTPResponse {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let types = ["js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"]
        guard !parts.isEmpty, parts.allSatisfy(StudioFiles.isID), let type = types[(path as NSString).pathExtension],
              let data = FileManager.default.contents(atPath: configuration.codeMirrorFolder + "/" + path) else {
            throw Problem.notFound("no CodeMirror file '\(path.prefix(100))' (install libjs-codemirror for the editor)")
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "max-age=3600")],
                            body: Array(data))
    }

    /// `{"apps": [...]}`: each app with `tollgate validate`'s counts, its files, and what the page offers for it.
    func apps() throws(Problem) -> HTTPResponse {
        let disk = DiskFiles(folder: configuration.folder)
        let loaded: [LoadedApp]
        do {
            loaded = try Project.loadApps(from: disk)
        } catch {
            throw Problem(.storeFailed, status: 500, title: "Unreadable project", detail: error.description)
        }
        let validator = configuration.validator()
        var entries: [(LoadedApp, AppReport, [StudioFiles.FileID])] = []
        for app in loaded {
            entries.append((app, Project.validate(app, validator: validator),
                            (try? files.files(of: app.app)) ?? []))
        }
        return JSONBody.response(JSONBody.write(capacity: 4096) { writer in
            writer.object { body in
                body.member("apps") { list in
                    list.array(entries) { item, entry in
                        let (app, report, files) = entry
                        let policy = app.sources?.policy
                        item.object { fields in
                            fields.member("app") { $0.string(app.app) }
                            fields.member("errors") { $0.integer(report.diagnostics.count { $0.severity == .error }) }
                            fields.member("warnings") {
                                $0.integer(report.diagnostics.count { $0.severity == .warning })
                            }
                            fields.member("files") { list in
                                list.array(files) { item, file in
                                    item.object { members in
                                        members.member("file") { $0.string(file.file) }
                                        members.member("path") { $0.string(file.path) }
                                    }
                                }
                            }
                            fields.member("paywalls") { $0.array(policy?.paywalls.map(\.id.value) ?? []) }
                            fields.member("locales") { $0.array(policy?.app.locales.map(\.value) ?? []) }
                            fields.member("placements") { $0.array(policy?.placements.map(\.id.value) ?? []) }
                            fields.member("experiments") { $0.array(policy?.experiments.map(\.id.value) ?? []) }
                            fields.member("storefronts") { $0.array(storefronts(of: app.app)) }
                        }
                    }
                }
            }
        })
    }

    /// The stems of `Prices/<app>/*.yaml`, sorted.
    func storefronts(of app: String) -> [String] {
        ProjectLayout.yamlFiles(in: "Prices/\(app)", of: DiskFiles(folder: configuration.folder))
            .map { ProjectLayout.stem($0) }.filter(StudioFiles.isID).sorted()
    }

    func readFile(app: String, file: String) throws(Problem) -> HTTPResponse {
        let id = StudioFiles.FileID(app: app, file: file)
        let contents: StudioFiles.Contents
        do {
            contents = try files.read(id)
        } catch {
            throw Self.problem(error)
        }
        return JSONBody.response(JSONBody.write(capacity: contents.text.utf8.count + 256) { writer in
            writer.object { body in
                body.member("app") { $0.string(app) }
                body.member("file") { $0.string(file) }
                body.member("path") { $0.string(id.path) }
                body.member("text") { $0.string(contents.text) }
                body.member("etag") { $0.string(contents.etag) }
            }
        }, headers: [("ETag", contents.etag)])
    }

    /// `{"text", "etag"}` → `{"etag"}` of the saved file, or 409 when it changed on disk since `etag`.
    func saveFile(_ request: HTTPRequest, app: String, file: String) throws(Problem) -> HTTPResponse {
        let members = try JSONBody.object(request.body)
        guard case .string(let text)? = members["text"], case .string(let etag)? = members["etag"] else {
            throw Problem.invalidInput("send {\"text\": \"…\", \"etag\": \"…\"} with the ETag the file was read with")
        }
        let saved: String
        do {
            saved = try files.save(StudioFiles.FileID(app: app, file: file), text: text, etag: etag)
        } catch {
            throw Self.problem(error)
        }
        return JSONBody.response(JSONBody.write { writer in
            writer.object { $0.member("etag") { $0.string(saved) } }
        }, headers: [("ETag", saved)])
    }

    static func problem(_ failure: StudioFiles.Failure) -> Problem {
        switch failure {
        case .notFound(let detail): Problem.notFound(detail)
        case .conflict(let current):
            Problem(.conflict, status: 409, title: "Changed on disk",
                    detail: "the file changed on disk since it was read (now \(current)); nothing was written: "
                        + "reload it, then make the change again")
        case .unreadable(let detail): Problem(.storeFailed, status: 500, title: "Cannot write", detail: detail)
        case .tooLarge(let count):
            Problem(.bodyTooLarge, status: 413, title: "Too large",
                    detail: "the text is \(count) bytes; a file holds at most \(StudioFiles.maxFileBytes)")
        }
    }
}
