import Foundation
import JSON
import PolicyModel
import Project
import Rendering
import Server
import Store

/// What the studio shows of the saved files, from the command line run in process: the same renderer,
/// evaluator, diff, publisher and results as `tollgate render`, `resolve`, `matrix`, `diff`, `publish` and
/// `experiment results`.
extension StudioRouter {
    /// The saved policy of `app`, loaded; 404 for an unknown app, 422 when it does not load.
    func policy(of app: String) throws(Problem) -> Policy {
        do {
            _ = try files.files(of: app)
        } catch {
            throw Self.problem(error)
        }
        let loaded = try? Project.load(policies: [ProjectLayout.policyPath(app: app)],
                                       from: DiskFiles(folder: configuration.folder))
        guard let policy = loaded?.first?.sources?.policy else {
            throw Problem(.policyInvalid, status: 422, title: "The policy does not load",
                          detail: "Policies/\(app).yaml has errors that stop it loading; fix them and save")
        }
        return policy
    }

    /// Runs `arguments`; exit 0 answers `stdout`, another exit a problem with what the command printed.
    func command(_ arguments: [String], input: [UInt8] = []) throws(Problem) -> String {
        let output = configuration.run(arguments, input)
        guard output.exitCode == 0 else {
            let detail = output.stderr.split(separator: "\n").filter { !$0.hasPrefix("see 'tollgate") }
                .joined(separator: "\n")
            throw output.exitCode == 1
                ? Problem(.policyInvalid, status: 422, title: "The policy has errors", detail: detail)
                : Problem.invalidInput(detail)
        }
        return output.stdout
    }

    /// Every paywall in every locale, with the prices of `?storefront=` (default the first sheet by name; the
    /// reference prices when the app has none).
    func previews(_ request: HTTPRequest, app: String) throws(Problem) -> HTTPResponse {
        let policy = try policy(of: app)
        let storefronts = storefronts(of: app)
        let storefront = request.query["storefront"] ?? storefronts.first
        if let storefront, !storefronts.contains(storefront) {
            throw Problem.notFound("no prices 'Prices/\(app)/\(storefront.prefix(64)).yaml'; the storefronts are "
                + storefronts.joined(separator: ", "))
        }
        let prices = storefront.map { ["--prices", "Prices/\(app)/\($0).yaml"] } ?? []
        let pages = policy.paywalls.flatMap { paywall in
            policy.app.locales.map { locale in
                (paywall.id.value, locale.value, configuration.run(["render", "--app", app, "--paywall", paywall.id.value,
                                                                   "--locale", locale.value, "--format", "html"] + prices, []))
            }
        }
        return JSONBody.response(JSONBody.write(capacity: pages.reduce(256) { $0 + $1.2.stdout.utf8.count + 128 }) { writer in
            writer.object { body in
                body.member("storefront") { writer in
                    if let storefront { writer.string(storefront) } else { writer.null() }
                }
                body.member("previews") { list in
                    list.array(pages) { item, page in
                        item.object { fields in
                            fields.member("paywall") { $0.string(page.0) }
                            fields.member("locale") { $0.string(page.1) }
                            fields.member("direction") { $0.string(LocaleFormats.isRightToLeft(tag: page.1) ? "rtl" : "ltr") }
                            if page.2.exitCode == 0 {
                                fields.member("html") { $0.string(page.2.stdout) }
                            } else {
                                fields.member("error") { $0.string(page.2.stderr) }
                            }
                        }
                    }
                }
            }
        })
    }

    /// `{"html"}`: the feature × tier table as `tollgate matrix --format html` prints it.
    func matrix(app: String) throws(Problem) -> HTTPResponse {
        _ = try policy(of: app)
        let page = try command(["matrix", "--app", app, "--format", "html"])
        return JSONBody.response(JSONBody.write(capacity: page.utf8.count + 32) { writer in
            writer.object { $0.member("html") { $0.string(page) } }
        })
    }

