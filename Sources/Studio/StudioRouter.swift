import Foundation
package import Server
import Synchronization

/// The studio's HTTP side (docs/studio.md): the page and its assets, Debian's CodeMirror, and the JSON API under
/// `/studio/api/`, behind the `StudioGuard`. Every answer about the policy comes from the project loader and
/// validator the command line uses, or from the command line itself, run in process.
package final class StudioRouter: HTTPResponder {
    let configuration: StudioConfiguration
    let files: StudioFiles
    /// Set once the server listens: the studio's own `Host` values.
    private let guardian = Mutex<StudioGuard?>(nil)

    package init(_ configuration: StudioConfiguration) {
        self.configuration = configuration
        files = StudioFiles(folder: configuration.folder)
    }

    /// Accepts requests for `address`, where the server listens.
    package func listening(on address: HTTPServer.Address) {
        guardian.withLock { $0 = StudioGuard(address: address) }
    }

    package func bodyLimit(path: String) -> Int? {
        path.hasPrefix("/studio/api/") ? StudioFiles.maxFileBytes + 64 * 1024 : nil
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let refusal = if let guardian = guardian.withLock({ $0 }) { guardian.refusal(request) } else {
            "the studio is not listening yet"
        }
        if let refusal {
            return Problem(.forbidden, status: 403, title: "Forbidden", detail: refusal).response(path: request.path)
        }
        do {
            return try dispatch(request)
        } catch {
            return error.response(path: request.path)
        }
    }

    /// One route: a pattern, its method, its handler.
    struct Route: Sendable {
        var method: String
        var pattern: RoutePattern
        var handle: @Sendable (StudioRouter, HTTPRequest, [String: String]) throws(Problem) -> HTTPResponse

        init(_ method: String, _ pattern: String,
             _ handle: @escaping @Sendable (StudioRouter, HTTPRequest, [String: String]) throws(Problem) -> HTTPResponse) {
            self.method = method
            self.pattern = RoutePattern(pattern)
            self.handle = handle
        }
    }

    static let routes: [Route] = [
        Route("GET", "/") { studio, _, _ throws(Problem) in try studio.asset("index.html") },
        Route("GET", "/apps/{app}") { studio, _, _ throws(Problem) in try studio.asset("index.html") },
        Route("GET", "/studio/assets/{name}") { studio, _, parameters throws(Problem) in
            try studio.asset(parameters["name"] ?? "")
        },
        Route("GET", "/studio/api/apps") { studio, _, _ throws(Problem) in try studio.apps() },
        Route("GET", "/studio/api/apps/{app}/files/{file}") { studio, _, parameters throws(Problem) in
            try studio.readFile(app: parameters["app"] ?? "", file: parameters["file"] ?? "")
        },
        Route("PUT", "/studio/api/apps/{app}/files/{file}") { studio, request, parameters throws(Problem) in
            try studio.saveFile(request, app: parameters["app"] ?? "", file: parameters["file"] ?? "")
        },
        Route("POST", "/studio/api/apps/{app}/findings") { studio, request, parameters throws(Problem) in
            try studio.findings(request, app: parameters["app"] ?? "")
        },
        Route("GET", "/studio/api/apps/{app}/previews") { studio, request, parameters throws(Problem) in
            try studio.previews(request, app: parameters["app"] ?? "")
        },
        Route("GET", "/studio/api/apps/{app}/matrix") { studio, _, parameters throws(Problem) in
            try studio.matrix(app: parameters["app"] ?? "")
        },
        Route("POST", "/studio/api/apps/{app}/resolve") { studio, request, parameters throws(Problem) in
            try studio.resolve(request, app: parameters["app"] ?? "")
        },
        Route("GET", "/studio/api/apps/{app}/changes") { studio, _, parameters throws(Problem) in
            try studio.changes(app: parameters["app"] ?? "")
        },
        Route("POST", "/studio/api/apps/{app}/publish") { studio, request, parameters throws(Problem) in
            try studio.publish(request, app: parameters["app"] ?? "")
        },
        Route("GET", "/studio/api/apps/{app}/experiments/{experiment}/results") { studio, request, parameters throws(Problem) in
            try studio.results(request, app: parameters["app"] ?? "", experiment: parameters["experiment"] ?? "",
                               html: false)
        },
        Route("GET", "/studio/api/apps/{app}/experiments/{experiment}/results.html") {
            studio, request, parameters throws(Problem) in
            try studio.results(request, app: parameters["app"] ?? "", experiment: parameters["experiment"] ?? "",
                               html: true)
        },
    ]

    func dispatch(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        if request.path.hasPrefix("/studio/codemirror/") {
            guard request.method == "GET" else { throw Self.methodNotAllowed("GET") }
            return try codeMirror(String(request.path.dropFirst("/studio/codemirror/".count)))
        }
        let matches = Self.routes.compactMap { route in route.pattern.match(request.path).map { (route, $0) } }
        guard !matches.isEmpty else { throw Problem.notFound("no studio route \(request.path.prefix(200))") }
        guard let (route, parameters) = matches.first(where: { $0.0.method == request.method }) else {
            throw Self.methodNotAllowed(matches.map(\.0.method).joined(separator: ", "))
        }
        return try route.handle(self, request, parameters)
    }

    static func methodNotAllowed(_ allow: String) -> Problem {
        Problem(.methodNotAllowed, status: 405, title: "Method not allowed", detail: "this route takes \(allow)",
                extra: Problem.Extra(allow: allow))
    }
}
