import Diagnostics
import PolicyModel

/// No audience follows one without `when`, which always holds.
struct AudienceUnreachableRule: Rule {
    static let id = "audience-unreachable"
    static let severity = Severity.warning
    static let category = "placements"
    static let summary = "an audience comes after one without 'when', so it is never reached"
    static let explanation = """
        Audiences are tried in order and the first whose 'when' holds decides. An audience without 'when' \
        holds for everyone, so the audiences after it are never tried: their users see what the catch-all \
        shows. Move the catch-all to the end of the list, or remove the audiences after it.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.placements.flatMap { placement -> [Diagnostic] in
            guard let index = placement.audiences.firstIndex(where: { $0.when == nil }) else { return [] }
            let catchAll = placement.audiences[index].id
            return placement.audiences.dropFirst(index + 1).map { audience in
                finding("audience '\(audience.id.value)' of placement '\(placement.id.value)' is never reached: "
                        + "audience '\(catchAll.value)' before it has no 'when' and holds for everyone",
                        at: audience.id.span,
                        help: "move '\(catchAll.value)' to the end, or remove '\(audience.id.value)'",
                        related: [.init(span: catchAll.span, message: "'\(catchAll.value)' holds for everyone")])
            }
        }
    }
}