    /// `{"placement", "context"}` → the decision and its trace, as `tollgate resolve` answers them.
    func resolve(_ request: HTTPRequest, app: String) throws(Problem) -> HTTPResponse {
        _ = try policy(of: app)
        let members = try JSONBody.object(request.body)
        guard case .string(let placement)? = members["placement"] else {
            throw Problem.invalidInput("send {\"placement\": \"…\", \"context\": {…}}")
        }
        var context = JSONWriter(capacity: 256)
        context.value(members["context"] ?? .object([:]))
        let decision = try command(["resolve", "--app", app, "--placement", placement, "--input", "-"],
                                   input: context.bytes)
        return JSONBody.response(Array(decision.utf8))
    }

    /// The semantic diff of the saved files against what the store's channel serves.
    func changes(app: String) throws(Problem) -> HTTPResponse {
        _ = try policy(of: app)
        let version = try servedVersion(of: app)
        let text = try version.map { (version) throws(Problem) in
            try command(["diff", String(version), ProjectLayout.policyPath(app: app), "--app", app]
                + configuration.storeArguments)
        }
        return JSONBody.response(JSONBody.write(capacity: 256 + (text?.utf8.count ?? 0)) { writer in
            writer.object { body in
                body.member("channel") { $0.string(configuration.channel) }
                body.member("store") { $0.string(configuration.store.location.name) }
                body.member("version") { writer in
                    if let version { writer.integer(version) } else { writer.null() }
                }
                body.member("text") { $0.string(text ?? "\(app) is not published on \(configuration.channel) yet: "
                    + "everything is new\n") }
                body.member("changed") { $0.bool(text.map { !$0.contains("no changes") } ?? true) }
            }
        })
    }

    /// The version the store's channel serves of `app`, nil when none (no store, or not published there).
    func servedVersion(of app: String) throws(Problem) -> Int? {
        do throws(StoreError) {
            return try configuration.store.location.open(.read).active(app: app, channel: configuration.channel).map { Int($0.version) }
        } catch {
            if case .missing = error { return nil }
            throw Problem(.storeUnavailable, status: 503, title: "Store unavailable", detail: error.description)
        }
    }

    /// `{"message", "author"}` → the app published to the channel as `tollgate publish` publishes it, refused while
    /// it has errors.
    func publish(_ request: HTTPRequest, app: String) throws(Problem) -> HTTPResponse {
        let members = try JSONBody.object(request.body)
        guard case .string(let message)? = members["message"], !message.isEmpty,
              case .string(let author)? = members["author"], !author.isEmpty else {
            throw Problem.invalidInput("send {\"message\": \"why\", \"author\": \"who\"}, neither empty")
        }
        _ = try policy(of: app)
        let output = try command(["publish", "--app", app, "-m", message, "--author", author,
                                  "--channel", configuration.channel] + configuration.storeArguments)
        return JSONBody.response(JSONBody.write(capacity: 256 + output.utf8.count) { writer in
            writer.object { body in
                body.member("channel") { $0.string(configuration.channel) }
                body.member("version") { writer in
                    if let version = try? servedVersion(of: app) { writer.integer(version) } else { writer.null() }
                }
                body.member("output") { $0.string(output) }
            }
        })
    }

    /// The experiment's results as `tollgate experiment results` reports them: its JSON, or its HTML page.
    func results(_ request: HTTPRequest, app: String, experiment: String, html: Bool) throws(Problem) -> HTTPResponse {
        _ = try policy(of: app)
        var arguments = ["experiment", "results", "--app", app, "--experiment", experiment,
                         "--format", html ? "html" : "json"] + configuration.storeArguments
        for name in ["window", "from", "to", "currency"] {
            if let value = request.query[name] { arguments += ["--\(name)", value] }
        }
        if request.query["sequential"] == "true" { arguments.append("--sequential") }
        let report = try command(arguments)
        return html
            ? HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array(report.utf8))
            : JSONBody.response(Array(report.utf8))
    }
}
