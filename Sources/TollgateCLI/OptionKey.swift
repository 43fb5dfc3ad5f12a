/// An option's names, typed by how a command reads it (`String` for a value, `Bool` for a flag): declared once
/// here, used by the declaration (`.value(.port, ...)`) and the read (`arguments[.port]`), so a misspelt name
/// does not compile.
struct OptionKey<Value>: Sendable, Hashable {
    /// Every name, short ones first: `["-o", "--output"]`.
    let names: [String]

    init(_ names: String...) {
        self.names = names
    }

    /// The name messages use: the first long name.
    var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}

extension OptionKey<String> {
    static let app = OptionKey("--app")
    static let format = OptionKey("--format")
    static let output = OptionKey("-o", "--output")
    static let storefront = OptionKey("--storefront")
    static let currency = OptionKey("--currency")
    static let input = OptionKey("--input")
    static let products = OptionKey("--products")
    static let experiment = OptionKey("--experiment")
    static let users = OptionKey("--users")
    static let channel = OptionKey("--channel")
    static let author = OptionKey("--author")
    static let message = OptionKey("-m", "--message")
    static let locale = OptionKey("--locale")
    static let paywall = OptionKey("--paywall")
    static let prices = OptionKey("--prices")
    static let placement = OptionKey("--placement")
    static let to = OptionKey("--to")
    static let host = OptionKey("--host")
    static let port = OptionKey("--port")
    static let baseline = OptionKey("--baseline")
    static let catalog = OptionKey("--catalog")
    static let store = OptionKey("--store", "--db")
    static let appleRootCA = OptionKey("--apple-root-ca")
    static let playServiceAccount = OptionKey("--play-service-account")
    static let playPushAudience = OptionKey("--play-push-audience")
    static let playPushAccount = OptionKey("--play-push-account")
    static let googleCertsURL = OptionKey("--google-certs-url")
    static let googleAPIURL = OptionKey("--google-api-url")
    static let environment = OptionKey("--environment")
    static let window = OptionKey("--window")
    static let from = OptionKey("--from")
    static let rates = OptionKey("--rates")
}

extension OptionKey<Bool> {
    static let strict = OptionKey("--strict")
    static let sequential = OptionKey("--sequential")
    static let noExposures = OptionKey("--no-exposures")
    static let all = OptionKey("--all")
    static let placements = OptionKey("--placements")
    static let truthTable = OptionKey("--truth-table")
    static let help = OptionKey("-h", "--help")
}
