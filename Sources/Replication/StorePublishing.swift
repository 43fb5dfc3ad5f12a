package import Foundation
package import PolicyValidation
import Publishing
package import Server
package import Store

/// The admin routes' publishing on the service's store: each call opens the store for itself and answers in
/// the router's terms.
package struct StorePublishing: AdminPublishing {
    package let location: StoreLocation
    /// The store as messages name it.
    package let storeName: String
    /// The validator for a given baseline of published products.
    package let validator: @Sendable ([String: ProductBaseline]) -> Validator

    package init(location: StoreLocation, storeName: String,
                 validator: @escaping @Sendable ([String: ProductBaseline]) -> Validator) {
        self.location = location
        self.storeName = storeName
        self.validator = validator
    }

    package var defaultChannel: String { Publisher.defaultChannel }

    package func publish(_ files: AdminFiles, to channel: String, author: String, message: String, at time: Date)
        throws(AdminError) -> AdminChange
    {
        let appFiles = AppFiles(app: files.app, policy: Array(files.policy.utf8),
                                templates: files.templates.mapValues { Array($0.utf8) })
        let publisher = try open(.create)
        do {
            return Self.change(try publisher.publish(appFiles, to: channel, author: author, message: message, at: time))
        } catch {
            throw Self.adminError(error)
        }
    }

    package func rollback(app: String, to reference: String, channel: String, author: String, message: String?,
                          at time: Date) throws(AdminError) -> AdminChange {
        let publisher = try open(.write)
        do {
            return Self.change(try publisher.rollback(app: app, to: reference, channel: channel, author: author,
                                                      message: message, at: time))
        } catch {
            throw Self.adminError(error)
        }
    }

    package func history(app: String?, channel: String?) throws(AdminError) -> [AdminHistoryEntry] {
        let publisher: Publisher
        do {
            publisher = Publisher(store: try location.open(.read), storeName: storeName, validator: validator)
        } catch {
            guard case .missing = error else { throw Self.adminError(.store(error)) }
            return []
        }
        do {
            return try publisher.history(app: app, channel: channel).map(Self.entry)
        } catch {
            throw Self.adminError(error)
        }
    }

    /// Publishing on the store, opened in `mode`.
    private func open(_ mode: StoreMode) throws(AdminError) -> Publisher {
        do {
            return Publisher(store: try location.open(mode), storeName: storeName, validator: validator)
        } catch {
            throw Self.adminError(.store(error))
        }
    }

    private static func change(_ change: ChannelChange) -> AdminChange {
        switch change {
        case .changed(let entry): AdminChange(version: entry.version, hash: entry.hash, entry: Self.entry(entry))
        case .alreadyActive(let version, let hash): AdminChange(version: version, hash: hash, entry: nil)
        }
    }

    private static func entry(_ entry: HistoryEntry) -> AdminHistoryEntry {
        AdminHistoryEntry(version: entry.version, hash: entry.hash, app: entry.app, channel: entry.channel,
                          action: entry.action.rawValue, author: entry.author, message: entry.message,
                          createdAt: entry.createdAt, active: entry.active)
    }

    /// The router's terms for a publishing failure.
    private static func adminError(_ error: PublishingError) -> AdminError {
        switch error {
        case .unknownApp: .unknownApp(error.description)
        case .unknownVersion: .unknownVersion(error.description)
        case .ambiguousVersion: .ambiguousVersion(error.description)
        case .findings(let diagnostics): .findings(error.description, diagnostics)
        case .cannotCompile: .cannotCompile(error.description)
        case .refused(_, let conflicts): .refused(error.description, conflicts)
        case .store(.missing): .noStore
        case .store: .storeFailed(error.description)
        }
    }
}
