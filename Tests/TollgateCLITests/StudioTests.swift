import Foundation
import Project
import Server
import Store
import Studio
import TestSupport
import Testing
import TollgateCLI

/// `tollgate studio`'s API on a copy of the examples: only the project's policies and templates reachable, only its
/// own host and origin answered, saves that never lose a change, and answers equal to the command line's.
@Suite(.serialized) final class StudioTests {
    let project: StoreProject
    let router: StudioRouter
    static let host = "127.0.0.1:8090"

    init() throws {
        project = try StoreProject("studio")
        try FileManager.default.copyItem(at: StoreProject.repositoryRoot.appendingPathComponent("Prices"),
                                         to: project.folder.appendingPathComponent("Prices"))
        let folder = project.path
        router = StudioRouter(StudioConfiguration(
            folder: folder, store: (StoreLocation.sqlite(path: project.storePath), StoreProject.store),
            channel: "production", validator: { .withICU },
            run: { arguments, input in
                let result = Tollgate.run(arguments, context: CommandContext(currentDirectory: folder,
                                                                             readStandardInput: { input }))
                return CommandOutput(stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode)
            }))
        router.listening(on: HTTPServer.Address(host: "127.0.0.1", port: 8090))
    }

    deinit {
        project.remove()
    }

    func send(_ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
              query: [String: String] = [:]) -> HTTPResponse {
        var headers = headers
        if headers["Host"] == nil { headers["Host"] = Self.host }
        return router.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers,
                                              body: Array((json ?? "").utf8)))
    }

    func object(_ response: HTTPResponse) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    static func json(_ members: [String: String]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: members), as: UTF8.self)
    }

    @Test func onlyItsOwnHostAndOriginAreAnswered() {
        #expect(send("GET", "/studio/api/apps").status == 200)
        #expect(send("GET", "/studio/api/apps", headers: ["Host": "localhost:8090"]).status == 200)
        for host in ["evil.example:8090", "127.0.0.1:9999", "127.0.0.1", ""] {
            #expect(send("GET", "/studio/api/apps", headers: ["Host": host]).status == 403, "Host \(host)")
        }
        let read = object(send("GET", "/studio/api/apps/photocollage/files/en"))
        let save = Self.json(["text": read["text"] as? String ?? "", "etag": read["etag"] as? String ?? ""])
        #expect(send("PUT", "/studio/api/apps/photocollage/files/en", json: save,
                     headers: ["Origin": "https://evil.example"]).status == 403)
        #expect(send("POST", "/studio/api/apps/photocollage/publish", json: #"{"message": "m", "author": "a"}"#,
                     headers: ["Origin": "http://localhost:9999"]).status == 403)
        #expect(send("PUT", "/studio/api/apps/photocollage/files/en", json: save,
                     headers: ["Origin": "http://127.0.0.1:8090"]).status == 200)
    }

    @Test(arguments: ["..", "..%2F..%2Fetc", "%2Fetc%2Fpasswd", ".hidden", "en.yaml", "en%2F..", "ko/../en", "policy "])
    func filesAreIdsNeverPaths(_ file: String) {
        let path = "/studio/api/apps/photocollage/files/" + (file.removingPercentEncoding ?? file)
        let answer = send("GET", path)
        #expect(answer.status == 404, "\(file): \(String(decoding: answer.body, as: UTF8.self))")
        #expect(send("GET", "/studio/api/apps/..%2FPolicies/files/policy".removingPercentEncoding!).status == 404)
    }

    @Test(arguments: ["../../../etc/passwd", "lib/../../../../etc/passwd.js", "/etc/passwd.js", "lib/.hidden.js",
                      "lib//codemirror.js", "lib/codemirror.txt"])
    func codeMirrorServesOnlyItsOwnFiles(_ path: String) {
        #expect(send("GET", "/studio/codemirror/" + path).status == 404)
    }

    @Test func aLinkOutOfTheProjectIsRefused() throws {
        let outside = project.folder.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).yaml")
        try "secret: 1\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let link = project.folder.appendingPathComponent("Templates/photocollage/xx.yaml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        #expect(send("GET", "/studio/api/apps/photocollage/files/xx").status == 404)
        #expect(send("PUT", "/studio/api/apps/photocollage/files/xx", json: Self.json(["text": "x", "etag": "\"e\""]))
            .status == 404)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "secret: 1\n")
    }

    @Test func aSaveIsRefusedWhenTheFileChangedOnDisk() throws {
        let read = object(send("GET", "/studio/api/apps/photocollage/files/policy"))
        let text = try #require(read["text"] as? String), etag = try #require(read["etag"] as? String)
        try project.write(text + "# changed elsewhere\n", to: "Policies/photocollage.yaml")
        let refused = send("PUT", "/studio/api/apps/photocollage/files/policy",
                           json: Self.json(["text": text + "# mine\n", "etag": etag]))
        #expect(refused.status == 409 && object(refused)["type"] as? String == "urn:tollgate:problem:conflict")
        #expect(try project.read("Policies/photocollage.yaml") == text + "# changed elsewhere\n", "nothing written")
        let current = object(send("GET", "/studio/api/apps/photocollage/files/policy"))
        let saved = send("PUT", "/studio/api/apps/photocollage/files/policy",
                         json: Self.json(["text": "not: [valid yaml\n", "etag": current["etag"] as? String ?? ""]))
        #expect(saved.status == 200, "a draft that does not parse is saved")
        #expect(try project.read("Policies/photocollage.yaml") == "not: [valid yaml\n")
        #expect(object(saved)["etag"] as? String == object(send("GET", "/studio/api/apps/photocollage/files/policy"))["etag"]
            as? String)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: project.path + "/Policies")
        #expect(leftovers.sorted() == ["lingualeap.yaml", "photocollage.yaml"], "no temporary file is left")
    }

    @Test func findingsOfUnsavedTextAreValidatesAtItsLines() throws {
        let text = try project.read("Policies/photocollage.yaml")
            .replacingOccurrences(of: "grants: [remove-ads]", with: "grants: [remove-ad]")
        let answer = object(send("POST", "/studio/api/apps/photocollage/findings",
                                 json: Self.json(["file": "policy", "text": text])))
        let findings = try #require(answer["findings"] as? [[String: Any]])
        let error = try #require(findings.first { $0["rule"] as? String == "unknown-tier" })
        try project.write(text, to: "Policies/photocollage.yaml")
        let validate = Tollgate.run(["validate", "Policies/photocollage.yaml"], context: CommandContext(currentDirectory: project.path))
        let location = "Policies/photocollage.yaml:\(error["line"] as? Int ?? 0):\(error["column"] as? Int ?? 0): error:"
        #expect((validate.stdout + validate.stderr).contains(location), "\(location) in \(validate.stdout)")
        #expect(error["file"] as? String == "policy" && answer["errors"] as? Int == 1)
    }

    @Test func previewsUseTheStorefrontsPrices() throws {
        let previews = object(send("GET", "/studio/api/apps/lingualeap/previews", query: ["storefront": "POL"]))
        let pages = try #require(previews["previews"] as? [[String: Any]])
        #expect(pages.count == 2 * 5, "every paywall in every locale")
        let arabic = try #require(pages.first { $0["locale"] as? String == "ar" })
        #expect(arabic["direction"] as? String == "rtl")
        let rendered = Tollgate.run(["render", "--app", "lingualeap", "--paywall", "main", "--locale", "pl",
                                     "--prices", "Prices/lingualeap/POL.yaml", "--format", "html"],
                                    context: CommandContext(currentDirectory: project.path))
        #expect(pages.first { $0["paywall"] as? String == "main" && $0["locale"] as? String == "pl" }?["html"] as? String
            == rendered.stdout)
        #expect(object(send("GET", "/studio/api/apps/lingualeap/previews"))["storefront"] as? String == "POL",
                "the first sheet by name")
        #expect(send("GET", "/studio/api/apps/lingualeap/previews", query: ["storefront": "../x"]).status == 404)
    }

    @Test func theSimulatorAnswersAsResolve() throws {
        let context = #"{"user_id": "u-7", "storefront": "JPN", "install_date": "2026-11-25T08:00:00Z", "now": "2026-11-29T12:00:00Z"}"#
        let answer = send("POST", "/studio/api/apps/photocollage/resolve",
                          json: #"{"placement": "onboarding", "context": \#(context)}"#)
        let resolve = Tollgate.run(["resolve", "--app", "photocollage", "--placement", "onboarding", "--input", "-"],
                                   context: CommandContext(currentDirectory: project.path,
                                                           readStandardInput: { Array(context.utf8) }))
        #expect(answer.status == 200 && String(decoding: answer.body, as: UTF8.self) == resolve.stdout)
        #expect(send("POST", "/studio/api/apps/photocollage/resolve", json: #"{"placement": "nope"}"#).status == 400)
    }

    @Test func publishIsRefusedWithErrorsAndRecordsItsAuthor() throws {
        let changes = object(send("GET", "/studio/api/apps/photocollage/changes"))
        #expect(changes["version"] is NSNull && changes["changed"] as? Bool == true)
        let text = try project.read("Policies/photocollage.yaml")
        try project.write(text.replacingOccurrences(of: "grants: [remove-ads]", with: "grants: [remove-ad]"),
                          to: "Policies/photocollage.yaml")
        #expect(send("POST", "/studio/api/apps/photocollage/publish", json: #"{"message": "m", "author": "Ann"}"#)
            .status == 422)
        #expect(try !FileManager.default.fileExists(atPath: project.storePath) || project.open(.read)
            .active(app: "photocollage", channel: "production") == nil)
        try project.write(text, to: "Policies/photocollage.yaml")
        let published = send("POST", "/studio/api/apps/photocollage/publish",
                             json: #"{"message": "from the studio", "author": "Ann"}"#)
        #expect(published.status == 200 && object(published)["version"] as? Int == 1, "\(object(published))")
        let history = Tollgate.run(["history", "--app", "photocollage", "--store", StoreProject.store],
                                   context: CommandContext(currentDirectory: project.path))
        #expect(history.stdout.contains("Ann") && history.stdout.contains("from the studio"), "\(history.stdout)")
        #expect(object(send("GET", "/studio/api/apps/photocollage/changes"))["changed"] as? Bool == false)
        #expect(send("POST", "/studio/api/apps/photocollage/publish", json: #"{"message": ""}"#).status == 400)
    }
}
