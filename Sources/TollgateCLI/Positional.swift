/// One positional argument a command accepts, declared once: the parser and `--help` both read it.
struct Positional: Sendable {
    /// Its placeholder: `path` for `<path>`.
    var name: String
    var help: String
    var defaultValue: Option.Default?
    var isRequired = true
    /// Whether it takes any number of values; only the last positional may.
    var isRepeatable = false

    /// `<path>`, `[<rule>]` or `[<path> ...]`, as usage lines write it.
    var synopsis: String {
        let base = isRepeatable ? "<\(name)> ..." : "<\(name)>"
        return isRequired ? base : "[\(base)]"
    }
}
