import Diagnostics
import PolicyModel
import YAML

extension NodeReader {
    static let paywallKeys = ["products", "highlight"]
    static let paywallRequiredKeys = ["products"]
    static let reviewKeys = ["restore", "attestations", "waive"]
    static let restoreKeys = ["locations", "sync_on_launch"]

    mutating func paywalls(_ node: Node) -> [Paywall] {
        entries(node, "paywalls").compactMap { id, value in
            let what = "paywall '\(id.value)'"
            guard let fields = mapping(value, what, allowed: Self.paywallKeys, required: Self.paywallRequiredKeys) else {
                return nil
            }
            return Paywall(id: id, products: fields["products"].map { strings($0, "products of \(what)") } ?? [],
                           highlight: fields["highlight"].flatMap { string($0, "highlight of \(what)") },
                           span: span(value))
        }
    }

    mutating func review(_ node: Node?, in root: Node) -> ReviewRules? {
        guard let node else {
            let span = startSpan(root)
            return ReviewRules(restore: nil, attestations: [], waivers: [], span: span)
        }
        guard let fields = mapping(node, "review", allowed: Self.reviewKeys) else { return nil }
        let restore = fields["restore"].flatMap { self.restore($0) }
        let attestations = fields["attestations"].map { node in
            entries(node, "review.attestations").compactMap { name, value in
                self.value(value, "attestation '\(name.value)'", as: AttestationStatus.self).map {
                    Attestation(name: name, status: $0)
                }
            }
        } ?? []
        let waivers = fields["waive"].map { self.waivers($0) } ?? []
        return ReviewRules(restore: restore, attestations: attestations, waivers: waivers,
                           span: keySpan(node) ?? span(node))
    }

    private mutating func restore(_ node: Node) -> RestoreRules? {
        guard let fields = mapping(node, "review.restore", allowed: Self.restoreKeys) else {
            return nil
        }
        return RestoreRules(
            locations: fields["locations"].map { strings($0, "review.restore.locations") } ?? [],
            syncOnLaunch: fields["sync_on_launch"].flatMap { bool($0, "review.restore.sync_on_launch") },
            span: span(node))
    }

    /// `waive:` entries; an empty reason is kept so validation can say a reason is needed.
    private mutating func waivers(_ node: Node) -> [Waiver] {
        if isNull(node) { return [] }
        return entries(node, "review.waive").compactMap { rule, value in
            if isNull(value) {
                return Waiver(rule: rule, reason: Located("", at: span(value)))
            }
            return string(value, "the reason for waiving '\(rule.value)'").map { Waiver(rule: rule, reason: $0) }
        }
    }
}
