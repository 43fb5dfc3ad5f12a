package import Diagnostics
import PolicyModel

extension EditorWorkspace {
    /// Where the policy declares the id written at `position` of the file at `path`: from a reference in the
    /// policy (a tier in `grants`, `includes` or a feature's `tier`, a product in a paywall or a group's
    /// `levels`, a product's group, a placement's or variant's paywall or experiment) or a key of a template
    /// file (a tier, feature, product or paywall). A declaration leads to itself. Nil when no id is written
    /// there, the policy declares none such, or the app did not load.
    package func definition(path: String, at position: SourcePosition) -> SourceSpan? {
        guard let sources = sources(holding: path), let site = identifierSite(in: path, at: position) else {
            return nil
        }
        return sources.policy.declaration(site.kind, site.id)?.span
    }
}
