import Foundation
import JSON
import Purchases
import Server
import Store
import TollgateEvaluation

/// The service assembled: a holder fed by the folder or by a store's channel, the router over it, and the
/// HTTP server in front.
package enum Service {
    /// Loads what the configuration serves (waiting a while for a store that does not answer yet), starts
    /// listening, and logs where.
    package static func start(_ configuration: ServiceConfiguration) throws(ServiceError) -> RunningService {
        let log = configuration.log
        let metrics = Metrics()
        let holder: PolicyHolder
        let follower: StoreFollower?
        let description: String
        switch configuration.source {
        case .folder:
            let loader = configuration.loader
            let source = PolicySource(description: loader.folderDescription, fingerprint: { loader.folderFingerprint() },
                                      load: { () throws(ReloadError) in try loader.releases() })
            holder = PolicyHolder(source: source, metrics: metrics, log: log)
            holder.reloadIfChanged()
            follower = nil
            description = source.description
        case .channel(let channel):
            let settings = try followerSettings(configuration, channel: channel)
            holder = PolicyHolder(metrics: metrics, log: log)
            let storeFollower = StoreFollower(holder: holder, settings: settings, log: log)
            storeFollower.start(waitingUpTo: configuration.storeWait)
            follower = storeFollower
            description = "channel \(channel) of \(settings.storeName)"
        }
        let admin = configuration.admin.map { access in
            Admin(token: access.token, publishing: StorePublishing(location: configuration.store,
                                                                   storeName: configuration.storeName,
                                                                   validator: access.validator))
        }
        let (customers, customerFollower) = Self.customers(configuration)
        let exposures = ExposureRecorder(metrics: metrics, log: log, write: ExposureRecorder.writer(to: configuration.store))
        let router = Router(holder: holder, metrics: metrics, admin: admin, customers: customers, exposures: exposures,
                            purchaseEvents: StoredPurchaseEvents(location: configuration.store),
                            recordsDecisions: configuration.recordsExposures,
                            results: StoredExperimentResults(location: configuration.store, rates: configuration.rates),
                            prices: Self.requestPrices, log: log, now: configuration.now)
        let server = HTTPServer(
            responder: router, configuration: .init(port: configuration.port, host: configuration.host),
            log: { message in log(LogLine.event("http") { line in line.member("message") { $0.string(message) } }) })
        let address: HTTPServer.Address
        do {
            address = try server.start()
        } catch {
            follower?.stop()
            customerFollower?.stop()
            exposures.stop()
            throw .listen(error)
        }
        log(LogLine.event("listening") { line in
            line.member("url") { $0.string(address.url) }
            line.member("address") { $0.string(address.host) }
            line.member("port") { $0.integer(address.port) }
            line.member("source") { $0.string(description) }
            line.member("apps") { $0.integer(holder.snapshot?.apps.count ?? 0) }
            line.member("admin") { $0.bool(admin != nil) }
        })
        if follower == nil { holder.watch(every: configuration.reloadInterval) }
        let playSettler = configuration.play?.api == nil ? nil
            : settlePlayPurchases(of: holder, with: customers, now: configuration.now)
        return RunningService(address: address, server: server, holder: holder, follower: follower,
                              customerFollower: customerFollower, playSettler: playSettler, exposures: exposures)
    }

    /// The customers kept in the configuration's store, with a cache that the store's customer feed keeps true.
    private static func customers(_ configuration: ServiceConfiguration) -> (CustomerLedger, CustomerFollower?) {
        let cache = CustomerCache()
        let follower = CustomerFollower(cache: cache, location: configuration.store, log: configuration.log)
        follower.start()
        return (CustomerLedger(stores: StorePool(location: configuration.store), roots: configuration.appleRoots,
                               cache: cache, play: configuration.play), follower)
    }

    /// Settles, in the background, the Play purchases left with a call to Google pending: those a previous run
    /// committed but stopped before acknowledging or consuming, at once, and every minute those whose call failed
    /// (Pub/Sub also sends their message again, which settles them sooner).
    private static func settlePlayPurchases(of holder: PolicyHolder, with customers: CustomerLedger,
                                            now: @escaping @Sendable () -> Date) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                for policy in holder.snapshot?.customerPolicies ?? [] {
                    _ = await customers.settlePendingPlayPurchases(policy: policy, now: Timestamp(now()))
                }
                // A store's first snapshot may take a moment; look again soon until there is one.
                try? await Task.sleep(for: holder.snapshot == nil ? .seconds(1) : settleInterval)
            }
        }
    }

    /// How often pending Play calls are settled.
    static let settleInterval = Duration.seconds(60)

    /// Following the channel of the configuration's store as a replica. A SQLite store that cannot be opened
    /// is a mistake that stops the service; a database that does not answer is waited for.
    private static func followerSettings(_ configuration: ServiceConfiguration, channel: String)
        throws(ServiceError) -> StoreFollower.Settings
    {
        let location = configuration.store
        if case .sqlite = location {
            do {
                _ = try location.open(.read)
            } catch {
                throw .store(error)
            }
        }
        let replica = Replica(id: UUID().uuidString.lowercased(), host: hostName(), pid: Int(getpid()),
                              channel: channel, startedAt: Timestamp(configuration.now()), apps: [])
        let loader = configuration.loader
        var settings = StoreFollower.Settings(
            storeName: location.name, channel: channel,
            open: { (mode) throws(StoreError) in try location.open(mode) },
            release: { (snapshot) throws(ReloadError) in try loader.release(of: snapshot) },
            replica: replica)
        settings.now = configuration.now
        return settings
    }

    /// This machine's name, as the fleet lists it.
    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

