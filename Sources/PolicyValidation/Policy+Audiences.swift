import Diagnostics
import PolicyModel
import TollgateEvaluation

/// An audience's `when` condition and where it stands, for the rules that read conditions.
struct AudienceConditionSite {
    var placement: Placement
    var audience: Audience
    var condition: AudienceCondition

    /// How messages name the audience: "placement 'onboarding', audience 'japan-new'".
    var name: String { "placement '\(placement.id.value)', audience '\(audience.id.value)'" }
}

extension Policy {
    /// Every audience that has a `when`, in file order.
    var audienceConditions: [AudienceConditionSite] {
        placements.flatMap { placement in
            placement.audiences.compactMap { audience in
                audience.when.map { AudienceConditionSite(placement: placement, audience: audience, condition: $0) }
            }
        }
    }

    /// The mistakes compiling each condition finds against the policy's tiers and features.
    var conditionIssues: [(site: AudienceConditionSite, issue: ExpressionIssue)] {
        let tiers = tiers.map(\.id.value)
        let features = features.map(\.id.value)
        return audienceConditions.flatMap { site in
            ExpressionIssues.find(in: site.condition.text.value, tiers: tiers, features: features).map { (site, $0) }
        }
    }

    /// The experiment ids audiences name.
    var usedExperimentIDs: Set<String> {
        Set(placements.flatMap(\.audiences).compactMap { audience in
            if case .experiment(let id)? = audience.outcome?.value { return id }
            return nil
        })
    }
}

extension Rule {
    /// A finding for each condition issue `keep` selects, at the issue's own line and column inside the
    /// `when` string; `help` gives the help line, by default the issue's.
    func conditionFindings(_ app: AppSources, keep: (ExpressionIssue.Kind) -> Bool,
                           help: (ExpressionIssue) -> String? = { $0.help }) -> [Diagnostic] {
        app.policy.conditionIssues.filter { keep($0.issue.kind) }.map { site, issue in
            finding("\(site.name): \(issue.message)", at: site.condition.span(ofUTF8: issue.range), help: help(issue))
        }
    }
}
