import Diagnostics
package import Foundation
import PolicyCompiler
package import PolicyModel
package import PolicyValidation
package import Project
package import Store
package import TollgateEvaluation

/// Publishing, rollback and history on one store, for the command line and the server alike.
///
/// Reads no clock, environment or file: the caller passes the files' text, the time and the author.
package struct Publisher {
    /// The channel a publish or rollback changes when none is named.
    package static let defaultChannel = "production"

    package let store: any PolicyStore
    /// The store as the user named it, for messages: `.tollgate/store.sqlite`.
    package let storeName: String
    /// The validator for a given baseline of published products; the caller brings ICU's plural data.
    package let validator: @Sendable ([String: ProductBaseline]) -> Validator

    package init(store: any PolicyStore, storeName: String,
                 validator: @escaping @Sendable ([String: ProductBaseline]) -> Validator) {
        self.store = store
        self.storeName = storeName
        self.validator = validator
    }

    // MARK: Publishing

    /// Loads, validates (against what the store published for the app) and compiles `files`.
    package func prepare(_ files: AppFiles) throws(PublishingError) -> Release {
        try Self.prepare(files, validator: validator(try baselines(apps: [files.app])))
    }

    /// Loads, validates with `validator` and compiles `files`: `prepare(_:)` for a store that holds nothing yet.
    package static func prepare(_ files: AppFiles, validator: Validator) throws(PublishingError) -> Release {
        let (sources, compiled) = try compile(load(files), app: files.app, validator: validator)
        return Release(files: files, sources: sources, compiled: compiled)
    }

    /// The compiled policy of loaded sources that `validator` finds no error in; otherwise every error of
    /// loading and validation, in source order.
    package static func compile(_ loaded: LoadedApp, app: String, validator: Validator)
        throws(PublishingError) -> (sources: AppSources, policy: CompiledPolicy)
    {
        guard let sources = loaded.sources else {
            throw .findings(loaded.diagnostics.sorted(by: Diagnostic.sourceOrder))
        }
        let errors = (loaded.diagnostics + validator.validate(sources).diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty else { throw .findings(errors.sorted(by: Diagnostic.sourceOrder)) }
        do {
            return (sources, try PolicyCompiler.compile(sources.policy))
        } catch {
            throw .cannotCompile(app: app, error)
        }
    }

    /// Records `release` as a snapshot and points `channel` at it, in one transaction; a release the
    /// channel already serves writes nothing.
    package func publish(_ release: Release, to channel: String, author: String, message: String, at time: Date)
        throws(PublishingError) -> ChannelChange
    {
        let app = release.files.app
        let publication = Publication(
            app: app, channel: channel, hash: release.compiled.hash,
            bundle: [UInt8](release.compiled.bundle.canonicalJSON),
            files: release.files.byPath,
            products: release.sources.policy.products.map { ($0.id.value, $0.type.value.rawValue) },
            author: author, message: message, createdAt: Timestamp(time))
        let result: PublishResult
        do {
            result = try store.publish(publication)
        } catch {
            throw PublishingError(error)
        }
        switch result {
        case .applied(let change): return change
        case .refused(let conflicts, let latest):
            throw .refused(app: app, conflicts: findings(conflicts, in: release.sources.policy,
                                                         source: source(version: latest)))
        }
    }

    /// Prepares and publishes `files` in one call.
    package func publish(_ files: AppFiles, to channel: String, author: String, message: String, at time: Date)
        throws(PublishingError) -> ChannelChange
    {
        try publish(prepare(files), to: channel, author: author, message: message, at: time)
    }

    // MARK: Rollback and history

    /// Points `channel` of `app` back at the snapshot `reference` names (a version, or a prefix of its
    /// hash); the message defaults to "rollback to <reference>".
    package func rollback(app: String, to reference: String, channel: String, author: String, message: String?,
                          at time: Date) throws(PublishingError) -> ChannelChange {
        do {
            return try store.rollback(app: app, channel: channel, to: reference, author: author,
                                      message: message ?? "rollback to \(reference)", createdAt: Timestamp(time))
        } catch {
            throw PublishingError(error)
        }
    }

    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    package func history(app: String? = nil, channel: String? = nil) throws(PublishingError) -> [HistoryEntry] {
        do {
            return try store.history(app: app, channel: channel)
        } catch {
            throw PublishingError(error)
        }
    }

    /// What the store published for each of `apps` it holds (default: every app), as the product-id rules
    /// and `experiment-reassigns-users` read it: every product published, and the experiments of the newest
    /// version.
    package func baselines(apps: [String]? = nil) throws(PublishingError) -> [String: ProductBaseline] {
        do {
            let known = try store.apps()
            var baselines: [String: ProductBaseline] = [:]
            for app in apps ?? known where known.contains(app) {
                let catalog = try store.catalog(app: app)
                let newest = try store.snapshot(app: app, reference: String(catalog.latestVersion))
                baselines[app] = catalog.baseline(experiments: PublishedCatalog.experiments(ofBundle: newest.bundle),
                                                  source: source(version: catalog.latestVersion))
            }
            return baselines
        } catch {
            throw PublishingError(error)
        }
    }

    // MARK: Helpers

    /// Loads the policy and templates of `files`, each within the size limit; sources are nil when the policy
    /// cannot be loaded.
    static func load(_ files: AppFiles) -> LoadedApp {
        let read = Project.readSkippingUnreadable(
            app: files.app, policy: files.policy.path, templates: files.templates.map(\.path),
            templateFolder: AppFiles.templateDirectory(app: files.app), from: MappedFiles(files.byPath))
        return Project.load([read ?? ReadApp(app: LoadedApp(app: files.app, file: files.policy.path))])[0]
    }

    /// Where a baseline of the store comes from, for messages.
    private func source(version: Int) -> String {
        "the store \(storeName), version \(version)"
    }

    /// The store's conflicts as findings on the products of `policy` they concern.
    private func findings(_ conflicts: [ProductConflict], in policy: Policy, source: String) -> [Diagnostic] {
        conflicts.compactMap { conflict in
            switch conflict {
            case .typeChanged(let id, let published, _):
                policy.products.first { $0.id.value == id }.map {
                    ProductRuleFindings.typeChanged($0, published: published, source: source)
                }
            case .idReused(let id):
                policy.products.first { $0.id.value == id }.map { ProductRuleFindings.idReused($0, source: source) }
            }
        }
    }
}
