import Diagnostics
import PolicyModel

/// Things only a person can confirm must be confirmed before release.
struct AttestationOpenRule: Rule {
    static let id = "attestation-open"
    static let severity = Severity.warning
    static let category = "review"
    static let summary = "an attestation is still pending"
    static let checklistItem: String? = "Agreements, tax and reviewer access (attested)"
    static let explanation = """
        Some review requirements live outside the files: the Paid Apps agreement signed, tax and banking \
        set up, a reviewer able to buy in the sandbox. 'review.attestations' records them; a 'pending' one \
        still needs a person to check it. This is a warning, so CI passes, but 'tollgate validate --strict' \
        fails until every attestation is 'confirmed' or 'not-applicable'.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.review.attestations.filter { $0.status.value == .pending }.map { attestation in
            finding("attestation '\(attestation.name.value)' is still pending", at: attestation.status.span,
                    help: "once a person has checked it, set it to 'confirmed' (or 'not-applicable')")
        }
    }

    func evidence(_ app: AppSources) -> String {
        let confirmed = app.policy.review.attestations.filter { $0.status.value == .confirmed }.map(\.name.value)
        return confirmed.isEmpty ? "nothing to attest" : "confirmed: \(confirmed.joined(separator: ", "))"
    }
}
