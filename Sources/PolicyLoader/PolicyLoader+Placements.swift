import Diagnostics
import PolicyModel
import YAML

extension NodeReader {
    static let paywallPlacementKeys = ["title", "audiences"]
    static let audienceKeys = ["id", "when", "paywall", "experiment", "show"]
    static let experimentKeys = ["title", "seed", "status", "winner", "variants"]
    static let variantKeys = ["paywall", "show", "weight"]

    /// `placements:`; each audience's `when` keeps where its characters were written.
    mutating func placements(_ node: Node) -> [Placement] {
        entries(node, "placements").compactMap { id, value in
            let what = "placement '\(id.value)'"
            guard let fields = mapping(value, what, allowed: Self.paywallPlacementKeys, required: ["audiences"]) else {
                return nil
            }
            let audiences = fields["audiences"].map { list($0, "audiences of \(what)") } ?? .empty
            return Placement(id: id, title: fields["title"].flatMap { string($0, "title of \(what)") },
                             audiences: audiences.enumerated().compactMap { index, node in
                                 audience(node, "audience \(index + 1) of \(what)")
                             },
                             span: span(value))
        }
    }

    private mutating func audience(_ node: Node, _ what: String) -> Audience? {
        guard let fields = mapping(node, what, allowed: Self.audienceKeys, required: ["id"]),
              let id = fields["id"].flatMap({ string($0, "id of \(what)") }) else { return nil }
        let named = "audience '\(id.value)'"
        let when = fields["when"].flatMap { node in
            string(node, "when of \(named)").map { AudienceCondition(text: $0, source: scalarSource(node)) }
        }
        return Audience(id: id, when: when,
                        outcome: outcome(fields, named, choices: ["paywall", "experiment", "show: none"]),
                        span: span(node))
    }

    /// `experiments:`.
    mutating func experiments(_ node: Node) -> [Experiment] {
        entries(node, "experiments").compactMap { id, value in
            let what = "experiment '\(id.value)'"
            guard let fields = mapping(value, what, allowed: Self.experimentKeys, required: ["status", "variants"]),
                  let status = fields["status"].flatMap({ self.value($0, "status of \(what)", as: ExperimentStatus.self) })
            else { return nil }
            let variants = fields["variants"].map { node in
                entries(node, "variants of \(what)").compactMap { variantID, value in
                    variant(variantID, value, "variant '\(variantID.value)' of \(what)")
                }
            } ?? []
            return Experiment(id: id, title: fields["title"].flatMap { string($0, "title of \(what)") },
                              seed: fields["seed"].flatMap { string($0, "seed of \(what)") }, status: status,
                              winner: fields["winner"].flatMap { string($0, "winner of \(what)") },
                              variants: variants, span: span(value))
        }
    }

    private mutating func variant(_ id: Located<String>, _ node: Node, _ what: String) -> Variant? {
        guard let fields = mapping(node, what, allowed: Self.variantKeys, required: ["weight"]),
              let weight = fields["weight"].flatMap({ int($0, "weight of \(what)") }) else { return nil }
        return Variant(id: id, outcome: outcome(fields, what, choices: ["paywall", "show: none"]), weight: weight,
                       span: span(node))
    }

    /// What an audience or variant shows: exactly one of `choices` (`paywall`, `experiment`, `show: none`).
    private mutating func outcome(_ fields: Fields, _ what: String, choices: [String]) -> Located<AudienceOutcome>? {
        var found: [(key: String, outcome: Located<AudienceOutcome>)] = []
        if let node = fields["paywall"], let id = string(node, "paywall of \(what)") {
            found.append(("paywall", Located(.paywall(id.value), at: id.span)))
        }
        if choices.contains("experiment"), let node = fields["experiment"],
           let id = string(node, "experiment of \(what)") {
            found.append(("experiment", Located(.experiment(id.value), at: id.span)))
        }
        if let node = fields["show"], let word = string(node, "show of \(what)") {
            if word.value == "none" {
                found.append(("show", Located(.nothing, at: word.span)))
            } else {
                report(LoaderRules.invalidValue, "show of \(what) must be 'none'; found '\(word.value)'",
                       at: word.span, help: "write 'show: none' to show nothing, or 'paywall: ID' to show one")
                return nil
            }
        }
        let list = choices.map { "'\($0)'" }.joined(separator: ", ")
        switch found.count {
        case 1:
            return found[0].outcome
        case 0:
            report(LoaderRules.missingKey, "\(what) does not say what it shows",
                   at: ownerSpan(fields.node),
                   help: "add one of \(list)")
        default:
            report(LoaderRules.invalidValue,
                   "\(what) gives both '\(found[0].key)' and '\(found[1].key)'; it shows one thing",
                   at: found[1].outcome.span, help: "keep one of \(list)")
        }
        return nil
    }
}
