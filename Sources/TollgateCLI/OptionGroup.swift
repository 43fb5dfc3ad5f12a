/// Options of which at most one may be given, or exactly one when the group is required.
struct OptionGroup: Sendable {
    /// The options' names as declared (`--products`, `--input`).
    var names: [String]
    var isRequired: Bool

    /// Options that cannot be used together.
    static func exclusive<Value>(_ keys: OptionKey<Value>...) -> OptionGroup {
        OptionGroup(names: keys.map(\.name), isRequired: false)
    }

    /// Options of which the command needs exactly one.
    static func oneOf<Value>(_ keys: OptionKey<Value>...) -> OptionGroup {
        OptionGroup(names: keys.map(\.name), isRequired: true)
    }
}
