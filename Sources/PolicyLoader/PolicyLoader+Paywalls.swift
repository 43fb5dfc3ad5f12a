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
                           span: value.span)
        }
    }

    mutating func review(_ node: Node?, in root: Node) -> ReviewRules? {
        guard let node else {
            let span = SourceSpan(file: root.span.file, start: root.span.start, end: root.span.start)
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
                           span: node.keySpan ?? node.span)
    }

    private mutating func restore(_ node: Node) -> RestoreRules? {
        guard let fields = mapping(node, "review.restore", allowed: Self.restoreKeys) else {
            return nil
        }
        return RestoreRules(
            locations: fields["locations"].map { strings($0, "review.restore.locations") } ?? [],
            syncOnLaunch: fields["sync_on_launch"].flatMap { bool($0, "review.restore.sync_on_launch") },
            span: node.span)
    }

    /// `waive:` entries; an empty reason is kept so validation can say a reason is needed.
    private mutating func waivers(_ node: Node) -> [Waiver] {
        if case .scalar(let text, .plain) = node.content, YAMLScalar.isNull(text) { return [] }
        return entries(node, "review.waive").compactMap { rule, value in
            if case .scalar(let text, .plain) = value.content, YAMLScalar.isNull(text) {
                return Waiver(rule: rule, reason: Located("", at: value.span))
            }
            return string(value, "the reason for waiving '\(rule.value)'").map { Waiver(rule: rule, reason: $0) }
        }
    }
}
