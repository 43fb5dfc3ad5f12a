import PolicyModel

extension PolicySchema {
    static var paywallPlacement: JSONSchema {
        mapping("A moment where the app may show a paywall; its audiences are tried in order.",
                keys: NodeReader.paywallPlacementKeys, required: ["audiences"], [
            "title": text("What the moment is, for people."),
            "audiences": list("""
                Who sees what here, tried in order: the first audience whose `when` holds decides. An \
                audience without `when` always holds, so it belongs last.
                """, of: ref("audience")),
        ])
    }

    static var audience: JSONSchema {
        mapping("""
            An audience: who it is (`when`) and what it sees — exactly one of `paywall`, `experiment` and \
            `show: none`.
            """, keys: NodeReader.audienceKeys, required: ["id"], [
            "id": text("The audience's id, unique within the placement; decisions and traces name it."),
            "when": text("""
                A condition on the user, such as `storefront == "JPN" && days_since_install < 7`. Names: \
                `user_id`, `storefront`, `locale`, `language`, `platform`, `app_version`, \
                `days_since_install`, `tiers`, `features`, `ads`, `attributes.NAME`; operators `|| && ! == \
                != < <= > >= in`; functions `version(s)` and `has(attributes.NAME)`. Leave it out for everyone.
                """),
            "paywall": text("The paywall this audience sees."),
            "experiment": text("The experiment that splits this audience between variants."),
            "show": showNone,
        ])
    }

    static var experiment: JSONSchema {
        mapping("A split of users between variants by a stable hash of their id.",
                keys: NodeReader.experimentKeys, required: ["status", "variants"], [
            "title": text("What the experiment tests, for people."),
            "seed": text("""
                What users are bucketed by, with their id; default the experiment's id. A new seed \
                reassigns every user.
                """),
            "status": choice(ExperimentStatus.self, """
                `running` splits users by bucket, `paused` shows everyone the first variant, \
                `concluded` shows everyone the `winner`.
                """),
            "winner": text("The variant everyone sees once the experiment is concluded; only then."),
            "variants": entries("""
                The variants by id, in order; each user's bucket falls in one of them by weight.
                """, values: ref("variant")),
        ])
    }

    static var variant: JSONSchema {
        mapping("A variant: what it shows — `paywall` or `show: none` — and its weight.",
                keys: NodeReader.variantKeys, required: ["weight"], [
            "paywall": text("The paywall this variant shows."),
            "show": showNone,
            "weight": .object([.type([.integer]), .minimum(0)] + JSONSchema.documentation("""
                The variant's share of users: its weight over the sum of the weights (at most 2147483647).
                """)),
        ])
    }

    private static var showNone: JSONSchema {
        .object([.type([.string]), .enumeration([.string("none")])]
            + JSONSchema.documentation("`none`: show no paywall."))
    }
}
