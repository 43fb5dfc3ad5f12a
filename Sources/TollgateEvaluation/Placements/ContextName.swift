/// A name an audience's `when` expression may use: a fact about the user, the app or the evaluation.
public enum ContextName: Hashable, Sendable {
    case userID
    case storefront
    case locale
    case language
    case platform
    case appVersion
    case daysSinceInstall
    case tiers
    case features
    case ads
    /// `attributes.NAME`: a string, number or boolean the app sends.
    case attribute(String)

    /// The names written without `attributes.`, as expressions spell them.
    public static let builtIn: [String: ContextName] = [
        "user_id": .userID, "storefront": .storefront, "locale": .locale, "language": .language,
        "platform": .platform, "app_version": .appVersion, "days_since_install": .daysSinceInstall,
        "tiers": .tiers, "features": .features, "ads": .ads,
    ]

    /// The name as an expression writes it.
    public var spelling: String {
        switch self {
        case .userID: "user_id"
        case .storefront: "storefront"
        case .locale: "locale"
        case .language: "language"
        case .platform: "platform"
        case .appVersion: "app_version"
        case .daysSinceInstall: "days_since_install"
        case .tiers: "tiers"
        case .features: "features"
        case .ads: "ads"
        case .attribute(let name): "attributes.\(name)"
        }
    }

    /// The type of the name's value; attributes are known only at run time.
    var type: ExpressionType {
        switch self {
        case .userID, .storefront, .locale, .language, .platform, .appVersion: .string
        case .daysSinceInstall: .number
        case .tiers: .tierList
        case .features: .featureList
        case .ads: .bool
        case .attribute: .attribute
        }
    }
}

/// What an expression's value is, as the checker knows it before run time.
enum ExpressionType: Hashable, Sendable {
    case string
    case number
    case bool
    case version
    /// `attributes.NAME`: a string, number or boolean, or absent.
    case attribute
    case tierList
    case featureList
    /// A list literal of strings, of numbers, or an empty one.
    case stringList
    case numberList
    case emptyList

    /// How messages name the type: "a string", "a number".
    var phrase: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .version: "a version"
        case .attribute: "an attribute"
        case .tierList: "the list of tiers"
        case .featureList: "the list of features"
        case .stringList: "a list of strings"
        case .numberList: "a list of numbers"
        case .emptyList: "an empty list"
        }
    }

    var isList: Bool {
        switch self {
        case .tierList, .featureList, .stringList, .numberList, .emptyList: true
        default: false
        }
    }
}
