import Diagnostics
import PolicyModel

/// Placement, audience, experiment and variant ids are lowercase ASCII letters, digits, '.', '_' and '-'.
struct PlacementIDFormatRule: Rule {
    static let id = "placement-id-format"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "a placement, audience, experiment or variant id is not [a-z0-9][a-z0-9._-]*"
    static let explanation = """
        Placement ids appear in HTTP routes (/v1/apps/<app>/placements/<id>/resolve) and OFREP flag keys \
        (placement.<id>), and audience, experiment and variant ids in every decision, its trace and \
        analytics. Keeping them to lowercase ASCII letters, digits, '.', '_' and '-', starting with a \
        letter or digit, keeps them safe in URLs and flag keys and free of look-alike characters. Rename \
        the id.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        var ids: [(Located<String>, String)] = []
        for placement in app.policy.placements {
            ids.append((placement.id, "placement"))
            ids += placement.audiences.map { ($0.id, "audience") }
        }
        for experiment in app.policy.experiments {
            ids.append((experiment.id, "experiment"))
            ids += experiment.variants.map { ($0.id, "variant") }
        }
        return ids.filter { !Self.isWellFormed($0.0.value) }.map { id, kind in
            finding("\(kind) id '\(id.value)' is not lowercase letters, digits, '.', '_' and '-' starting with a "
                    + "letter or digit", at: id.span,
                    help: Self.suggestion(for: id.value).map { "write '\($0)'" } ?? "use an id such as 'after-onboarding'")
        }
    }

    static func isWellFormed(_ id: String) -> Bool {
        let scalars = id.unicodeScalars
        guard let first = scalars.first, first != ".", first != "_", first != "-" else { return false }
        return scalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
        }
    }

    /// The id lowercased, spaces as hyphens, other characters it may not have dropped, when that leaves one.
    private static func suggestion(for id: String) -> String? {
        let words = id.lowercased().split(separator: " ").joined(separator: "-")
        let kept = String(String.UnicodeScalarView(words.unicodeScalars.filter {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
        }).drop { $0 == "." || $0 == "_" || $0 == "-" })
        return isWellFormed(kept) ? kept : nil
    }
}
