/// The facts one resolve judges conditions against, gathered once.
struct AudienceFacts {
    let user: UserContext
    let tiers: TierSet
    let adsEnabled: Bool
    let daysSinceInstall: Int?
    let tables: CompiledPolicy.Tables

    /// The value of a name; `.absent` where the context does not say.
    func value(of name: ContextName) -> RuntimeValue {
        switch name {
        case .userID: Self.text(user.userID)
        case .storefront: Self.text(user.storefront)
        case .locale: Self.text(user.locale)
        case .language:
            if let locale = user.locale, let language = locale.split(separator: "-", maxSplits: 1).first?
                .split(separator: "_", maxSplits: 1).first, !language.isEmpty {
                .string(language)
            } else {
                .absent
            }
        case .platform: Self.text(user.platform)
        case .appVersion: Self.text(user.appVersion)
        case .daysSinceInstall: daysSinceInstall.map { .number(Double($0)) } ?? .absent
        case .ads: .bool(adsEnabled)
        case .tiers, .features: .absent
        case .attribute(let attribute):
            switch user.attributes[attribute] {
            case .string(let text): .string(Substring(text))
            case .number(let number): .number(number)
            case .bool(let flag): .bool(flag)
            case nil: .absent
            }
        }
    }

    private static func text(_ text: String?) -> RuntimeValue {
        text.map { .string(Substring($0)) } ?? .absent
    }
}

extension Condition {
    /// Whether the condition holds for `facts`. A comparison with an absent value is false; the first name found
    /// absent is left in `absent`, for the trace.
    func holds(_ facts: borrowing AudienceFacts, absent: inout ContextName?) -> Bool {
        switch self {
        case .constant(let value):
            return value
        case .not(let operand):
            return !operand.holds(facts, absent: &absent)
        case .and(let left, let right):
            return left.holds(facts, absent: &absent) && right.holds(facts, absent: &absent)
        case .or(let left, let right):
            return left.holds(facts, absent: &absent) || right.holds(facts, absent: &absent)
        case .truth(let operand):
            if case .bool(let value) = operand.value(facts, absent: &absent) { return value }
            return false
        case .has(let attribute):
            return facts.user.attributes[attribute] != nil
        case .compare(let comparison, let left, let right):
            let leftValue = left.value(facts, absent: &absent)
            let rightValue = right.value(facts, absent: &absent)
            guard let order = leftValue.order(against: rightValue) else { return false }
            return comparison.holds(order)
        case .member(let operand, let elements):
            let value = operand.value(facts, absent: &absent)
            return elements.contains { value.order(against: $0) == .same }
        case .holdsTier(let tier):
            return facts.tiers.contains(tier)
        case .unlocksFeature(let feature):
            return facts.tiers.contains(facts.tables.featureTiers[feature])
        case .inTiers(let operand):
            guard case .string(let id) = operand.value(facts, absent: &absent),
                  let tier = facts.tables.tierIndex[String(id)] else { return false }
            return facts.tiers.contains(tier)
        case .inFeatures(let operand):
            guard case .string(let id) = operand.value(facts, absent: &absent),
                  let feature = facts.tables.featureIndex[String(id)] else { return false }
            return facts.tiers.contains(facts.tables.featureTiers[feature])
        }
    }
}

extension Condition.Operand {
    func value(_ facts: borrowing AudienceFacts, absent: inout ContextName?) -> RuntimeValue {
        switch self {
        case .constant(let value):
            return value
        case .name(let name):
            let value = facts.value(of: name)
            if case .absent = value, absent == nil { absent = name }
            return value
        case .version(let argument):
            guard case .string(let text) = argument.value(facts, absent: &absent) else { return .absent }
            return AppVersion(text).map(RuntimeValue.version) ?? .absent
        }
    }
}
