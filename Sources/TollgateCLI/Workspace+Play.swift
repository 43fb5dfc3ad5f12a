import Foundation
import PlayDeveloperAPI
import Purchases
import StoreSignatures

extension Workspace {
    /// The options of `serve` that take Google Play's purchases.
    static func playOptions() -> [Option] {
        [
            .value(.playServiceAccount, valueName: "file",
                   help: "read Google Play's purchases as this service account (its JSON key file)",
                   default: .described("$TOLLGATE_PLAY_SERVICE_ACCOUNT; without either, none")),
            .value(.playPushAudience, valueName: "audience",
                   help: "accept Play's Pub/Sub pushes whose token has this audience (required for them)"),
            .value(.playPushAccount, valueName: "email",
                   help: "accept only pushes signed for this service account of the push subscription"),
            .value(.googleCertsURL, valueName: "url", help: "where Google's signing keys are (for tests)",
                   default: .value(GoogleKeySet.defaultCertsURL.absoluteString)),
            .value(.googleAPIURL, valueName: "url", help: "where the Google Play Developer API is (for tests)",
                   default: .value(GooglePlayClient.defaultAPIURL.absoluteString)),
        ]
    }

    /// How `serve` takes Google Play's purchases: the Developer API as the service account of
    /// `--play-service-account` (else `TOLLGATE_PLAY_SERVICE_ACCOUNT`, a key file's path or the key's JSON itself),
    /// Google's keys, and the push claims.
    func playAccess(_ arguments: Arguments) throws(CommandError) -> PlayAccess {
        let certs = try Self.url(arguments.required(.googleCertsURL), option: "--google-certs-url")
        let api = try Self.url(arguments.required(.googleAPIURL), option: "--google-api-url")
        var file = arguments[.playServiceAccount]
        if file == nil, let variable = context.environment["TOLLGATE_PLAY_SERVICE_ACCOUNT"], !variable.isEmpty {
            file = variable
        }
        let client = try file.map { (file) throws(CommandError) -> GooglePlayClient in
            // The variable may hold the key itself, as secrets often reach a container.
            let key = file.hasPrefix("{") ? Array(file.utf8) : try contents(of: file)
            let name = file.hasPrefix("{") ? "TOLLGATE_PLAY_SERVICE_ACCOUNT" : file
            do {
                return try GooglePlayClient(account: ServiceAccount(json: key), apiURL: api)
            } catch {
                throw .badArgument("\(name): \(error)", help: "give the JSON key file Google issued for the service "
                                   + "account (with client_email, private_key and token_uri)")
            }
        }
        let audience = arguments[.playPushAudience].flatMap { $0.isEmpty ? nil : $0 }
        let account = arguments[.playPushAccount].flatMap { $0.isEmpty ? nil : $0 }
        if account != nil, audience == nil {
            throw .usage("--play-push-account needs --play-push-audience",
                         help: "give the audience of the push subscription's token too")
        }
        return PlayAccess(api: client, keys: KeySetCache(fetch: GoogleKeySet.fetcher(url: certs)),
                          push: audience.map { PushTokenPolicy(audience: $0, account: account) })
    }

    /// `text` as an http or https URL, or a usage error naming `option`.
    private static func url(_ text: String, option: String) throws(CommandError) -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw .usage("invalid value '\(text)' for '\(option) <url>'", help: "give an http or https URL")
        }
        return url
    }
}
