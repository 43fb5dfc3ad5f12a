import Diagnostics
import PolicyModel

/// Audience ids are unique within their placement.
struct AudienceDuplicateIDRule: Rule {
    static let id = "audience-duplicate-id"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "two audiences of one placement have the same id"
    static let explanation = """
        A decision names the audience that made it ('audience': 'japan-new'), in its trace and in OFREP's \
        variant, so analytics and support can tell who saw what. Two audiences with one id in a placement \
        make that answer ambiguous. Rename one of them; ids only need to be unique within their placement.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.placements.flatMap { placement in
            var first: [String: Located<String>] = [:]
            return placement.audiences.compactMap { audience -> Diagnostic? in
                let id = audience.id
                guard let earlier = first[id.value] else {
                    first[id.value] = id
                    return nil
                }
                return finding("placement '\(placement.id.value)' has two audiences with id '\(id.value)'",
                               at: id.span, help: "give each audience of the placement its own id",
                               related: [.init(span: earlier.span, message: "'\(earlier.value)' first used here")])
            }
        }
    }
}
