package import ExperimentResults
package import Foundation
package import PolicyValidation
package import Purchases
package import Store
package import StoreSignatures

/// Everything `Service.start` needs: where to listen, what to serve, the admin token, the log and the clock.
package struct ServiceConfiguration: Sendable {
    /// What the service serves.
    package enum Source: Sendable {
        /// The project's folder, reloaded when a file changes.
        case folder
        /// What `channel` points at in the store, followed as one replica of many.
        case channel(String)
    }

    /// The TCP port; 0 picks a free one.
    package var port: Int
    /// The address to listen on, as `HTTPServer.Configuration` takes it.
    package var host: String
    /// Who may use the admin routes, and how they validate; nil disables them.
    package var admin: AdminAccess?
    /// Where one JSON line goes for every event and request.
    package var log: @Sendable (String) -> Void
    /// The time requests are answered at, and the store's outages are timed with.
    package var now: @Sendable () -> Date
    /// The store the admin routes publish to, and the one a channel source follows.
    package var store: StoreLocation
    /// The store as messages name it.
    package var storeName: String
    package var source: Source
    /// How apps are loaded from the folder and from published snapshots.
    package var loader: any ReleaseLoader
    /// How often the folder is checked for changes.
    package var reloadInterval: TimeInterval = 0.5
    /// How long `start` waits for a store to answer before it listens all the same.
    package var storeWait: TimeInterval = 10
    /// The roots App Store payloads must chain to: Apple Root CA - G3 unless `--apple-root-ca` names others.
    package var appleRoots: SignatureRoots = .apple
    /// How Google Play's pushes are authenticated and its purchases read; nil takes none.
    package var play: PlayAccess?
    /// Whether the service records the exposures of its own split decisions (`serve --no-exposures` turns it off).
    package var recordsExposures = true
    /// The exchange rates of experiment results' revenue (`serve --rates`); nil counts only the asked currency.
    package var rates: ExchangeRates?

    package init(port: Int, host: String, admin: AdminAccess?, log: @escaping @Sendable (String) -> Void,
                 now: @escaping @Sendable () -> Date, store: StoreLocation, storeName: String, source: Source,
                 loader: any ReleaseLoader) {
        self.port = port
        self.host = host
        self.admin = admin
        self.log = log
        self.now = now
        self.store = store
        self.storeName = storeName
        self.source = source
        self.loader = loader
    }

    /// The admin routes' token and the validator a publish through them uses.
    package struct AdminAccess: Sendable {
        /// The token `Authorization: Bearer` must carry.
        package var token: String
        /// The validator for a given baseline of published products.
        package var validator: @Sendable ([String: ProductBaseline]) -> Validator

        package init(token: String, validator: @escaping @Sendable ([String: ProductBaseline]) -> Validator) {
            self.token = token
            self.validator = validator
        }
    }
}

