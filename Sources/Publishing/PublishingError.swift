package import Diagnostics
package import Store
package import TollgateEvaluation

/// Why a publish, rollback or history read did not happen; callers match the case, not the words.
package enum PublishingError: Error, Sendable, CustomStringConvertible {
    /// The store holds no snapshot of `app`; `known` are the apps it holds.
    case unknownApp(app: String, reference: String, known: [String])
    /// No snapshot of `app` has the version or hash prefix `reference`.
    case unknownVersion(app: String, reference: String)
    /// The hash prefix `reference` matches several versions of `app`.
    case ambiguousVersion(app: String, reference: String, versions: [Int])
    /// The files have errors (and, when the policy could not be loaded, its other findings): nothing was written.
    case findings([Diagnostic])
    /// Another publish came first, and what it published forbids this one (a product's type, a retired
    /// id): the conflicts as the product-id rules word them. Nothing was written.
    case refused(app: String, conflicts: [Diagnostic])
    /// The policy is valid but does not compile into a bundle.
    case cannotCompile(app: String, BundleError)
    /// The store failed or cannot be used.
    case store(StoreError)

    package var description: String {
        switch self {
        case .unknownApp(let app, let reference, let known):
            StoreError.unknownApp(app: app, reference: reference, known: known).description
        case .unknownVersion(let app, let reference):
            StoreError.unknownVersion(app: app, reference: reference).description
        case .ambiguousVersion(let app, let reference, let versions):
            StoreError.ambiguousVersion(app: app, reference: reference, versions: versions).description
        case .findings(let diagnostics):
            "the policy has \(diagnostics.count { $0.severity == .error }) error(s); nothing was published"
        case .refused(let app, let conflicts):
            "\(app) was not published: " + conflicts.map { "\($0.message) [\($0.rule)]" }.joined(separator: "; ")
        case .cannotCompile(let app, let error):
            "cannot compile '\(app)': \(error)"
        case .store(let error):
            error.description
        }
    }

    /// A store failure, with the cases that name a missing app or version lifted out.
    init(_ error: StoreError) {
        switch error {
        case .unknownApp(let app, let reference, let known):
            self = .unknownApp(app: app, reference: reference, known: known)
        case .unknownVersion(let app, let reference): self = .unknownVersion(app: app, reference: reference)
        case .ambiguousVersion(let app, let reference, let versions):
            self = .ambiguousVersion(app: app, reference: reference, versions: versions)
        default: self = .store(error)
        }
    }
}
