import Foundation
import PlayDeveloperAPI
import Synchronization

/// The Play Developer API in memory, for the ledger's tests: the purchase each token reads as, failures on
/// demand, and a log of every call. The served tests use a fake Google over HTTP instead.
final class StubPlayAPI: PlayDeveloperAPI {
    /// One call the ledger made: `get`, `acknowledge` or `consume`, and the token.
    struct Call: Hashable, Sendable {
        var kind: String
        var token: String
    }

    private struct State {
        var bodies: [String: String] = [:]
        /// Errors the next calls of a kind (`get`, `acknowledge`, `consume`) answer, in order.
        var failures: [String: [PlayAPIError]] = [:]
        var calls: [Call] = []
    }

    private let state = Mutex(State())

    /// Serves `body` (Google's JSON) for `token` from now on.
    func set(_ token: String, _ body: String) {
        state.withLock { $0.bodies[token] = body }
    }

    /// Makes the next calls of `kind` answer `errors`, one each.
    func fail(_ kind: String, with errors: [PlayAPIError]) {
        state.withLock { $0.failures[kind, default: []] += errors }
    }

    var calls: [Call] { state.withLock { $0.calls } }

    /// The calls of `kind` made so far.
    func calls(_ kind: String) -> [Call] { calls.filter { $0.kind == kind } }

    func subscription(packageName: String, token: String) async throws(PlayAPIError) -> String {
        try answer("get", token)
    }

    func product(packageName: String, productID: String, token: String) async throws(PlayAPIError) -> String {
        try answer("get", token)
    }

    func acknowledgeSubscription(packageName: String, productID: String, token: String) async throws(PlayAPIError) {
        _ = try answer("acknowledge", token)
        edit(token) { $0.replacingOccurrences(of: "ACKNOWLEDGEMENT_STATE_PENDING", with: "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED") }
    }

    func acknowledgeProduct(packageName: String, productID: String, token: String) async throws(PlayAPIError) {
        _ = try answer("acknowledge", token)
        edit(token) { $0.replacingOccurrences(of: #""acknowledgementState":0"#, with: #""acknowledgementState":1"#) }
    }

    func consumeProduct(packageName: String, productID: String, token: String) async throws(PlayAPIError) {
        _ = try answer("consume", token)
        edit(token) { $0.replacingOccurrences(of: #""consumptionState":0"#, with: #""consumptionState":1"#) }
    }

    private func answer(_ kind: String, _ token: String) throws(PlayAPIError) -> String {
        let result: Result<String, PlayAPIError> = state.withLock { state in
            state.calls.append(Call(kind: kind, token: token))
            if var queued = state.failures[kind], !queued.isEmpty {
                let error = queued.removeFirst()
                state.failures[kind] = queued
                return .failure(error)
            }
            guard let body = state.bodies[token] else { return .failure(.notFound(status: 404)) }
            return .success(body)
        }
        return try result.get()
    }

    private func edit(_ token: String, _ change: (String) -> String) {
        state.withLock { state in state.bodies[token] = state.bodies[token].map(change) }
    }
}
